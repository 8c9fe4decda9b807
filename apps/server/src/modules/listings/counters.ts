/**
 * What other modules change of a listing inside their own transactions, so the listing's figures
 * always equal their rows: the locks a save, a report or a reservation takes first, the interest
 * summary and the save count.
 */
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { isUuid } from '../../platform/ids';
import type { ListingsContext } from './context';
import * as counters from './counters-repo';
import { isPublic } from './detail';
import type { ListingRow } from './repo';
import * as repo from './repo';

export type { InterestDelta } from './counters-repo';

/**
 * The listing a reservation is for, read once (locked against concurrent change) in the
 * reservation's transaction: only an approved listing that is not private can be reserved.
 */
export async function forReservation(trx: Transaction<DB>, idOrSlug: string): Promise<ListingRow> {
  // Locked: a reservation waits for a concurrent unpublish or delete and then sees it.
  const row = await repo.findListing(trx, isUuid(idOrSlug) ? { id: idOrSlug } : { slug: idOrSlug }, {
    lock: true,
  });
  if (!row || !isPublic(row)) throw new AppError('NOT_FOUND');
  return row;
}

/**
 * Locks a listing that is not deleted for another module's change (a save, a report) and
 * returns it; 404 otherwise.
 */
export async function lockLive(trx: Transaction<DB>, listingId: string): Promise<ListingRow> {
  const row = isUuid(listingId) ? await repo.findListing(trx, { id: listingId }, { lock: true }) : undefined;
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** Moves a listing's interest summary (in the reservation's transaction). */
export function adjustInterest(
  trx: Transaction<DB>,
  listingId: string,
  delta: counters.InterestDelta,
): Promise<void> {
  return Object.values(delta).every((n) => n === 0)
    ? Promise.resolve()
    : counters.adjustInterest(trx, listingId, delta);
}

/**
 * Drops this process's cached listing pages once a reservation change has committed, so whoever
 * just reserved or cancelled sees it counted on their next read. After the commit, not inside
 * the transaction: a page read between a drop and the commit would cache the old count again.
 * (Other processes' pages may lag by GALLERY_CACHE_MS, as documented.)
 */
export function interestSettled(ctx: ListingsContext): void {
  ctx.pages.clear();
}

/** A listing's save count as it stands. */
export async function saveCount(ctx: ListingsContext, listingId: string): Promise<number> {
  return (await repo.findListing(ctx.db, { id: listingId }))?.save_count ?? 0;
}
