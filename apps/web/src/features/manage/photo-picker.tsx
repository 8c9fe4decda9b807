/**
 * Choosing a photo in the iOS and Android apps: this build has no image picker yet (it needs a
 * native module), so the screen says where to add photos instead of offering a button that cannot work.
 */
import { Notice } from '../../design';
import { useT } from '../../i18n';
import type { PhotoPickerModule, PhotoPickerProps } from './photo-picker.types';

export const PhotoPicker = function PhotoPicker(_props: PhotoPickerProps) {
  const t = useT();
  return <Notice tone="info">{t('manage.photos.nativeUnavailable')}</Notice>;
} satisfies PhotoPickerModule['PhotoPicker'];
