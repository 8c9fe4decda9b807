/** Attaching a file on the web: a real <input type="file"> (labelled) behind an ordinary button. */
import { useRef } from 'react';
import { Button } from '../../design';
import type { FilePickerModule, FilePickerProps } from './file-picker.types';

export const canAttach: FilePickerModule['canAttach'] = true;

export const FilePicker = function FilePicker({
  formats,
  onPick,
  label,
  inputLabel,
  busy,
  disabled,
  testID,
}: FilePickerProps) {
  const input = useRef<HTMLInputElement | null>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={formats.map((f) => `.${f}`).join(',')}
        aria-label={inputLabel}
        data-testid={testID ? `${testID}-input` : undefined}
        disabled={disabled}
        style={{ display: 'none' }}
        onChange={(e) => {
          const chosen = e.currentTarget.files?.[0];
          if (chosen) onPick({ name: chosen.name, size: chosen.size, blob: chosen, type: chosen.type });
          e.currentTarget.value = '';
        }}
      />
      <Button
        label={label}
        kind="secondary"
        size="sm"
        onPress={() => input.current?.click()}
        busy={busy}
        disabled={disabled}
        testID={testID}
      />
    </>
  );
} satisfies FilePickerModule['FilePicker'];
