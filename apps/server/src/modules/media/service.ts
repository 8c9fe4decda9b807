/**
 * The media module's service: its flows bound to one context. Upload intake (uploads.ts,
 * image-uploads.ts), file checks (files.ts), serving files (serving.ts), what jobs read and store
 * (job-files.ts), deleting files (purge.ts) and a person's export and erasure (personal-data.ts).
 */
import type { MediaContext, MediaDeps } from './context';
import { ownedFile, requireOwnImages, requireOwnUploads, summaries } from './files';
import { uploadImage } from './image-uploads';
import { imageSource, modelSource, storeArtefacts } from './job-files';
import { eraseAllOf, exportFor } from './personal-data';
import { deleteFiles, purge } from './purge';
import { content } from './serving';
import { upload } from './uploads';

export { IMAGE_FORMATS, MODEL_FORMATS, sizeBucket, toUpload } from './formats';
export type { MediaRow } from './repo';
export type { UploadInput } from './upload-records';
export type { MediaDeps };

export function createMediaService(deps: MediaDeps) {
  const ctx: MediaContext = deps;
  const bound =
    <A extends unknown[], R>(flow: (ctx: MediaContext, ...args: A) => R) =>
    (...args: A): R =>
      flow(ctx, ...args);
  return {
    upload: bound(upload),
    uploadImage: bound(uploadImage),
    ownedFile: bound(ownedFile),
    content: bound(content),
    requireOwnUploads: bound(requireOwnUploads),
    requireOwnImages: bound(requireOwnImages),
    modelSource: bound(modelSource),
    imageSource: bound(imageSource),
    storeArtefacts: bound(storeArtefacts),
    deleteFiles: bound(deleteFiles),
    summaries: bound(summaries),
    exportFor: bound(exportFor),
    eraseAllOf: bound(eraseAllOf),
    purge: bound(purge),
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
