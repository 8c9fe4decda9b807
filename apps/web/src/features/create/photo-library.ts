/**
 * A picture from the device's photo library or camera (iOS and Android, expo-image-picker), as the
 * picker's PickedFile: its local URI, a file name, its media type and its size in bytes. The form
 * that receives it checks type and size exactly as it checks a file chosen on the web.
 */
import * as ImagePicker from 'expo-image-picker';
import { extensionOf, type PickedFile } from './picked-file';

export type PhotoPick =
  | { kind: 'picked'; file: PickedFile }
  | { kind: 'cancelled' }
  /** The camera may not be used (the person said no, now or before). */
  | { kind: 'refused' };

const TYPE_OF_EXTENSION: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  heic: 'image/heic',
  heif: 'image/heif',
};

const OPTIONS: ImagePicker.ImagePickerOptions = {
  mediaTypes: ['images'],
  allowsEditing: false,
  allowsMultipleSelection: false,
  quality: 1,
  // The server removes metadata anyway; not asking keeps location data out of the app's memory.
  exif: false,
  // iOS: a HEIC photo arrives as a JPEG, which the upload accepts, instead of being refused.
  preferredAssetRepresentationMode: ImagePicker.UIImagePickerPreferredAssetRepresentationMode.Compatible,
  // iOS: a photo kept only in iCloud is downloaded rather than missing.
  shouldDownloadFromNetwork: true,
};

export async function pickPhoto(source: 'library' | 'camera'): Promise<PhotoPick> {
  if (source === 'camera') {
    const permission = await ImagePicker.requestCameraPermissionsAsync();
    if (!permission.granted) return { kind: 'refused' };
  }
  const result =
    source === 'camera'
      ? await ImagePicker.launchCameraAsync(OPTIONS)
      : await ImagePicker.launchImageLibraryAsync(OPTIONS);
  const asset = result.canceled ? undefined : result.assets[0];
  if (!asset) return { kind: 'cancelled' };
  return { kind: 'picked', file: await pickedOfAsset(asset) };
}

export async function pickedOfAsset(asset: ImagePicker.ImagePickerAsset): Promise<PickedFile> {
  const name = asset.fileName || asset.uri.split(/[/\\]/).pop()?.split('?')[0] || 'picture';
  const type = asset.mimeType ?? TYPE_OF_EXTENSION[extensionOf(name)];
  // Both platforms report the size; where one does not, the file itself is read to learn it.
  const size = asset.fileSize ?? (await (await fetch(asset.uri)).blob()).size;
  return { name, size, uri: asset.uri, ...(type ? { type } : {}) };
}
