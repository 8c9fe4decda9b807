/**
 * Saving and unsaving a listing, for signed-in people and for visitors with an anonymous session.
 * The listing's save count moves (through the listings module) in the same transaction as the
 * save, so it always equals the rows.
 */
import type { SaveResult } from '@kitwright/contracts';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { hasOwner } from '../../platform/owner-column';
import type { ConsentState } from '../../platform/product-events';
import type { Owner, SignedInUser } from '../../platform/viewer';
import type { SavesContext } from './context';
import * as repo from './repo';

export function isSaved(ctx: SavesContext, owner: Owner, listingId: string): Promise<boolean> {
  return hasOwner(owner) ? repo.isSaved(ctx.db, owner, listingId) : Promise.resolve(false);
}

export function savedListingIds(ctx: SavesContext, owner: Owner, limit: number) {
  return hasOwner(owner) ? repo.savedListingIds(ctx.db, owner, limit) : Promise.resolve([]);
}

export async function save(
  ctx: SavesContext,
  viewer: SignedInUser | null,
  owner: Owner,
  idOrSlug: string,
  meta: { surface: string; consent: ConsentState },
): Promise<SaveResult> {
  const listing = await ctx.listings.visible(viewer, idOrSlug);
  const saves = await ctx.db.transaction().execute(async (trx) => {
    // Locked, so a save cannot land on a listing being deleted at the same moment.
    await ctx.listings.lockLive(trx, listing.id);
    const created = await repo.insertSave(trx, owner, listing.id, meta.surface, ctx.clock.now());
    return created ? ctx.listings.adjustSaves(trx, listing.id, 1) : null;
  });
  if (saves === null) return { saved: true, saves: await ctx.listings.saveCount(listing.id) };
  await ctx.events.emit(
    'listing_saved',
    {
      listing_id: listing.id,
      user_id: owner.userId,
      session_id: owner.visitorId,
      source_surface: meta.surface,
    },
    {
      userId: owner.userId,
      sessionId: owner.visitorId,
      consent: meta.consent,
      route: 'listing-save',
    },
  );
  return { saved: true, saves };
}

/**
 * Takes the save off a listing this viewer may see, or off one they saved that has since been
 * unpublished or made private (else 404, as for a listing that does not exist).
 */
export async function unsave(
  ctx: SavesContext,
  viewer: SignedInUser | null,
  owner: Owner,
  idOrSlug: string,
): Promise<SaveResult> {
  const { row: listing, visible } = await ctx.listings.existing(viewer, idOrSlug);
  if (!visible && !(hasOwner(owner) && (await repo.isSaved(ctx.db, owner, listing.id))))
    throw new AppError('NOT_FOUND');
  const saves = hasOwner(owner)
    ? await ctx.db
        .transaction()
        .execute(async (trx) =>
          (await repo.deleteSave(trx, owner, listing.id))
            ? ctx.listings.adjustSaves(trx, listing.id, -1)
            : null,
        )
    : null;
  return { saved: false, saves: saves ?? (await ctx.listings.saveCount(listing.id)) };
}

/** Removes every save of a listing being deleted (in its transaction); answers how many. */
export async function dropForListing(
  ctx: SavesContext,
  trx: Transaction<DB>,
  listingId: string,
): Promise<number> {
  const removed = await repo.deleteForListing(trx, listingId);
  if (removed > 0) await ctx.listings.adjustSaves(trx, listingId, -removed);
  return removed;
}
