/** Serving a stored file's bytes (GET /api/media/{id}/content) to whoever may see it. */
import { AppError } from '../../platform/errors';
import { isUuid } from '../../platform/ids';
import { hasRole, type SignedInUser } from '../../platform/viewer';
import type { MediaContext } from './context';
import type { MediaRow } from './repo';
import * as repo from './repo';

/** A file's bytes for a viewer: its owner, staff, or anyone when a visible listing shows it. */
export async function content(
  ctx: MediaContext,
  viewer: SignedInUser | null,
  id: string,
): Promise<{ row: MediaRow; body: Buffer; public: boolean }> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND');
  const row = await repo.findFile(ctx.db, id);
  if (!row) throw new AppError('NOT_FOUND');
  const listed = await ctx.isPublicFile(id);
  const allowed =
    listed || (viewer !== null && (viewer.id === row.owner_user_id || hasRole(viewer.role, 'staff')));
  if (!allowed) throw new AppError('NOT_FOUND');
  const stored = await ctx.storage.get(row.storage_key);
  if (!stored) throw new AppError('NOT_FOUND');
  return { row, body: stored.body, public: listed };
}
