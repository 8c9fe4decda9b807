/** `kw.analytics`: product events, sent with the visitor's consent state. */
import type { OperationBody } from '@kitwright/contracts';
import type { ApiClient } from '../api-client';
import { type CallOptions, call } from './call';

export type ProductEventsInput = OperationBody<'ingestEvents'>;

export function analyticsResource(api: ApiClient) {
  return {
    /** Up to 50 events; without granted consent the server drops them (see `dropped`). */
    ingest(body: ProductEventsInput, options?: CallOptions) {
      return call(api, 'ingestEvents', { body, ...options });
    },
  };
}

export type AnalyticsResource = ReturnType<typeof analyticsResource>;
