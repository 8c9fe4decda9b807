/**
 * Uploads: source models (STL, OBJ, PLY, GLB, 3MF) and public images (PNG, JPEG, WebP). The type
 * is decided from the bytes; models are parsed and validated by the mesher (in a worker thread)
 * before anything is stored; images are re-encoded so EXIF and GPS metadata never survive. Each
 * stored file has a SHA-256 and an owner. A rejected upload stores nothing and emits
 * upload_validation_failed with a stable reason code.
 */
import { createHash } from 'node:crypto';
import type { Upload } from '@kitwright/contracts';
import { detectModelFormat, MESH_ERROR_MESSAGES, type ModelFormat } from '@kitwright/mesher';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import sharp, { type OutputInfo } from 'sharp';
import type { Config } from '../../config';
import type { DB } from '../../db/schema';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { isUuid, newId } from '../../platform/ids';
import { type MesherPool, MesherThreadError } from '../../platform/mesher/pool';
import type { ProductEvents } from '../../platform/product-events';
import { enforceLimit, RATE_LIMITS, type RateLimiter } from '../../platform/rate-limits';
import { hasRole, type SignedInUser } from '../../platform/viewer';
import type { StorageProvider } from '../../providers/storage/storage-provider';
import { detectImageFormat, IMAGE_CONTENT_TYPES, type ImageFormat } from './image-format';
import type { MediaRow } from './repo';
import * as repo from './repo';
import { mediaUrl } from './urls';

export type { MediaRow };

const MODEL_CONTENT_TYPES: Record<ModelFormat, string> = {
  stl: 'model/stl',
  obj: 'model/obj',
  ply: 'application/ply',
  glb: 'model/gltf-binary',
  '3mf': 'model/3mf',
};

/** The formats an upload may have, as a client is told them (the app shell's public configuration). */
export const MODEL_FORMATS = Object.keys(MODEL_CONTENT_TYPES) as ModelFormat[];
export const IMAGE_FORMATS = Object.keys(IMAGE_CONTENT_TYPES) as ImageFormat[];

const MAX_IMAGE_SIDE = 4096;

export function sizeBucket(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (mb < 1) return 'under_1mb';
  if (mb < 10) return '1_10mb';
  if (mb < 50) return '10_50mb';
  return 'over_50mb';
}

export function toUpload(row: MediaRow): Upload {
  const mesh = row.mesh_report as Upload['mesh'] | null;
  return {
    id: row.id,
    kind: row.kind === 'image' ? 'image' : 'source_model',
    format: row.format,
    content_type: row.content_type,
    byte_size: Number(row.byte_size),
    sha256: row.sha256,
    original_name: row.original_name,
    width: row.width,
    height: row.height,
    mesh: mesh ?? null,
    url: mediaUrl(row.id),
    created_at: row.created_at.toISOString(),
  };
}

export interface UploadInput {
  bytes: Buffer;
  fileName: string | null;
  draftId: string | null;
  /** True when the multipart reader stopped at the size cap. */
  truncated: boolean;
  /** Repair what a strict read refuses as recoverable (the user accepted the repair). */
  repair?: boolean;
}

export function createMediaService(deps: {
  db: Kysely<DB>;
  storage: StorageProvider;
  clock: Clock;
  config: Config;
  events: ProductEvents;
  logger: Logger;
  mesher: MesherPool;
  limiter: RateLimiter;
  /** Whether a visible listing shows the file, so anyone may fetch it (the listings module knows). */
  isPublicFile: (fileId: string) => Promise<boolean>;
}) {
  const { db, storage, config } = deps;

  async function reject(
    user: SignedInUser,
    input: UploadInput,
    format: string | null,
    code: 'INVALID_UPLOAD' | 'UNSUPPORTED_MEDIA_TYPE' | 'PAYLOAD_TOO_LARGE',
    reason: string,
    message: string,
    correlationId: string,
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
      { userId: user.id, route: 'POST /api/media/uploads', correlationId },
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
    },
  ): Promise<{ row: MediaRow; created: boolean }> {
    const sha256 = createHash('sha256').update(file.bytes).digest('hex');
    const same = await repo.findSame(db, user.id, file.kind, sha256);
    if (same) return { row: same, created: false };
    const id = newId();
    const key = `uploads/${user.id}/${id}.${file.format}`;
    await storage.put(key, file.bytes, file.contentType);
    try {
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
        created_at: deps.clock.now(),
      });
      return { row, created: true };
    } catch (err) {
      // Nothing half-written: the bytes go if their record could not be kept.
      await storage.delete(key).catch(() => {});
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
      options: { draftId: string | null; repair: boolean; correlationId: string },
    ): Promise<{ upload: Upload; created: boolean }> {
      await enforceLimit(
        deps.limiter,
        `uploads:${user.id}`,
        RATE_LIMITS.uploadsPerUser,
        'You have uploaded a lot of files in the last hour. Try again later.',
      );
      const file = await read();
      const input: UploadInput = { ...file, draftId: options.draftId, repair: options.repair };
      const correlationId = options.correlationId;
      const { bytes } = input;
      if (input.truncated) {
        return reject(
          user,
          input,
          null,
          'PAYLOAD_TOO_LARGE',
          'FILE_TOO_LARGE',
          `Files can be at most ${Math.round(config.uploads.maxModelBytes / 1048576)} MB.`,
          correlationId,
        );
      }
      if (bytes.length === 0) {
        return reject(
          user,
          input,
          null,
          'INVALID_UPLOAD',
          'EMPTY_FILE',
          MESH_ERROR_MESSAGES.EMPTY_FILE,
          correlationId,
        );
      }
      const image = detectImageFormat(bytes);
      if (image) return this.uploadImage(user, input, image, correlationId);
      const model = detectModelFormat(bytes);
      if (!model) {
        return reject(
          user,
          input,
          null,
          'UNSUPPORTED_MEDIA_TYPE',
          'UNSUPPORTED_FORMAT',
          'This file is not a supported model (STL, OBJ, PLY, GLB, 3MF) or image (PNG, JPEG, WebP).',
          correlationId,
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
          correlationId,
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
          correlationId,
          result.error ?? null,
        );
      }
      const format = result.format ?? model;
      const { row, created } = await store(user, {
        kind: 'source_model',
        format,
        contentType: MODEL_CONTENT_TYPES[format],
        bytes,
        fileName: input.fileName,
        width: null,
        height: null,
        mesh: result.mesh,
      });
      return { upload: toUpload(row), created };
    },

    async uploadImage(user: SignedInUser, input: UploadInput, format: ImageFormat, correlationId: string) {
      if (input.bytes.length > config.uploads.maxImageBytes) {
        return reject(
          user,
          input,
          format,
          'PAYLOAD_TOO_LARGE',
          'FILE_TOO_LARGE',
          `Images can be at most ${Math.round(config.uploads.maxImageBytes / 1048576)} MB.`,
          correlationId,
        );
      }
      let output: { data: Buffer; info: OutputInfo };
      try {
        // rotate() applies the EXIF orientation before the metadata is dropped on output.
        const pipeline = sharp(input.bytes, {
          limitInputPixels: config.uploads.maxImagePixels,
          failOn: 'error',
        })
          .rotate()
          .resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: 'inside', withoutEnlargement: true });
        const encoded =
          format === 'png'
            ? pipeline.png()
            : format === 'jpeg'
              ? pipeline.jpeg({ quality: 85, mozjpeg: true })
              : pipeline.webp({ quality: 85 });
        output = await encoded.toBuffer({ resolveWithObject: true });
      } catch (err) {
        deps.logger.info({ err, stage: 'upload-image' }, 'image rejected');
        const tooBig = err instanceof Error && /pixel limit/i.test(err.message);
        return reject(
          user,
          input,
          format,
          'INVALID_UPLOAD',
          tooBig ? 'IMAGE_TOO_LARGE' : 'CORRUPT_IMAGE',
          tooBig ? 'This image has too many pixels.' : 'This image could not be read.',
          correlationId,
        );
      }
      const { row, created } = await store(user, {
        kind: 'image',
        format,
        contentType: IMAGE_CONTENT_TYPES[format],
        bytes: output.data,
        fileName: input.fileName,
        width: output.info.width,
        height: output.info.height,
        mesh: null,
      });
      return { upload: toUpload(row), created };
    },

    async ownedFile(user: SignedInUser, id: string, kind?: MediaRow['kind']): Promise<MediaRow> {
      if (!isUuid(id)) throw new AppError('NOT_FOUND');
      const row = await repo.findFile(db, id);
      if (!row || row.owner_user_id !== user.id || (kind && row.kind !== kind))
        throw new AppError('NOT_FOUND');
      return row;
    },

    /** A file's bytes for a viewer: its owner, staff, or anyone when a visible listing shows it. */
    async content(
      viewer: SignedInUser | null,
      id: string,
    ): Promise<{ row: MediaRow; body: Buffer; public: boolean }> {
      if (!isUuid(id)) throw new AppError('NOT_FOUND');
      const row = await repo.findFile(db, id);
      if (!row) throw new AppError('NOT_FOUND');
      const listed = await deps.isPublicFile(id);
      const allowed =
        listed || (viewer !== null && (viewer.id === row.owner_user_id || hasRole(viewer.role, 'staff')));
      if (!allowed) throw new AppError('NOT_FOUND');
      const stored = await storage.get(row.storage_key);
      if (!stored) throw new AppError('NOT_FOUND');
      return { row, body: stored.body, public: listed };
    },

    /** Refuses unless every id is an image of this person (images shown on a listing). */
    async requireOwnImages(user: SignedInUser, ids: readonly string[]): Promise<void> {
      if (ids.length === 0) return;
      if ((await repo.countOwnImages(db, user.id, ids)) !== ids.length)
        throw new AppError('VALIDATION_FAILED', 'Some images are not yours or not images.', {
          fields: { media_ids: 'contains unknown images' },
        });
    },

    /** A stored upload's bytes and record, for a job that works on it; null when it is gone. */
    async source(uploadId: string): Promise<{ row: MediaRow; bytes: Buffer } | null> {
      const row = isUuid(uploadId) ? await repo.findFile(db, uploadId) : undefined;
      const stored = row ? await storage.get(row.storage_key) : null;
      return row && stored ? { row, bytes: stored.body } : null;
    },

    /**
     * Stores a job's artefacts under keys derived from the job, so a re-run after a crash
     * overwrites rather than duplicates; returns their ids in the order given.
     */
    async storeArtefacts(
      ownerId: string,
      files: Array<{
        key: string;
        kind: 'kit' | 'preview';
        format: string;
        contentType: string;
        body: Buffer;
      }>,
    ): Promise<string[]> {
      const ids: string[] = [];
      for (const f of files) {
        await storage.put(f.key, f.body, f.contentType);
        ids.push(
          await repo.upsertArtefact(db, {
            id: newId(),
            owner_user_id: ownerId,
            kind: f.kind,
            format: f.format,
            content_type: f.contentType,
            byte_size: f.body.length,
            sha256: createHash('sha256').update(f.body).digest('hex'),
            storage_key: f.key,
            created_at: deps.clock.now(),
          }),
        );
      }
      return ids;
    },

    /** Id, format and original name of the given files, by id. */
    async summaries(ids: readonly string[]) {
      const rows = await repo.summaries(db, ids);
      return new Map(rows.map((r) => [r.id, r]));
    },
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
