/**
 * Choosing a picture in the iOS and Android apps. This build has no image picker (it needs a native
 * module, expo-image-picker, which is not a dependency), so the screen says where to do it instead
 * of offering a button that cannot work; drafts made on the web open here as usual.
 */
import { Notice } from '../../design';
import { useT } from '../../i18n';
import type { ReferencePickerModule, ReferencePickerProps } from './reference-picker.types';

export const ReferencePicker = function ReferencePicker(_props: ReferencePickerProps) {
  const t = useT();
  return <Notice tone="info">{t('reference.pick.nativeUnavailable')}</Notice>;
} satisfies ReferencePickerModule['ReferencePicker'];
