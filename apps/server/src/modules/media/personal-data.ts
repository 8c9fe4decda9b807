/** The media module's part of a person's account export and erasure. */
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { MediaContext } from './context';
import * as repo from './repo';
import { mediaUrl } from './urls';

/** Every file a person owns, with where they download its bytes (their account export). */
export async function exportFor(ctx: MediaContext, userId: string) {
  return (await repo.allOf(ctx.db, userId)).map((r) => ({
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
}

/**
 * Erasing an account, in its transaction: its file records are deleted (after the drafts and
 * listings that pointed at them). Returns the storage keys of their bytes (files and validated
 * meshes), which a media_purge job deletes once the transaction has committed.
 */
export async function eraseAllOf(
  _ctx: MediaContext,
  trx: Transaction<DB>,
  userId: string,
): Promise<{ files: number; keys: string[] }> {
  const rows = await repo.deleteAllOf(trx, userId);
  const keys = rows.flatMap((r) => {
    const mesh = (r.validated_mesh as { storage_key?: string } | null)?.storage_key;
    return mesh ? [r.storage_key, mesh] : [r.storage_key];
  });
  return { files: rows.length, keys };
}
