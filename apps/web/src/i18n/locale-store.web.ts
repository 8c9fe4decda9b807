/** Where the chosen language is kept on the web: local storage, else the browser's languages. */
const KEY = 'kw_locale';

export function loadLocale(): string | null {
  try {
    return globalThis.localStorage?.getItem(KEY) ?? null;
  } catch {
    return null;
  }
}

export function saveLocale(locale: string): void {
  try {
    globalThis.localStorage?.setItem(KEY, locale);
    document.documentElement.lang = locale;
  } catch {
    // Private mode: the choice lasts for this visit only.
  }
}

export function deviceLocale(): string | null {
  return globalThis.navigator?.languages?.join(',') ?? globalThis.navigator?.language ?? null;
}
