/**
 * Saving listings, for signed-in people and for visitors with an anonymous session. The listing's
 * save count moves (through the listings module) in the same transaction as the save, so it always
 * equals the rows.
 */
import type { SaveResult } from '@kitwright/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { hasOwner } from '../../platform/owner-column';
import type { ConsentState, ProductEvents } from '../../platform/product-events';
import type { Owner, SignedInUser } from '../../platform/viewer';
import type { ListingsApi } from '../listings/face';
import * as repo from './repo';

export function createSavesService(deps: {
  db: Kysely<DB>;
  clock: Clock;
  events: ProductEvents;
  /** Created after this service (listings read saves for its pages), so reached lazily. */
  listings: () => ListingsApi;
}) {
  const { db } = deps;
  return {
    isSaved: (owner: Owner, listingId: string) =>
      hasOwner(owner) ? repo.isSaved(db, owner, listingId) : Promise.resolve(false),

    async save(
      viewer: SignedInUser | null,
      owner: Owner,
      idOrSlug: string,
      meta: { surface: string; consent: ConsentState },
    ): Promise<SaveResult> {
      const listing = await deps.listings().visible(viewer, idOrSlug);
      const saves = await db.transaction().execute(async (trx) => {
        // Locked, so a save cannot land on a listing being deleted at the same moment.
        await deps.listings().lockLive(trx, listing.id);
        const created = await repo.insertSave(trx, owner, listing.id, meta.surface, deps.clock.now());
        return created ? deps.listings().adjustSaves(trx, listing.id, 1) : null;
      });
      if (saves === null) return { saved: true, saves: await deps.listings().saveCount(listing.id) };
      await deps.events.emit(
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
    },

    /**
     * Takes the save off a listing this viewer may see, or off one they saved that has since been
     * unpublished or made private (else 404, as for a listing that does not exist).
     */
    async unsave(viewer: SignedInUser | null, owner: Owner, idOrSlug: string): Promise<SaveResult> {
      const { row: listing, visible } = await deps.listings().existing(viewer, idOrSlug);
      if (!visible && !(hasOwner(owner) && (await repo.isSaved(db, owner, listing.id))))
        throw new AppError('NOT_FOUND');
      const saves = hasOwner(owner)
        ? await db
            .transaction()
            .execute(async (trx) =>
              (await repo.deleteSave(trx, owner, listing.id))
                ? deps.listings().adjustSaves(trx, listing.id, -1)
                : null,
            )
        : null;
      return { saved: false, saves: saves ?? (await deps.listings().saveCount(listing.id)) };
    },

    /** Removes every save of a listing being deleted (in its transaction); answers how many. */
    async dropForListing(trx: Transaction<DB>, listingId: string): Promise<number> {
      const removed = await repo.deleteForListing(trx, listingId);
      if (removed > 0) await deps.listings().adjustSaves(trx, listingId, -removed);
      return removed;
    },

    savedListingIds: (owner: Owner, limit: number) =>
      hasOwner(owner) ? repo.savedListingIds(db, owner, limit) : Promise.resolve([]),

    /** On sign-in: the visitor's saves become the user's; a listing saved by both keeps one save. */
    async claim(trx: Transaction<DB>, visitorId: string, userId: string) {
      for (const listingId of await repo.dropVisitorDuplicates(trx, visitorId, userId))
        await deps.listings().adjustSaves(trx, listingId, -1);
      await repo.moveVisitorSaves(trx, visitorId, userId);
    },

    /** Every save of a person (their account export). */
    async exportFor(userId: string) {
      return (await repo.allOf(db, userId)).map((r) => ({
        listing_id: r.listing_id,
        source_surface: r.source_surface,
        saved_at: r.created_at.toISOString(),
      }));
    },

    /** Erasing an account, in its transaction: its saves go and each listing's count moves. */
    async eraseFor(trx: Transaction<DB>, userId: string): Promise<number> {
      const listingIds = await repo.deleteAllOf(trx, userId);
      for (const listingId of listingIds) await deps.listings().adjustSaves(trx, listingId, -1);
      return listingIds.length;
    },
  };
}

export type SavesService = ReturnType<typeof createSavesService>;
