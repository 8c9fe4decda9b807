/**
 * What both file pickers take (web: a file input behind a button; native: none yet): a
 * feedback screenshot, a support attachment.
 */
import type { ReactNode } from 'react';
import type { PickedFile } from '../create/picked-file';

export interface FilePickerProps {
  /** File extensions without the dot, e.g. ["png", "jpg"]. */
  formats: readonly string[];
  onPick: (file: PickedFile) => void;
  /** The button's words, and the (hidden) file input's label. */
  label: string;
  inputLabel: string;
  busy?: boolean;
  disabled?: boolean;
  testID?: string;
}

export interface FilePickerModule {
  /** Whether this platform can attach a file at all. */
  canAttach: boolean;
  FilePicker: (props: FilePickerProps) => ReactNode;
}
