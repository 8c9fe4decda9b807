/** What moderation does to and reads of listings, in its own transactions. */
import type { ModerationState } from '@kitwright/contracts';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../platform/errors';
import type { ListingRow } from './repo';
import * as repo from './repo';

/**
 * A moderator's decision (or enough reports) moves a listing's moderation state, in the
 * moderation module's transaction; the listing was locked with lockLive first. The caller drops
 * the caches (dropCaches) once its transaction has committed.
 */
export async function setModeration(
  trx: Transaction<DB>,
  listingId: string,
  state: ModerationState,
): Promise<ListingRow> {
  const row = await repo.findListing(trx, { id: listingId }, { lock: true });
  if (!row) throw new AppError('NOT_FOUND');
  const updated = await repo.updateListing(trx, listingId, { moderation_state: state });
  return { ...row, ...updated };
}
