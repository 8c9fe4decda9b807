/** The viewer's own support conversations, and opening a new one (a question or a report). */
import type { SupportRequest } from '@kitwright/sdk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useKitwright } from '../../client/kitwright';
import { dashboardKeys } from './dashboard';
import { viewerKeys } from './viewer';

export const supportKeys = {
  conversations: () => [...viewerKeys.all(), 'support-conversations'] as const,
};

export function useSupportConversations() {
  const client = useKitwright();
  return useQuery({
    queryKey: supportKeys.conversations(),
    queryFn: ({ signal }) => client.support.list({ signal }),
  });
}

export function useCreateSupportConversation() {
  const client = useKitwright();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SupportRequest) => client.support.create(request),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: supportKeys.conversations() });
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.all() });
    },
  });
}
