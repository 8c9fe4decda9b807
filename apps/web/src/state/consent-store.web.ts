/** Where the consent answer is kept on the web: local storage (an essential, first-party entry). */
import type { ConsentStoreModule } from './consent-store.types';

const KEY = 'kw_consent';

export const consentStore = {
  load() {
    try {
      const value = globalThis.localStorage?.getItem(KEY);
      return value === 'granted' || value === 'denied' ? value : 'unset';
    } catch {
      return 'unset';
    }
  },
  save(value) {
    try {
      globalThis.localStorage?.setItem(KEY, value);
    } catch {
      // Without storage the banner asks again next visit.
    }
  },
} satisfies ConsentStoreModule;
