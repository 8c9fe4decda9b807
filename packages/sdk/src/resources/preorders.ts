/**
 * `kw.preorders`: Phase A.5 pre-orders, their invitations (staff), caps (staff) and the designer
 * commerce terms of a listing (its designer). Refused with PHASE_CLOSED (403) until A.5 is open,
 * except the designer terms, which a designer may accept ahead of it.
 */
import type {
  CancelPreorderRequest,
  DesignerTermsRequest,
  InvitePreorderRequest,
  PreorderCapsRequest,
} from '@kitwright/contracts';
import type { ApiClient } from '../api-client';
import { type CallOptions, call } from './call';

export function preordersResource(api: ApiClient) {
  return {
    /** Invites the person behind a reservation to a no-capture pre-order (staff). */
    invite(reservationId: string, body: InvitePreorderRequest, options?: CallOptions) {
      return call(api, 'invitePreorder', { params: { reservationId }, body, ...options });
    },
    list(query: { cursor?: string; limit?: number } = {}, options?: CallOptions) {
      return call(api, 'listPreorders', { query, ...options });
    },
    cancel(preOrderId: string, body: CancelPreorderRequest, options?: CallOptions) {
      return call(api, 'cancelPreorder', { params: { preOrderId }, body, ...options });
    },
    /** A listing's invitation and pre-order caps and the places taken (staff). */
    caps(listingId: string, options?: CallOptions) {
      return call(api, 'getPreorderCaps', { params: { listingId }, ...options });
    },
    /** Sets a listing's invitation and pre-order caps (staff). */
    setCaps(listingId: string, body: PreorderCapsRequest, options?: CallOptions) {
      return call(api, 'setPreorderCaps', { params: { listingId }, body, ...options });
    },
    designerTerms(listingId: string, options?: CallOptions) {
      return call(api, 'getDesignerTerms', { params: { listingId }, ...options });
    },
    acceptDesignerTerms(listingId: string, body: DesignerTermsRequest, options?: CallOptions) {
      return call(api, 'acceptDesignerTerms', { params: { listingId }, body, ...options });
    },
    withdrawDesignerTerms(listingId: string, options?: CallOptions) {
      return call(api, 'withdrawDesignerTerms', { params: { listingId }, ...options });
    },
  };
}

export type PreordersResource = ReturnType<typeof preordersResource>;
