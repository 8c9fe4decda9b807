/**
 * Saving listings (save.ts) and a person's part of them (personal-data.ts). Each method binds a
 * flow to the module's one context.
 */
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { ConsentState } from '../../platform/product-events';
import type { Owner, SignedInUser } from '../../platform/viewer';
import type { SavesContext, SavesDeps } from './context';
import * as personal from './personal-data';
import { dropForListing, isSaved, save, savedListingIds, unsave } from './save';

export type { SavesDeps } from './context';

export function createSavesService(deps: SavesDeps) {
  const ctx: SavesContext = deps;
  return {
    isSaved: (owner: Owner, listingId: string) => isSaved(ctx, owner, listingId),
    save: (
      viewer: SignedInUser | null,
      owner: Owner,
      idOrSlug: string,
      meta: { surface: string; consent: ConsentState },
    ) => save(ctx, viewer, owner, idOrSlug, meta),
    unsave: (viewer: SignedInUser | null, owner: Owner, idOrSlug: string) =>
      unsave(ctx, viewer, owner, idOrSlug),
    dropForListing: (trx: Transaction<DB>, listingId: string) => dropForListing(ctx, trx, listingId),
    savedListingIds: (owner: Owner, limit: number) => savedListingIds(ctx, owner, limit),
    claim: (trx: Transaction<DB>, visitorId: string, userId: string) =>
      personal.claim(ctx, trx, visitorId, userId),
    exportFor: (userId: string) => personal.exportFor(ctx, userId),
    eraseFor: (trx: Transaction<DB>, userId: string) => personal.eraseFor(ctx, trx, userId),
  };
}

export type SavesService = ReturnType<typeof createSavesService>;
