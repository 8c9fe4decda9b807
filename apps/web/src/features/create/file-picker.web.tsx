/**
 * Choosing a file on the web: a real <input type="file"> behind a button, and the whole area
 * accepts a dropped file (drag and drop), with a visible state while a file is over it.
 */
import { useEffect, useRef, useState } from 'react';
import type { View } from 'react-native';
import { Button } from '../../design';
import type { FilePickerModule, FilePickerProps } from './file-picker.types';
import { FilePickerZone } from './file-picker-zone';
import type { PickedFile } from './picked-file';

function pickedOf(file: File): PickedFile {
  return { name: file.name, size: file.size, blob: file, type: file.type };
}

export const FilePicker = function FilePicker({
  accept,
  strings,
  testIDs,
  file,
  onPick,
  disabled,
  ...zone
}: FilePickerProps) {
  const input = useRef<HTMLInputElement | null>(null);
  const area = useRef<View>(null);
  const [over, setOver] = useState(false);
  const pick = useRef(onPick);
  pick.current = onPick;

  useEffect(() => {
    const node = area.current as unknown as HTMLElement | null;
    if (!node || disabled) return;
    const enter = (e: DragEvent) => {
      e.preventDefault();
      setOver(true);
    };
    const leave = (e: DragEvent) => {
      if (!node.contains(e.relatedTarget as Node | null)) setOver(false);
    };
    const drop = (e: DragEvent) => {
      e.preventDefault();
      setOver(false);
      const dropped = e.dataTransfer?.files?.[0];
      if (dropped) pick.current(pickedOf(dropped));
    };
    node.addEventListener('dragenter', enter);
    node.addEventListener('dragover', enter);
    node.addEventListener('dragleave', leave);
    node.addEventListener('drop', drop);
    return () => {
      node.removeEventListener('dragenter', enter);
      node.removeEventListener('dragover', enter);
      node.removeEventListener('dragleave', leave);
      node.removeEventListener('drop', drop);
    };
  }, [disabled]);

  return (
    <FilePickerZone {...zone} strings={strings} testIDs={testIDs} file={file} over={over} zoneRef={area}>
      <input
        ref={input}
        type="file"
        accept={[...(accept.mimeTypes ?? []), ...accept.extensions.map((f) => `.${f}`)].join(',')}
        aria-label={strings.inputLabel}
        data-testid={testIDs.input}
        disabled={disabled}
        style={{ display: 'none' }}
        onChange={(e) => {
          const chosen = e.currentTarget.files?.[0];
          if (chosen) onPick(pickedOf(chosen));
          e.currentTarget.value = '';
        }}
      />
      <Button
        label={file ? strings.chooseAnother : strings.choose}
        kind={file ? 'secondary' : 'primary'}
        onPress={() => input.current?.click()}
        disabled={disabled}
        testID={testIDs.choose}
      />
    </FilePickerZone>
  );
} satisfies FilePickerModule['FilePicker'];
