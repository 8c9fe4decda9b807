/** Choosing a photo on the web: a real <input type="file"> (labelled) behind an ordinary button. */
import { useRef } from 'react';
import { Button } from '../../design';
import { useT } from '../../i18n';
import type { PhotoPickerModule, PhotoPickerProps } from './photo-picker.types';

export const PhotoPicker = function PhotoPicker({ formats, onPick, disabled, busy }: PhotoPickerProps) {
  const t = useT();
  const input = useRef<HTMLInputElement | null>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={formats.map((f) => `.${f}`).join(',')}
        aria-label={t('manage.photos.inputLabel')}
        data-testid="photo-file-input"
        disabled={disabled}
        style={{ display: 'none' }}
        onChange={(e) => {
          const chosen = e.currentTarget.files?.[0];
          if (chosen) onPick({ name: chosen.name, size: chosen.size, blob: chosen, type: chosen.type });
          e.currentTarget.value = '';
        }}
      />
      <Button
        label={t('manage.photos.add')}
        kind="secondary"
        onPress={() => input.current?.click()}
        disabled={disabled}
        busy={busy}
        testID="add-photo"
      />
    </>
  );
} satisfies PhotoPickerModule['PhotoPicker'];
