/**
 * Demand review (staff and founders): the reservations with their filters as pages on the cursor
 * API, the totals per listing, qualification, the CSV export, and — once Phase A.5 is open and
 * `phaseA5Preorders` is on — inviting a reservation to pre-order and a listing's pre-order caps.
 */
import type {
  InvitePreorderRequest,
  OperationBody,
  OperationQuery,
  PreorderCapsRequest,
} from '@kitwright/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useKitwright } from '../../client/kitwright';
import { viewerKeys } from './viewer';

type DemandQuery = NonNullable<OperationQuery<'reviewDemand'>>;
type Qualification = OperationBody<'qualifyReservation'>;

/** The filters the screen offers (everything the API filters on, without the paging). */
export type DemandFilterValues = Omit<DemandQuery, 'cursor' | 'limit'>;

export const DEMAND_PAGE_SIZE = 25;

export const opsDemandKeys = {
  all: () => [...viewerKeys.all(), 'ops-demand'] as const,
  pages: (filters: DemandFilterValues) => [...opsDemandKeys.all(), 'pages', filters] as const,
  byListing: (filters: DemandFilterValues) => [...opsDemandKeys.all(), 'by-listing', filters] as const,
  caps: (listingId: string) => [...opsDemandKeys.all(), 'caps', listingId] as const,
};

/** The filtered reservations, newest first, with "show more" on the cursor. */
export function useDemandPages(filters: DemandFilterValues) {
  const client = useKitwright();
  return useInfiniteQuery({
    queryKey: opsDemandKeys.pages(filters),
    queryFn: ({ pageParam, signal }) =>
      client.admin.demand({
        ...filters,
        limit: DEMAND_PAGE_SIZE,
        ...(pageParam ? { cursor: pageParam } : {}),
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
}

/** Reservation totals per listing (most active quantity first) for the same filters. */
export function useDemandByListing(filters: DemandFilterValues) {
  const client = useKitwright();
  return useQuery({
    queryKey: opsDemandKeys.byListing(filters),
    queryFn: ({ signal }) => client.admin.demandByListing({ ...filters, limit: 100, signal }),
  });
}

/** Marks a reservation qualified, not qualified or unreviewed, with a note; lists are fetched again. */
export function useQualifyReservation() {
  const client = useKitwright();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, qualification }: { id: string; qualification: Qualification }) =>
      client.admin.qualifyReservation(id, qualification),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: opsDemandKeys.all() }),
  });
}

/** The filtered reservations (or the totals per listing) as CSV text. */
export function useExportDemand() {
  const client = useKitwright();
  return useMutation({
    mutationFn: (query: DemandFilterValues & { view: 'reservations' | 'listings' }) =>
      client.admin.exportDemand(query),
  });
}

/** Invites the person behind a reservation to a no-capture pre-order (A.5, staff). */
export function useInvitePreorder() {
  const client = useKitwright();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: InvitePreorderRequest }) =>
      client.preorders.invite(id, body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: opsDemandKeys.all() }),
  });
}

/** A listing's caps and the places taken (A.5, staff). */
export function usePreorderCaps(listingId: string) {
  const client = useKitwright();
  return useQuery({
    queryKey: opsDemandKeys.caps(listingId),
    queryFn: ({ signal }) => client.preorders.caps(listingId, { signal }),
  });
}

/** Sets a listing's invitation and pre-order caps (A.5, staff); the answer is the caps as they now stand. */
export function useSetPreorderCaps() {
  const client = useKitwright();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ listingId, caps }: { listingId: string; caps: PreorderCapsRequest }) =>
      client.preorders.setCaps(listingId, caps),
    onSuccess: (caps) => queryClient.setQueryData(opsDemandKeys.caps(caps.listing_id), caps),
  });
}
