/** A model file the person chose: a browser File on the web, a local file URI on iOS and Android. */
import type { UploadFile } from '@kitwright/sdk';

export interface PickedFile {
  name: string;
  size: number;
  /** The web's File (a Blob); absent on native. */
  blob?: Blob;
  /** A local file URI on native. */
  uri?: string;
  type?: string;
}

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot >= 0 ? name.slice(dot + 1).toLowerCase() : '';
}

export function formatBytes(bytes: number, locale: string): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value)} ${units[unit]}`;
}

/** What the SDK uploads: the web's File, or the reference React Native's FormData reads from its URI. */
export function uploadFileOf(file: PickedFile): UploadFile {
  if (file.blob) return file.blob;
  return {
    uri: file.uri ?? '',
    name: file.name,
    type: file.type ?? 'application/octet-stream',
    size: file.size,
  };
}
