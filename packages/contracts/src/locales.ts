/**
 * Supported languages and the fallback policy for localised user text and UI strings.
 * A read asks for a locale; we serve that language, else its fallback chain, else the source text.
 */
export const SUPPORTED_LOCALES = ['en', 'fr', 'de'] as const;
export type Locale = (typeof SUPPORTED_LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', fr: 'Français', de: 'Deutsch' };

/** After the requested language: these, in order, then the text's own source language. */
export const LOCALE_FALLBACKS: Record<Locale, readonly Locale[]> = { en: [], fr: ['en'], de: ['en'] };

export function isLocale(value: string): value is Locale {
  return (SUPPORTED_LOCALES as readonly string[]).includes(value);
}

/**
 * Reduce any BCP 47 tag or Accept-Language header to a supported locale: `fr-CA` → `fr`,
 * `de-AT,de;q=0.9` → `de`; unknown languages give the default.
 */
export function resolveLocale(requested: string | null | undefined): Locale {
  if (!requested) return DEFAULT_LOCALE;
  if (isLocale(requested)) return requested;
  const tags = requested
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.toLowerCase(), q: q ? Number(q.slice(2)) : 1 };
    })
    .filter((t) => t.tag && Number.isFinite(t.q) && t.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of tags) {
    const base = tag.split('-')[0] ?? '';
    if (isLocale(base)) return base;
  }
  return DEFAULT_LOCALE;
}

/** The ordered list of languages to try when serving text whose source language is `source`. */
export function localeChain(requested: Locale, source: string): string[] {
  const chain: string[] = [requested, ...LOCALE_FALLBACKS[requested]];
  if (!chain.includes(source)) chain.push(source);
  return chain;
}
