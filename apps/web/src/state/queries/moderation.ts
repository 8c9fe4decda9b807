/**
 * The moderation queue (staff): listings waiting for a decision with their automatic flags and
 * open reports, one listing's full history, and the decisions. A decision also changes what the
 * gallery and the listing's page show, so those are fetched again.
 */
import type { ModerationItem, OperationBody, OperationQuery } from '@kitwright/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useKitwright } from '../../client/kitwright';
import { viewerKeys } from './viewer';

type ModerationDecisionInput = OperationBody<'decideModeration'>;
export type ModerationFilters = Omit<NonNullable<OperationQuery<'listModerationQueue'>>, 'cursor' | 'limit'>;

export const moderationKeys = {
  all: () => [...viewerKeys.all(), 'moderation'] as const,
  queue: (filters: ModerationFilters) => [...moderationKeys.all(), 'queue', filters] as const,
  item: (listingId: string) => [...moderationKeys.all(), 'item', listingId] as const,
};

export function useModerationQueue(filters: ModerationFilters) {
  const client = useKitwright();
  return useInfiniteQuery({
    queryKey: moderationKeys.queue(filters),
    queryFn: ({ pageParam, signal }) =>
      client.admin.moderationQueue({
        ...filters,
        limit: 20,
        ...(pageParam ? { cursor: pageParam } : {}),
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
  });
}

export function useModerationItem(listingId: string) {
  const client = useKitwright();
  return useQuery({
    queryKey: moderationKeys.item(listingId),
    queryFn: ({ signal }) => client.admin.moderationItem(listingId, { signal }),
    enabled: listingId.length > 0,
    retry: false,
  });
}

export function useDecideModeration(listingId: string) {
  const client = useKitwright();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: ModerationDecisionInput): Promise<ModerationItem> =>
      client.admin.decideModeration(listingId, decision),
    onSuccess: (item) => {
      queryClient.setQueryData(moderationKeys.item(listingId), item);
      // The answer is the queue's view (its last decisions): the full history is fetched again,
      // and so is everything else, since the gallery and the listing's page show or hide it now.
      void queryClient.invalidateQueries();
    },
  });
}
