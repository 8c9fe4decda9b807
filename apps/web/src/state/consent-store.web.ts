/** Where the consent answer is kept on the web: local storage (an essential, first-party entry). */
import type { Consent } from './consent-types';

const KEY = 'kw_consent';

export function loadConsent(): Consent {
  try {
    const value = globalThis.localStorage?.getItem(KEY);
    return value === 'granted' || value === 'denied' ? value : 'unset';
  } catch {
    return 'unset';
  }
}

export function saveConsent(value: Consent): void {
  try {
    globalThis.localStorage?.setItem(KEY, value);
  } catch {
    // Without storage the banner asks again next visit.
  }
}
