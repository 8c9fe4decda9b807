/** The saves module's face: a person's saved listings; listings' pages and withdrawals reach them. */
import type { ModuleFace } from '../../platform/module';
import type { ListingsApi } from '../listings/face';
import { saveRoutes } from './routes';
import { createSavesService, type SavesService } from './service';

export type SavesApi = Pick<SavesService, 'savedListingIds'>;

export function savesFace(
  deps: Omit<Parameters<typeof createSavesService>[0], 'listings'> & { listings: ListingsApi },
): ModuleFace<SavesApi> {
  const { listings } = deps;
  const saves = createSavesService({ ...deps, listings });
  listings.provideViewerState({ saved: (owner, listingId) => saves.isSaved(owner, listingId) });
  listings.onWithdrawn(async (trx, listing) => ({
    savesRemoved: await saves.dropForListing(trx, listing.id),
  }));
  return {
    name: 'saves',
    api: saves,
    routes: ({ app }) => app.register(saveRoutes, { saves }),
    personalData: {
      export: async (s) => ({ saves: await saves.exportFor(s.userId) }),
      erase: async (s) => ({ counts: { saves: await saves.eraseFor(s.trx, s.userId) } }),
      claim: (trx, visitorId, userId) => saves.claim(trx, visitorId, userId),
    },
  };
}
