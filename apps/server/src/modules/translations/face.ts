/** The translations module's face: listings' machine translations, kept in step by listings' hooks. */
import type { ModuleFace } from '../../platform/module';
import type { JobsApi } from '../jobs/face';
import type { ListingsApi } from '../listings/face';
import { createTranslationJobHandler } from './job-handler';
import { createTranslationsService } from './service';

export { type ListingI18n, localiseListing } from './localise';
export type { ListingText, ListingTexts } from './service';

export function translationsFace(
  deps: Omit<Parameters<typeof createTranslationsService>[0], 'jobs' | 'listings'> & {
    jobs: JobsApi;
    listings: ListingsApi;
  },
): ModuleFace<null> {
  const { listings } = deps;
  const translations = createTranslationsService(deps);
  listings.onTextChanged((trx, row) => translations.syncListing(trx, row));
  listings.onDeleted((trx, listingId) => translations.eraseForListings(trx, [listingId]));
  return {
    name: 'translations',
    api: null,
    jobs: [createTranslationJobHandler(translations)],
    personalData: {
      erase: async (s) => {
        const owned = await listings.lockOwnedBy(s.trx, s.userId);
        await translations.eraseForListings(
          s.trx,
          owned.map((l) => l.id),
        );
        return {};
      },
    },
  };
}
