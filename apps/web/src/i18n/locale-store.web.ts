/** Where the chosen language is kept on the web: local storage, else the browser's languages. */
import type { LocaleStoreModule } from './locale-store.types';

const KEY = 'kw_locale';

export const localeStore = {
  load() {
    try {
      return globalThis.localStorage?.getItem(KEY) ?? null;
    } catch {
      return null;
    }
  },
  save(locale) {
    try {
      globalThis.localStorage?.setItem(KEY, locale);
      document.documentElement.lang = locale;
    } catch {
      // Private mode: the choice lasts for this visit only.
    }
  },
  device() {
    return globalThis.navigator?.languages?.join(',') ?? globalThis.navigator?.language ?? null;
  },
} satisfies LocaleStoreModule;
