/**
 * Checking an upload before anything is kept: source models (STL, OBJ, PLY, GLB, glTF, 3MF) are parsed
 * and validated once by the mesher in a worker thread, and the validated mesh is stored beside the
 * file for the draft's jobs; images are re-encoded so EXIF and GPS metadata never survive. A
 * refused upload stores nothing and emits upload_validation_failed with a stable reason code.
 */
import { createHash } from 'node:crypto';
import type { Upload } from '@kitwright/contracts';
import { detectModelFormat, MESH_ERROR_MESSAGES } from '@kitwright/mesher';
import { RATE_LIMITS } from '../../config/rate-limits';
import { AppError } from '../../platform/errors';
import { newId } from '../../platform/ids';
import { overBudget, readImageHeader } from '../../platform/images/header';
import { ImageProcessError, type ImageResult } from '../../platform/images/process';
import { type MesherPool, MesherThreadError } from '../../platform/mesher/pool';
import type { StoredMesh } from '../../platform/mesher/tasks';
import { enforceLimit, rateLimitedError } from '../../platform/rate-limits';
import type { SignedInUser } from '../../platform/viewer';
import { type MediaDeps, modelContentType, sizeBucket, toUpload, type UploadInput } from './files';
import { detectImageFormat, IMAGE_CONTENT_TYPES, type ImageFormat } from './image-format';
import type { MediaRow } from './repo';
import * as repo from './repo';

const MAX_IMAGE_SIDE = 4096;

export function createUploads(deps: MediaDeps) {
  const { db, storage, config } = deps;

  async function reject(
    user: SignedInUser,
    input: UploadInput,
    format: string | null,
    code: 'INVALID_UPLOAD' | 'UNSUPPORTED_MEDIA_TYPE' | 'PAYLOAD_TOO_LARGE',
    reason: string,
    message: string,
    repair: { recoverable: boolean; hint: string | null } | null = null,
  ): Promise<never> {
    await deps.events.emit(
      'upload_validation_failed',
      {
        draft_id: input.draftId,
        session_id: input.draftId ? null : user.sessionId,
        format,
        size_bucket: sizeBucket(input.truncated ? config.uploads.maxModelBytes + 1 : input.bytes.length),
        reason_code: reason,
      },
      { userId: user.id, route: 'POST /api/media/uploads' },
    );
    throw new AppError(code, message, {
      reason_code: reason,
      format,
      // The upload page can offer "repair and continue": the same file again with repair=true.
      ...(repair?.recoverable ? { recoverable: true, repair_hint: repair.hint } : {}),
    });
  }

  async function store(
    user: SignedInUser,
    file: {
      kind: 'source_model' | 'image';
      format: string;
      contentType: string;
      bytes: Buffer;
      fileName: string | null;
      width: number | null;
      height: number | null;
      mesh: Upload['mesh'];
      /** A model's validated mesh, stored beside it so its jobs never parse the file again. */
      stored?: StoredMesh | undefined;
    },
  ): Promise<{ row: MediaRow; created: boolean }> {
    const sha256 = createHash('sha256').update(file.bytes).digest('hex');
    const same = await repo.findSame(db, user.id, file.kind, sha256);
    if (same) return { row: same, created: false };
    const id = newId();
    const key = `uploads/${user.id}/${id}.${file.format}`;
    const meshKey = `${key}.kwmesh`;
    const written: string[] = [];
    try {
      await storage.put(key, file.bytes, file.contentType);
      written.push(key);
      if (file.stored) {
        await storage.put(meshKey, Buffer.from(file.stored.mesh), 'application/octet-stream');
        written.push(meshKey);
      }
      const row = await repo.insertFile(db, {
        id,
        owner_user_id: user.id,
        kind: file.kind,
        format: file.format,
        content_type: file.contentType,
        byte_size: file.bytes.length,
        sha256,
        storage_key: key,
        original_name: file.fileName?.replace(/[^\w .()-]/g, '_').slice(0, 255) ?? null,
        width: file.width,
        height: file.height,
        mesh_report: file.mesh ? JSON.stringify(file.mesh) : null,
        validated_mesh: file.stored
          ? JSON.stringify({
              storage_key: meshKey,
              format: file.stored.format,
              report: file.stored.report,
              warnings: file.stored.warnings,
            })
          : null,
        created_at: deps.clock.now(),
      });
      return { row, created: true };
    } catch (err) {
      // Nothing half-written: the bytes go if their record could not be kept.
      for (const k of written) await storage.delete(k).catch(() => {});
      const raced = await repo.findSame(db, user.id, file.kind, sha256);
      if (raced) return { row: raced, created: false };
      throw err;
    }
  }

  return {
    /**
     * Checks and stores an upload. It counts against the person's hourly budget before the body
     * is read (`read` streams it in), so a refused person never makes us read a large file.
     */
    async upload(
      user: SignedInUser,
      read: () => Promise<{ bytes: Buffer; fileName: string | null; truncated: boolean }>,
      options: { draftId: string | null; repair: boolean },
    ): Promise<{ upload: Upload; created: boolean }> {
      await enforceLimit(
        deps.limiter,
        `uploads:${user.id}`,
        RATE_LIMITS.uploadsPerUser,
        'You have uploaded a lot of files in the last hour. Try again later.',
      );
      // An upload may name the draft it is for (its analytics say so): only one of the person's own.
      if (options.draftId !== null && !(await deps.ownsDraft(user, options.draftId)))
        throw new AppError('NOT_FOUND', 'You have no draft with this id.', {
          fields: { draft_id: 'is not yours' },
        });
      const file = await read();
      const input: UploadInput = { ...file, draftId: options.draftId, repair: options.repair };
      const { bytes } = input;
      if (input.truncated) {
        return reject(
          user,
          input,
          null,
          'PAYLOAD_TOO_LARGE',
          'FILE_TOO_LARGE',
          `Files can be at most ${Math.round(config.uploads.maxModelBytes / 1048576)} MB.`,
        );
      }
      if (bytes.length === 0) {
        return reject(user, input, null, 'INVALID_UPLOAD', 'EMPTY_FILE', MESH_ERROR_MESSAGES.EMPTY_FILE);
      }
      const image = detectImageFormat(bytes);
      if (image) return this.uploadImage(user, input, image);
      const model = detectModelFormat(bytes);
      if (!model) {
        return reject(
          user,
          input,
          null,
          'UNSUPPORTED_MEDIA_TYPE',
          'UNSUPPORTED_FORMAT',
          'This file is not a supported model (STL, OBJ, PLY, GLB, glTF, 3MF) or image (PNG, JPEG, WebP).',
        );
      }
      let inspected: Awaited<ReturnType<MesherPool['run']>>;
      try {
        inspected = await deps.mesher.run(
          { kind: 'inspect', bytes, maxFileBytes: config.uploads.maxModelBytes, strict: !input.repair },
          // The person waits on this request: a shorter limit than a job's budget.
          { timeoutMs: config.uploads.inspectTimeoutMs },
        );
      } catch (err) {
        const reason =
          err instanceof MesherThreadError && err.reason === 'memory' ? 'TOO_COMPLEX' : 'PROCESSING_FAILED';
        deps.logger.warn({ err, stage: 'upload-inspect' }, 'model inspection failed');
        return reject(
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
      const { row, created } = await store(user, {
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
    },

    async uploadImage(user: SignedInUser, input: UploadInput, format: ImageFormat) {
      if (input.bytes.length > config.uploads.maxImageBytes) {
        return reject(
          user,
          input,
          format,
          'PAYLOAD_TOO_LARGE',
          'FILE_TOO_LARGE',
          `Images can be at most ${Math.round(config.uploads.maxImageBytes / 1048576)} MB.`,
        );
      }
      // The size the file declares, read here without decoding: over the budget, no image process
      // ever sees it (a small file can declare a huge, slow picture).
      const header = readImageHeader(input.bytes);
      if (!header.ok) {
        deps.logger.info({ stage: 'upload-image', problem: header.problem }, 'image header unreadable');
        return reject(
          user,
          input,
          format,
          'INVALID_UPLOAD',
          'CORRUPT_IMAGE',
          'This image could not be read.',
        );
      }
      const budget = { maxPixels: config.uploads.maxImagePixels, maxSide: config.uploads.maxImageSide };
      const over = overBudget(header.header, budget);
      if (over) {
        const n = (v: number) => v.toLocaleString('en');
        const { width, height } = header.header;
        return reject(
          user,
          input,
          format,
          'INVALID_UPLOAD',
          'IMAGE_TOO_LARGE',
          `This image is ${n(width)} × ${n(height)} pixels. Images can have at most ${n(budget.maxPixels)} pixels, and at most ${n(budget.maxSide)} on a side.`,
        );
      }
      let output: ImageResult;
      try {
        output = await deps.images.run(
          {
            op: 'reencode',
            bytes: input.bytes,
            format,
            maxSide: MAX_IMAGE_SIDE,
            maxPixels: budget.maxPixels,
            maxInputSide: budget.maxSide,
          },
          { owner: user.id },
        );
      } catch (err) {
        if (err instanceof ImageProcessError && err.reason === 'busy') {
          // Not this upload's fault, and not one of the hour's uploads: the person's pictures are queued.
          await deps.limiter.refund(`uploads:${user.id}`, RATE_LIMITS.uploadsPerUser.windowMs);
          throw rateLimitedError(
            { allowed: false, count: 0, retryAfterSeconds: err.detail.retryAfterSeconds ?? 1 },
            'Your earlier pictures are still being processed. Send this one again in a moment.',
          );
        }
        const tooBig = err instanceof ImageProcessError && err.reason === 'too-large';
        const stuck = err instanceof ImageProcessError && !tooBig && err.reason !== 'rejected';
        if (stuck) deps.logger.warn({ err, stage: 'upload-image' }, 'image processing failed');
        else deps.logger.info({ err, stage: 'upload-image' }, 'image rejected');
        return reject(
          user,
          input,
          format,
          'INVALID_UPLOAD',
          tooBig ? 'IMAGE_TOO_LARGE' : stuck ? 'PROCESSING_FAILED' : 'CORRUPT_IMAGE',
          tooBig
            ? 'This image has too many pixels.'
            : stuck
              ? 'This image could not be processed within our limits.'
              : 'This image could not be read.',
        );
      }
      const { row, created } = await store(user, {
        kind: 'image',
        format,
        contentType: IMAGE_CONTENT_TYPES[format],
        bytes: output.data,
        fileName: input.fileName,
        width: output.width,
        height: output.height,
        mesh: null,
      });
      return { upload: toUpload(row), created };
    },
  };
}
