/**
 * The words of the pages the server renders, in the reader's language. They are the app's own
 * strings and help texts, from the package both use (`@kitwright/copy`), so a page's title is the
 * same before and after the app runs, in every language.
 */
import type { ListingCategory, Locale } from '@kitwright/contracts';
import { helpDocs, type PolicyId } from '@kitwright/copy/help';
import { dictionaries, formatMessage, type MessageKey } from '@kitwright/copy/messages';

export type { PolicyId };

/** The app's text for a key, with `{name}` parameters filled in and plural forms chosen by `count`, as the app does. */
export function say(locale: Locale, key: MessageKey, params: Record<string, string | number> = {}): string {
  return formatMessage(locale, dictionaries[locale][key] ?? dictionaries.en[key], params);
}

export function categoryName(locale: Locale, category: string): string {
  const key = `discover.category.${category as ListingCategory}` as MessageKey;
  return key in dictionaries.en ? say(locale, key) : category;
}

/** A help page's title and the summary it opens with. */
export function helpPage(locale: Locale, id: PolicyId): { title: string; summary: string } {
  const doc = helpDocs(locale)[id];
  return { title: doc.title, summary: doc.summary };
}

/** The help pages by their path under /help (as app/help/*.tsx names them). */
export const HELP_PATHS: Readonly<Record<string, PolicyId>> = {
  terms: 'terms',
  privacy: 'privacy',
  cookies: 'cookies',
  'content-licence': 'licence',
  interest: 'interest',
  safety: 'safety',
  support: 'support',
};

/** Open Graph writes locales with a region. */
export const OG_LOCALES: Readonly<Record<Locale, string>> = { en: 'en_GB', fr: 'fr_FR', de: 'de_DE' };
