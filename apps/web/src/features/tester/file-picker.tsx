/**
 * iOS and Android: files (a feedback screenshot, a support attachment) are attached on the web only
 * for now (a picker needs a native module), so the forms simply do not offer it.
 */
import type { FilePickerModule, FilePickerProps } from './file-picker.types';

export const canAttach: FilePickerModule['canAttach'] = false;

export const FilePicker = function FilePicker(_props: FilePickerProps) {
  return null;
} satisfies FilePickerModule['FilePicker'];
