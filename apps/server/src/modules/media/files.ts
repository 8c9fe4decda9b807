/**
 * File checks: whether the files a request names are this person's (a draft's source, a listing's
 * images, a support message's attachments), and what other modules show of a file.
 */
import { AppError } from '../../platform/errors';
import { isUuid } from '../../platform/ids';
import type { SignedInUser } from '../../platform/viewer';
import type { MediaContext } from './context';
import type { MediaRow } from './repo';
import * as repo from './repo';

export type { MediaRow };

export async function ownedFile(
  ctx: MediaContext,
  user: SignedInUser,
  id: string,
  kind?: MediaRow['kind'],
): Promise<MediaRow> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND');
  const row = await repo.findFile(ctx.db, id);
  if (!row || row.owner_user_id !== user.id || (kind && row.kind !== kind)) throw new AppError('NOT_FOUND');
  return row;
}

/**
 * Refuses unless every id is an upload (an image or a model, each checked when it was uploaded)
 * of this person: files attached to a support message.
 */
export async function requireOwnUploads(
  ctx: MediaContext,
  userId: string,
  ids: readonly string[],
): Promise<void> {
  if (ids.length === 0) return;
  if (!ids.every(isUuid) || (await repo.ownUploads(ctx.db, userId, ids)).length !== new Set(ids).size)
    throw new AppError('VALIDATION_FAILED', 'Attach only files you uploaded (images or models).', {
      fields: { attachments: 'contains files that are not your uploads' },
    });
}

/** Refuses unless every id is an image of this person (images shown on a listing). */
export async function requireOwnImages(
  ctx: MediaContext,
  user: SignedInUser,
  ids: readonly string[],
): Promise<void> {
  if (ids.length === 0) return;
  if ((await repo.countOwnImages(ctx.db, user.id, ids)) !== ids.length)
    throw new AppError('VALIDATION_FAILED', 'Some images are not yours or not images.', {
      fields: { media_ids: 'contains unknown images' },
    });
}

/** Id, format and original name of the given files, by id. */
export async function summaries(ctx: MediaContext, ids: readonly string[]) {
  const rows = await repo.summaries(ctx.db, ids);
  return new Map(rows.map((r) => [r.id, r]));
}
