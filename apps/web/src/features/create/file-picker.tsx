/**
 * Choosing a model file in the iOS and Android apps. This build has no document picker yet
 * (it needs a native module), so the screen says where to upload instead of offering a button
 * that cannot work; drafts made on the web open here as usual.
 */
import { Notice } from '../../design';
import { useT } from '../../i18n';
import type { FilePickerModule, FilePickerProps } from './file-picker.types';

export const FilePicker = function FilePicker(_props: FilePickerProps) {
  const t = useT();
  return <Notice tone="info">{t('create.upload.nativeUnavailable')}</Notice>;
} satisfies FilePickerModule['FilePicker'];
