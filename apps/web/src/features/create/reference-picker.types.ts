/** What both picture pickers (web: a file input; native: none yet) take and report. */
import type { ReactNode } from 'react';
import type { PickedFile } from './picked-file';

export interface ReferencePickerProps {
  /** Shown under the button: formats and size limit. */
  hint: string;
  file: PickedFile | null;
  onPick: (file: PickedFile) => void;
  disabled?: boolean;
  error?: string | null;
}

export interface ReferencePickerModule {
  ReferencePicker: (props: ReferencePickerProps) => ReactNode;
}
