/**
 * What a draft's jobs read and write: the source a model or picture job starts from, and the
 * artefacts (kits, previews) it stores.
 */
import { createHash } from 'node:crypto';
import type { Upload } from '@kitwright/contracts';
import { isUuid, newId } from '../../platform/ids';
import type { StoredMesh } from '../../platform/mesher/tasks';
import type { MediaContext } from './context';
import * as repo from './repo';

/** A model as a job builds from it: its validated mesh, or its file; `strict` unless repair was accepted. */
export type ModelSource = ({ stored: StoredMesh; summary: Upload['mesh'] } | { bytes: Uint8Array }) & {
  strict: boolean;
};

/** One artefact a job stores, under a key derived from the job. */
export interface Artefact {
  key: string;
  kind: 'kit' | 'preview';
  format: string;
  contentType: string;
  body: Buffer;
}

/**
 * What a job builds a model's kit from: the mesh validated at upload, or — for a model uploaded
 * before validated meshes were stored — the file itself. `strict` is false when the owner
 * accepted repairing it. Null when the upload or its bytes are gone.
 */
export async function modelSource(ctx: MediaContext, uploadId: string): Promise<ModelSource | null> {
  const row = isUuid(uploadId) ? await repo.findFile(ctx.db, uploadId) : undefined;
  if (!row) return null;
  const strict = (row.mesh_report as { repaired?: boolean } | null)?.repaired !== true;
  const validated = row.validated_mesh as {
    storage_key: string;
    format: StoredMesh['format'];
    report: StoredMesh['report'];
    warnings: StoredMesh['warnings'];
  } | null;
  if (validated) {
    const mesh = await ctx.storage.get(validated.storage_key);
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
  const file = await ctx.storage.get(row.storage_key);
  return file ? { bytes: new Uint8Array(file.body), strict } : null;
}

/** The stored (re-encoded, metadata-free) bytes of an uploaded image; null when gone or not an image. */
export async function imageSource(
  ctx: MediaContext,
  uploadId: string,
): Promise<{ bytes: Buffer; format: string } | null> {
  const row = isUuid(uploadId) ? await repo.findFile(ctx.db, uploadId) : undefined;
  if (row?.kind !== 'image') return null;
  const file = await ctx.storage.get(row.storage_key);
  return file ? { bytes: file.body, format: row.format } : null;
}

/**
 * Stores a job's artefacts under keys derived from the job, so a re-run after a crash overwrites
 * rather than duplicates; returns their ids in the order given.
 */
export async function storeArtefacts(
  ctx: MediaContext,
  ownerId: string,
  files: Artefact[],
): Promise<string[]> {
  const ids: string[] = [];
  for (const f of files) {
    await ctx.storage.put(f.key, f.body, f.contentType);
    ids.push(
      await repo.upsertArtefact(ctx.db, {
        id: newId(),
        owner_user_id: ownerId,
        kind: f.kind,
        format: f.format,
        content_type: f.contentType,
        byte_size: f.body.length,
        sha256: createHash('sha256').update(f.body).digest('hex'),
        storage_key: f.key,
        created_at: ctx.clock.now(),
      }),
    );
  }
  return ids;
}
