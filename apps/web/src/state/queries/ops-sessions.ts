/** Observed beta sessions (founders record and update them) and the learning review built on them. */
import type { BetaSessionChange, BetaSessionInput } from '@kitwright/sdk';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useKitwright } from '../../client/kitwright';
import { viewerKeys } from './viewer';

export const opsSessionKeys = {
  all: () => [...viewerKeys.all(), 'ops-sessions'] as const,
  pages: () => [...opsSessionKeys.all(), 'pages'] as const,
  learning: (period: 'latest' | 'all') => [...opsSessionKeys.all(), 'learning', period] as const,
};

export function useBetaSessions() {
  const client = useKitwright();
  return useInfiniteQuery({
    queryKey: opsSessionKeys.pages(),
    queryFn: ({ pageParam, signal }) =>
      client.beta.sessions({ limit: 20, ...(pageParam ? { cursor: pageParam } : {}), signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
}

export function useCreateBetaSession() {
  const client = useKitwright();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BetaSessionInput) => client.beta.createSession(body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: opsSessionKeys.all() }),
  });
}

export function useUpdateBetaSession() {
  const client = useKitwright();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: BetaSessionChange }) =>
      client.beta.updateSession(id, change),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: opsSessionKeys.all() }),
  });
}

export function useLearningReview(period: 'latest' | 'all') {
  const client = useKitwright();
  return useQuery({
    queryKey: opsSessionKeys.learning(period),
    queryFn: ({ signal }) => client.beta.learningReview({ period, signal }),
  });
}
