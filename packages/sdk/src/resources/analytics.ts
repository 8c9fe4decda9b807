/** `kw.analytics`: product events, sent with the visitor's consent state. */
import type { OperationBody } from '@kitwright/contracts';
import type { ApiClient } from '../api-client';
import { type CallOptions, call } from './call';

export type ProductEventsInput = OperationBody<'ingestEvents'>;
export type AnalyticsConsentInput = OperationBody<'setAnalyticsConsent'>;

export function analyticsResource(api: ApiClient) {
  return {
    /** Up to 50 events; without granted consent the server drops them (see `dropped`). */
    ingest(body: ProductEventsInput, options?: CallOptions) {
      return call(api, 'ingestEvents', { body, ...options });
    },
    /**
     * Stores the answer to the consent question on the account, or on the visitor session (made
     * when there is none); the server applies the stored answer to every later event.
     */
    setConsent(body: AnalyticsConsentInput, options?: CallOptions) {
      return call(api, 'setAnalyticsConsent', { body, ...options });
    },
  };
}

export type AnalyticsResource = ReturnType<typeof analyticsResource>;
