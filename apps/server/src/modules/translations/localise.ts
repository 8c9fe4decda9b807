/**
 * Which text of a listing a reader sees: the requested language, then its fallbacks, then the
 * source. Pure functions, shared by every module that shows listing text.
 */
import { createHash } from 'node:crypto';
import { type Locale, localeChain, resolveLocale } from '@kitwright/contracts';

export const LISTING_FIELDS = ['title', 'description', 'tags'] as const;
export type ListingField = (typeof LISTING_FIELDS)[number];

/** The translations a listing carries for fast reads: per language, the fields and the source they came from. */
export type ListingI18n = Record<
  string,
  { title?: string; description?: string; tags?: string; source_hash?: string }
>;

export function listingSourceHash(listing: { title: string; description: string; tags: string[] }): string {
  return createHash('sha256')
    .update(`${listing.title}\u0000${listing.description}\u0000${listing.tags.join(',')}`)
    .digest('hex')
    .slice(0, 16);
}

export interface Localised {
  title: string;
  description: string;
  tags: string[];
  localisation: { language: string; source_language: string; translated: boolean; stale: boolean };
}

/**
 * Picks the requested locale, then its fallbacks, then the source text. A translation made from
 * an older version of the source is skipped (and reported as stale) rather than shown as current.
 */
export function localiseListing(
  listing: { title: string; description: string; tags: string[]; source_language: string; i18n: unknown },
  requested: string | null | undefined,
): Localised {
  const locale: Locale = resolveLocale(requested);
  const i18n = (listing.i18n ?? {}) as ListingI18n;
  // Hashed only when a translation is there to compare (a reader of the source language needs none).
  let hash: string | null = null;
  let stale = false;
  for (const language of localeChain(locale, listing.source_language)) {
    if (language === listing.source_language) {
      return {
        title: listing.title,
        description: listing.description,
        tags: listing.tags,
        localisation: { language, source_language: listing.source_language, translated: false, stale },
      };
    }
    const variant = i18n[language];
    if (!variant?.title) continue;
    hash ??= listingSourceHash(listing);
    if (variant.source_hash !== hash) {
      stale = true;
      continue;
    }
    return {
      title: variant.title,
      description: variant.description ?? listing.description,
      tags: variant.tags ? variant.tags.split(', ') : listing.tags,
      localisation: { language, source_language: listing.source_language, translated: true, stale: false },
    };
  }
  return {
    title: listing.title,
    description: listing.description,
    tags: listing.tags,
    localisation: {
      language: listing.source_language,
      source_language: listing.source_language,
      translated: false,
      stale,
    },
  };
}
