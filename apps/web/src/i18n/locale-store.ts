/** Where the chosen language is kept (native: in memory until a storage is added). */
import type { LocaleStoreModule } from './locale-store.types';

let chosen: string | null = null;

export const localeStore = {
  load() {
    return chosen;
  },
  save(locale) {
    chosen = locale;
  },
  device() {
    return Intl.DateTimeFormat().resolvedOptions().locale ?? null;
  },
} satisfies LocaleStoreModule;
