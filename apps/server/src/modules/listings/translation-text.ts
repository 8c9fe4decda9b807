/**
 * What the translations module reads and writes of a listing's text: the source text a job starts
 * from, and the translations applied to the listing's search documents and vocabulary.
 */
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { ListingText } from '../translations/face';
import type { ListingI18n } from '../translations/localise';
import * as repo from './repo';
import { searchWordsOf } from './text';
import * as text from './text-repo';

/** Stores a listing's translations and adds their words to its search documents and the vocabulary. */
export async function applyTranslations(trx: Transaction<DB>, listing: ListingText, i18n: ListingI18n) {
  const parts = [
    { weight: 'A' as const, text: listing.title },
    { weight: 'B' as const, text: listing.tags.join(' ') },
    { weight: 'C' as const, text: listing.description },
    ...Object.values(i18n).flatMap((v) => [
      { weight: 'A' as const, text: v.title ?? '' },
      { weight: 'B' as const, text: v.tags ?? '' },
      { weight: 'C' as const, text: v.description ?? '' },
    ]),
  ];
  await repo.updateDetails(trx, listing.id, { i18n: JSON.stringify(i18n) });
  const titles = [listing.title, ...Object.values(i18n).map((v) => v.title ?? '')].join(' ');
  await repo.updateListing(trx, listing.id, {
    search_vector: text.searchVectorSql(parts),
    title_vector: text.titleVectorSql(titles),
  });
  for (const [language, variant] of Object.entries(i18n))
    await text.recordSearchWords(trx, searchWordsOf([variant.title ?? '', variant.tags ?? '']), language);
}
