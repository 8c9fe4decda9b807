/** The media module's service: checking and keeping uploads (uploads.ts) and the stored files (files.ts). */
import { createFiles, type MediaDeps } from './files';
import { createUploads } from './uploads';

export { IMAGE_FORMATS, type MediaRow, MODEL_FORMATS, sizeBucket, toUpload, type UploadInput } from './files';

export function createMediaService(deps: MediaDeps) {
  return { ...createUploads(deps), ...createFiles(deps) };
}

export type MediaService = ReturnType<typeof createMediaService>;
