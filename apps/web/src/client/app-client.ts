/**
 * The app's one Kitwright client (the SDK owns the session). Every request carries the visitor's
 * analytics consent, and the user's language.
 */
import { createClient, type KitwrightClient } from '@kitwright/sdk';
import { currentConsent } from '../state/consent';
import { apiBaseUrl } from './base-url';

export function createAppClient(locale: string): KitwrightClient {
  const consentFetch: typeof fetch = (input, init) => {
    const headers = new Headers(init?.headers);
    const consent = currentConsent();
    if (consent !== 'unset') headers.set('x-analytics-consent', consent);
    return fetch(input, { ...init, headers });
  };
  return createClient({ baseUrl: apiBaseUrl(), fetch: consentFetch, locale });
}
