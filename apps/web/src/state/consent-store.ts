/** Where the consent answer is kept (native: for this run only until a storage is added). */
import type { Consent, ConsentStoreModule } from './consent-store.types';

let answer: Consent = 'unset';

export const consentStore = {
  load() {
    return answer;
  },
  save(value) {
    answer = value;
  },
} satisfies ConsentStoreModule;
