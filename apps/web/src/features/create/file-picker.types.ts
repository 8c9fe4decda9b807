/** What both file pickers (web: input and drag-and-drop; native) take and report. */
import type { ReactNode } from 'react';
import type { PickedFile } from './picked-file';

export interface FilePickerProps {
  /** File extensions without the dot, e.g. ["stl", "obj"]. */
  formats: readonly string[];
  /** Shown under the drop area, e.g. "STL, OBJ… up to 64 MB". */
  hint: string;
  file: PickedFile | null;
  onPick: (file: PickedFile) => void;
  disabled?: boolean;
}

export interface FilePickerModule {
  FilePicker: (props: FilePickerProps) => ReactNode;
}
