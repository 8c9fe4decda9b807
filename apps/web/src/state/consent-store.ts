/** Where the consent answer is kept (native: for this run only until a storage is added). */
import type { Consent } from './consent-types';

let answer: Consent = 'unset';
export function loadConsent(): Consent {
  return answer;
}
export function saveConsent(value: Consent): void {
  answer = value;
}
