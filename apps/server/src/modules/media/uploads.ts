/**
 * Upload intake: source models (STL, OBJ, PLY, GLB, glTF, 3MF) are parsed and validated once by the
 * mesher in a worker thread, and the validated mesh is stored beside the file for the draft's jobs;
 * images go to image-uploads.ts. A refused upload stores nothing (upload-records.ts).
 */
import type { Upload } from '@kitwright/contracts';
import { detectModelFormat, MESH_ERROR_MESSAGES, type ModelFormat } from '@kitwright/mesher';
import { RATE_LIMITS } from '../../config/rate-limits';
import { AppError } from '../../platform/errors';
import { type MesherPool, MesherThreadError } from '../../platform/mesher/pool';
import { enforceLimit } from '../../platform/rate-limits';
import type { SignedInUser } from '../../platform/viewer';
import type { MediaContext } from './context';
import { modelContentType, toUpload } from './formats';
import { detectImageFormat } from './image-format';
import { uploadImage } from './image-uploads';
import { reject, store, type UploadInput } from './upload-records';

/**
 * Checks and stores an upload. It counts against the person's hourly budget before the body is
 * read (`read` streams it in), so a refused person never makes us read a large file.
 */
export async function upload(
  ctx: MediaContext,
  user: SignedInUser,
  read: () => Promise<{ bytes: Buffer; fileName: string | null; truncated: boolean }>,
  options: { draftId: string | null; repair: boolean },
): Promise<{ upload: Upload; created: boolean }> {
  await enforceLimit(
    ctx.limiter,
    `uploads:${user.id}`,
    RATE_LIMITS.uploadsPerUser,
    'You have uploaded a lot of files in the last hour. Try again later.',
  );
  // An upload may name the draft it is for (its analytics say so): only one of the person's own.
  if (options.draftId !== null && !(await ctx.ownsDraft(user, options.draftId)))
    throw new AppError('NOT_FOUND', 'You have no draft with this id.', {
      fields: { draft_id: 'is not yours' },
    });
  const file = await read();
  const input: UploadInput = { ...file, draftId: options.draftId, repair: options.repair };
  const { bytes } = input;
  if (input.truncated) {
    return reject(
      ctx,
      user,
      input,
      null,
      'PAYLOAD_TOO_LARGE',
      'FILE_TOO_LARGE',
      `Files can be at most ${Math.round(ctx.config.uploads.maxModelBytes / 1048576)} MB.`,
    );
  }
  if (bytes.length === 0) {
    return reject(ctx, user, input, null, 'INVALID_UPLOAD', 'EMPTY_FILE', MESH_ERROR_MESSAGES.EMPTY_FILE);
  }
  const image = detectImageFormat(bytes);
  if (image) return uploadImage(ctx, user, input, image);
  const model = detectModelFormat(bytes);
  if (!model) {
    return reject(
      ctx,
      user,
      input,
      null,
      'UNSUPPORTED_MEDIA_TYPE',
      'UNSUPPORTED_FORMAT',
      'This file is not a supported model (STL, OBJ, PLY, GLB, glTF, 3MF) or image (PNG, JPEG, WebP).',
    );
  }
  return uploadModel(ctx, user, input, model);
}

/** A model's intake: the mesher reads and checks it once, and its validated mesh is kept beside it. */
async function uploadModel(
  ctx: MediaContext,
  user: SignedInUser,
  input: UploadInput,
  model: ModelFormat,
): Promise<{ upload: Upload; created: boolean }> {
  const { bytes } = input;
  let inspected: Awaited<ReturnType<MesherPool['run']>>;
  try {
    inspected = await ctx.mesher.run(
      { kind: 'inspect', bytes, maxFileBytes: ctx.config.uploads.maxModelBytes, strict: !input.repair },
      // The person waits on this request: a shorter limit than a job's budget.
      { timeoutMs: ctx.config.uploads.inspectTimeoutMs },
    );
  } catch (err) {
    const reason =
      err instanceof MesherThreadError && err.reason === 'memory' ? 'TOO_COMPLEX' : 'PROCESSING_FAILED';
    ctx.logger.warn({ err, stage: 'upload-inspect' }, 'model inspection failed');
    return reject(
      ctx,
      user,
      input,
      model,
      'INVALID_UPLOAD',
      reason,
      'This model could not be read within our limits.',
    );
  }
  if (inspected.kind !== 'inspect') throw new AppError('INTERNAL_ERROR');
  const result = inspected.result;
  if (!result.ok || !result.mesh) {
    const code = result.error?.code ?? 'INVALID_MODEL';
    return reject(
      ctx,
      user,
      input,
      result.format ?? model,
      code === 'FILE_TOO_LARGE' ? 'PAYLOAD_TOO_LARGE' : 'INVALID_UPLOAD',
      code,
      result.error?.message ?? 'This model cannot be used.',
      result.error ?? null,
    );
  }
  const format = result.format ?? model;
  const { row, created } = await store(ctx, user, {
    kind: 'source_model',
    format,
    contentType: modelContentType(format, bytes),
    bytes,
    fileName: input.fileName,
    width: null,
    height: null,
    mesh: result.mesh,
    stored: inspected.stored,
  });
  return { upload: toUpload(row), created };
}
