/**
 * Non-binding interest: registering (or refreshing) it after the explicit acknowledgement, and
 * cancelling it with a reason. Both change what the viewer sees everywhere (a listing's call to
 * action and counts, the dashboard), so both refresh everything under the viewer's key.
 */
import type { ListingDetail, OperationResult } from '@kitwright/contracts';
import { RESERVATION_DISCLAIMER_VERSION } from '@kitwright/contracts/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { attribution } from '../../client/attribution';
import { useKitwright } from '../../client/kitwright';
import { viewerKeys } from './viewer';

export interface ReserveInput {
  quantity: number;
  intendedUse: string;
  jurisdiction: string;
  shareCode?: string | undefined;
}

/** Registers (or refreshes) non-binding interest after the explicit acknowledgement. */
export function useReserve(listing: Pick<ListingDetail, 'id' | 'slug'>) {
  const client = useKitwright();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReserveInput) =>
      client.ready.then(() =>
        client.interest.reserve(listing.id, {
          acknowledgement: { accepted: true, version: RESERVATION_DISCLAIMER_VERSION },
          jurisdiction: input.jurisdiction,
          intended_use: input.intendedUse,
          quantity: input.quantity,
          source: {
            surface: 'listing',
            ...(input.shareCode ? { share_code: input.shareCode } : {}),
            attribution: attribution.touch().last,
          },
        }),
      ),
    // The listing's call to action, its counts and the dashboard all change.
    onSettled: () => queryClient.invalidateQueries({ queryKey: viewerKeys.all() }),
  });
}

/** The reservation as the server keeps it, whether it was new or refreshed, and its message. */
export type ReserveResult = OperationResult<'reserveInterest'>;

/** Cancels one of the viewer's reservations, keeping the reason on the record. */
export function useCancelReservation() {
  const client = useKitwright();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string | null }) => client.interest.cancel(id, reason),
    onSettled: () => queryClient.invalidateQueries({ queryKey: viewerKeys.all() }),
  });
}
