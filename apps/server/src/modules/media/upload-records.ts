/**
 * What both upload intakes (models in uploads.ts, pictures in image-uploads.ts) share: refusing an
 * upload, which stores nothing and emits upload_validation_failed with a stable reason code, and
 * keeping an accepted one (the same bytes twice are one file).
 */
import { createHash } from 'node:crypto';
import type { Upload } from '@kitwright/contracts';
import { AppError } from '../../platform/errors';
import { newId } from '../../platform/ids';
import type { StoredMesh } from '../../platform/mesher/tasks';
import type { SignedInUser } from '../../platform/viewer';
import type { MediaContext } from './context';
import { sizeBucket } from './formats';
import type { MediaRow } from './repo';
import * as repo from './repo';

export interface UploadInput {
  bytes: Buffer;
  fileName: string | null;
  draftId: string | null;
  /** True when the multipart reader stopped at the size cap. */
  truncated: boolean;
  /** Repair what a strict read refuses as recoverable (the user accepted the repair). */
  repair?: boolean;
}

/** A file that passed its checks, as it is kept. */
export interface CheckedFile {
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
}

export async function reject(
  ctx: MediaContext,
  user: SignedInUser,
  input: UploadInput,
  format: string | null,
  code: 'INVALID_UPLOAD' | 'UNSUPPORTED_MEDIA_TYPE' | 'PAYLOAD_TOO_LARGE',
  reason: string,
  message: string,
  repair: { recoverable: boolean; hint: string | null } | null = null,
): Promise<never> {
  await ctx.events.emit(
    'upload_validation_failed',
    {
      draft_id: input.draftId,
      session_id: input.draftId ? null : user.sessionId,
      format,
      size_bucket: sizeBucket(input.truncated ? ctx.config.uploads.maxModelBytes + 1 : input.bytes.length),
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

export async function store(
  ctx: MediaContext,
  user: SignedInUser,
  file: CheckedFile,
): Promise<{ row: MediaRow; created: boolean }> {
  const { db, storage } = ctx;
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
      created_at: ctx.clock.now(),
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
