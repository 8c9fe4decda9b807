/**
 * What the one file picker takes and reports, on the web (a file input behind a button, and drag
 * and drop) and in the iOS and Android apps (the photo library and the camera, or a notice where
 * the device has no way to pick that kind of file). Create's model upload and Mode B's picture use
 * it with their own formats, strings and test ids.
 */
import type { ReactNode } from 'react';
import type { PickedFile } from './picked-file';

export interface FilePickerAccept {
  /** File extensions without the dot, e.g. ["stl", "obj"]. */
  extensions: readonly string[];
  /** Media types the web's file dialog offers too, e.g. ["image/png"]. */
  mimeTypes?: readonly string[];
}

export interface FilePickerStrings {
  /** The file input's accessible name. */
  inputLabel: string;
  dropTitle: string;
  /** While a file is held over the drop area. */
  dropNow: string;
  dropOr: string;
  /** Above the chosen file's name. */
  chosen: string;
  choose: string;
  chooseAnother: string;
}

/** Where the iOS and Android apps pick from. */
export type NativeSource =
  | {
      kind: 'photos';
      /** The button that opens the photo library. */
      library: string;
      /** The button that opens the camera. */
      camera: string;
      /** Said when the camera may not be used. */
      cameraRefused: string;
    }
  | { kind: 'unavailable'; notice: string };

export interface FilePickerTestIDs {
  zone: string;
  input: string;
  choose: string;
  chosen: string;
  error: string;
}

export interface FilePickerProps {
  accept: FilePickerAccept;
  /** The drawing in the drop area. */
  icon: 'model' | 'picture';
  strings: FilePickerStrings;
  native: NativeSource;
  testIDs: FilePickerTestIDs;
  /** Shown under the button: formats and size limit. */
  hint: string;
  file: PickedFile | null;
  onPick: (file: PickedFile) => void;
  disabled?: boolean;
  /** Why the last file was refused, shown under the drop area. */
  error?: string | null;
}

export interface FilePickerModule {
  FilePicker: (props: FilePickerProps) => ReactNode;
}
