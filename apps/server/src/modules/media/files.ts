/**
 * Stored files: uploads (models, images) and the artefacts jobs make (kits, previews), each with a
 * SHA-256 and an owner. Who may read a file, what a job builds a model from, where artefacts go.
 * Checking new uploads is uploads.ts; the media service is both.
 */
import { createHash } from 'node:crypto';
import type { Upload } from '@kitwright/contracts';
import type { ModelFormat } from '@kitwright/mesher';
import type { Kysely, Transaction } from 'kysely';
import type { Logger } from 'pino';
import type { Config } from '../../config';
import type { DB } from '../../db/schema';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { isUuid, newId } from '../../platform/ids';
import type { ImagePool } from '../../platform/images/pool';
import type { MesherPool } from '../../platform/mesher/pool';
import type { StoredMesh } from '../../platform/mesher/tasks';
import type { ProductEvents } from '../../platform/product-events';
import type { RateLimiter } from '../../platform/rate-limits';
import { hasRole, type SignedInUser } from '../../platform/viewer';
import type { StorageProvider } from '../../providers/storage/storage-provider';
import { IMAGE_CONTENT_TYPES, type ImageFormat } from './image-format';
import type { MediaRow } from './repo';
import * as repo from './repo';
import { mediaUrl } from './urls';

export type { MediaRow };

export const MODEL_CONTENT_TYPES: Record<ModelFormat, string> = {
  stl: 'model/stl',
  obj: 'model/obj',
  ply: 'application/ply',
  glb: 'model/gltf-binary',
  gltf: 'model/gltf+json',
  '3mf': 'model/3mf',
};

/** The type a stored model is served with: a glTF zipped with its files is a ZIP, not JSON. */
export function modelContentType(format: ModelFormat, bytes: Uint8Array): string {
  const zipped = bytes[0] === 0x50 && bytes[1] === 0x4b;
  return format === 'gltf' && zipped ? 'application/zip' : MODEL_CONTENT_TYPES[format];
}

/** The formats an upload may have, as a client is told them (the app shell's public configuration). */
export const MODEL_FORMATS = Object.keys(MODEL_CONTENT_TYPES) as ModelFormat[];
export const IMAGE_FORMATS = Object.keys(IMAGE_CONTENT_TYPES) as ImageFormat[];

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

export interface MediaDeps {
  db: Kysely<DB>;
  storage: StorageProvider;
  clock: Clock;
  config: Config;
  events: ProductEvents;
  logger: Logger;
  mesher: MesherPool;
  images: ImagePool;
  limiter: RateLimiter;
  /** Whether a visible listing shows the file, so anyone may fetch it (the listings module knows). */
  isPublicFile: (fileId: string) => Promise<boolean>;
  /** Whether the draft an upload names is this person's (the drafts module knows). */
  ownsDraft: (user: SignedInUser, draftId: string) => Promise<boolean>;
}

export function createFiles(deps: MediaDeps) {
  const { db, storage } = deps;
  return {
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

    /**
     * Refuses unless every id is an upload (an image or a model, each checked when it was
     * uploaded) of this person: files attached to a support message.
     */
    async requireOwnUploads(userId: string, ids: readonly string[]): Promise<void> {
      if (ids.length === 0) return;
      if (!ids.every(isUuid) || (await repo.ownUploads(db, userId, ids)).length !== new Set(ids).size)
        throw new AppError('VALIDATION_FAILED', 'Attach only files you uploaded (images or models).', {
          fields: { attachments: 'contains files that are not your uploads' },
        });
    },

    /** Refuses unless every id is an image of this person (images shown on a listing). */
    async requireOwnImages(user: SignedInUser, ids: readonly string[]): Promise<void> {
      if (ids.length === 0) return;
      if ((await repo.countOwnImages(db, user.id, ids)) !== ids.length)
        throw new AppError('VALIDATION_FAILED', 'Some images are not yours or not images.', {
          fields: { media_ids: 'contains unknown images' },
        });
    },

    /**
     * What a job builds a model's kit from: the mesh validated at upload, or — for a model uploaded
     * before validated meshes were stored — the file itself. `strict` is false when the owner
     * accepted repairing it. Null when the upload or its bytes are gone.
     */
    async modelSource(
      uploadId: string,
    ): Promise<
      (({ stored: StoredMesh; summary: Upload['mesh'] } | { bytes: Uint8Array }) & { strict: boolean }) | null
    > {
      const row = isUuid(uploadId) ? await repo.findFile(db, uploadId) : undefined;
      if (!row) return null;
      const strict = (row.mesh_report as { repaired?: boolean } | null)?.repaired !== true;
      const validated = row.validated_mesh as {
        storage_key: string;
        format: StoredMesh['format'];
        report: StoredMesh['report'];
        warnings: StoredMesh['warnings'];
      } | null;
      if (validated) {
        const mesh = await storage.get(validated.storage_key);
        if (mesh) {
          return {
            stored: {
              mesh: new Uint8Array(mesh.body),
              format: validated.format,
              report: validated.report,
              warnings: validated.warnings,
            },
            summary: row.mesh_report as Upload['mesh'],
            strict,
          };
        }
      }
      const file = await storage.get(row.storage_key);
      return file ? { bytes: new Uint8Array(file.body), strict } : null;
    },

    /** The stored (re-encoded, metadata-free) bytes of an uploaded image; null when gone or not an image. */
    async imageSource(uploadId: string): Promise<{ bytes: Buffer; format: string } | null> {
      const row = isUuid(uploadId) ? await repo.findFile(db, uploadId) : undefined;
      if (row?.kind !== 'image') return null;
      const file = await storage.get(row.storage_key);
      return file ? { bytes: file.body, format: row.format } : null;
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

    /**
     * Deletes an owner's files in the caller's transaction: the given ids and everything stored
     * under `keyPrefix` (a draft's job artefacts). The caller makes sure nothing still points at
     * them (a foreign key refuses a file a draft still uses). The bytes can only go once the
     * transaction has committed: the answer is the function that removes them; a store that
     * fails to delete leaves an unreferenced object behind, which is logged, never an error.
     */
    async deleteFiles(
      trx: Transaction<DB>,
      ownerId: string,
      which: { ids?: readonly string[]; keyPrefix?: string | null },
    ): Promise<() => Promise<void>> {
      const ids = (which.ids ?? []).filter(isUuid);
      const keys = await repo.deleteOwned(trx, ownerId, { ids, keyPrefix: which.keyPrefix ?? null });
      return async () => {
        for (const key of keys) {
          try {
            await storage.delete(key);
          } catch (err) {
            deps.logger.warn({ err, stage: 'media-delete' }, 'a deleted file stayed in storage');
          }
        }
      };
    },

    /** Id, format and original name of the given files, by id. */
    async summaries(ids: readonly string[]) {
      const rows = await repo.summaries(db, ids);
      return new Map(rows.map((r) => [r.id, r]));
    },

    /** Every file a person owns, with where they download its bytes (their account export). */
    async exportFor(userId: string) {
      return (await repo.allOf(db, userId)).map((r) => ({
        id: r.id,
        kind: r.kind,
        format: r.format,
        content_type: r.content_type,
        byte_size: Number(r.byte_size),
        sha256: r.sha256,
        original_name: r.original_name,
        width: r.width,
        height: r.height,
        content_path: mediaUrl(r.id),
        created_at: r.created_at.toISOString(),
      }));
    },

    /**
     * Erasing an account, in its transaction: its file records are deleted (after the drafts and
     * listings that pointed at them). Returns the storage keys of their bytes (files and validated
     * meshes), which a media_purge job deletes once the transaction has committed.
     */
    async eraseAllOf(trx: Transaction<DB>, userId: string): Promise<{ files: number; keys: string[] }> {
      const rows = await repo.deleteAllOf(trx, userId);
      const keys = rows.flatMap((r) => {
        const mesh = (r.validated_mesh as { storage_key?: string } | null)?.storage_key;
        return mesh ? [r.storage_key, mesh] : [r.storage_key];
      });
      return { files: rows.length, keys };
    },

    /** Deletes stored bytes; a key already gone is fine, so a retry repeats safely. */
    async purge(keys: readonly string[]): Promise<void> {
      for (const key of keys) await storage.delete(key);
    },
  };
}
