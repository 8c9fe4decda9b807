/** What both photo pickers (web: a file input behind a button; native: not yet) take and report. */
import type { ReactNode } from 'react';
import type { PickedFile } from '../create/picked-file';

export interface PhotoPickerProps {
  /** File extensions without the dot, e.g. ["png", "jpg"]. */
  formats: readonly string[];
  onPick: (file: PickedFile) => void;
  disabled?: boolean;
  busy?: boolean;
}

export interface PhotoPickerModule {
  PhotoPicker: (props: PhotoPickerProps) => ReactNode;
}
