/** `kw.interest`: non-binding interest reservations, for signed-in users and visitor sessions. */
import type { OperationBody } from '@kitwright/contracts';
import type { ApiClient } from '../api-client';
import { type CallOptions, call, type PageQuery, splitOptions } from './call';

export type ReservationInput = OperationBody<'reserveInterest'>;

export function interestResource(api: ApiClient) {
  return {
    /** Reserves (or refreshes an active reservation of) the listing, after the acknowledgement. */
    reserve(listingId: string, body: ReservationInput, options?: CallOptions) {
      return call(api, 'reserveInterest', { params: { listingId }, body, ...options });
    },
    /** The viewer's reservations, newest first; pass `next_cursor` as `cursor` for the next page. */
    list(page?: PageQuery & CallOptions) {
      const { query, options } = splitOptions(page);
      return call(api, 'listReservations', { query, ...options });
    },
    /** Cancels one of the viewer's reservations; the reason is kept on the record. */
    cancel(reservationId: string, reason?: string | null, options?: CallOptions) {
      return call(api, 'cancelReservation', {
        params: { reservationId },
        body: reason ? { reason } : {},
        ...options,
      });
    },
  };
}

export type InterestResource = ReturnType<typeof interestResource>;
