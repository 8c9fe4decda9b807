/**
 * The app's one Kitwright client (the SDK owns the session). Every request, uploads included,
 * carries the visitor's analytics consent (the SDK's `headers` option) and the user's language.
 */
import { createClient, type KitwrightClient } from '@kitwright/sdk';
import { currentConsent } from '../state/consent';
import { apiBaseUrl } from './base-url';

/** The consent answer the server applies to optional analytics; nothing while unanswered. */
function consentHeaders(): Record<string, string> {
  const consent = currentConsent();
  return consent === 'unset' ? {} : { 'x-analytics-consent': consent };
}

export function createAppClient(locale: string): KitwrightClient {
  return createClient({ baseUrl: apiBaseUrl(), headers: consentHeaders, locale });
}
