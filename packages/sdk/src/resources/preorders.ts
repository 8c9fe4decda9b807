/**
 * `kw.preorders`: Phase A.5 pre-orders. Not open in Phase A: each call answers PHASE_CLOSED (403),
 * and the contracts do not describe their answers yet (unknown).
 */
import type { ApiClient } from '../api-client';
import { type CallOptions, call } from './call';

export function preordersResource(api: ApiClient) {
  return {
    /** Invites the person behind a reservation to pre-order (the design's owner). */
    invite(reservationId: string, options?: CallOptions) {
      return call(api, 'invitePreorder', { params: { reservationId }, ...options });
    },
    list(options?: CallOptions) {
      return call(api, 'listPreorders', { ...options });
    },
    cancel(preOrderId: string, options?: CallOptions) {
      return call(api, 'cancelPreorder', { params: { preOrderId }, ...options });
    },
  };
}

export type PreordersResource = ReturnType<typeof preordersResource>;
