/** Words for the API's vocabulary (categories, sorts, uses, languages, colours) in the reader's language. */
import type { GallerySort, ListingCategory } from '@kitwright/contracts';
import type { MessageKey, Translate } from '../../i18n';

export const CATEGORY_KEYS: Record<ListingCategory, MessageKey> = {
  furniture: 'discover.category.furniture',
  decor: 'discover.category.decor',
  garden: 'discover.category.garden',
  architecture: 'discover.category.architecture',
  vehicles: 'discover.category.vehicles',
  animals: 'discover.category.animals',
  characters: 'discover.category.characters',
  storage: 'discover.category.storage',
  art: 'discover.category.art',
  other: 'discover.category.other',
};

export const SORT_KEYS: Record<GallerySort, MessageKey> = {
  relevance: 'gallery.sort.relevance',
  newest: 'gallery.sort.newest',
  most_viewed: 'gallery.sort.mostViewed',
  most_saved: 'gallery.sort.mostSaved',
  most_reserved: 'gallery.sort.mostReserved',
  fewest_parts: 'gallery.sort.fewestParts',
};

export const USE_KEYS: Record<string, MessageKey> = {
  free_standing: 'discover.use.freeStanding',
  decorative: 'discover.use.decorative',
};

const TRANSLATED_FROM: Record<string, MessageKey> = {
  en: 'listing.translatedFrom.en',
  fr: 'listing.translatedFrom.fr',
  de: 'listing.translatedFrom.de',
};

const ORIGINAL_IN: Record<string, MessageKey> = {
  en: 'listing.originalIn.en',
  fr: 'listing.originalIn.fr',
  de: 'listing.originalIn.de',
};

/** "Translated from French", grammatical in each language. */
export function translatedFrom(t: Translate, code: string): string {
  const key = TRANSLATED_FROM[code];
  return key ? t(key) : t('common.translatedFrom', { language: code.toUpperCase() });
}

/** "Original text, in French". */
export function originalIn(t: Translate, code: string): string {
  const key = ORIGINAL_IN[code];
  return key ? t(key) : t('listing.showingOriginal', { language: code.toUpperCase() });
}

const UNTRANSLATED: Record<string, MessageKey> = {
  en: 'listing.untranslated.en',
  fr: 'listing.untranslated.fr',
  de: 'listing.untranslated.de',
};

/** "Written in French. Machine translation is off in this environment…", or null for another language. */
export function untranslatedNote(t: Translate, code: string): string | null {
  const key = UNTRANSLATED[code];
  return key ? t(key) : null;
}

export function categoryLabel(t: Translate, category: string): string {
  const key = CATEGORY_KEYS[category as ListingCategory];
  return key ? t(key) : category;
}

export function intendedUseLabel(t: Translate, use: string): string {
  const key = USE_KEYS[use];
  return key ? t(key) : use.replaceAll('_', ' ');
}

/** A palette colour's name ("light-grey" → "light grey") in the reader's language where known. */
export function colourName(t: Translate, colour: string): string {
  const key = `discover.colour.${colour}` as MessageKey;
  const text = t(key);
  return text === key ? colour.replaceAll('-', ' ') : text;
}

/** "2x4" → "2 × 4". */
export function partName(part: string): string {
  return part.replace(/^(\d+)x(\d+)$/, '$1 × $2');
}

/** Country names by ISO code, in the reader's language where the platform knows them. */
export function countryName(locale: string, code: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
