/**
 * The viewer's own support conversations, opening a new one (a question or a report), and one
 * conversation's thread: read, reply, close or reopen. A `token` (the signed link of a support
 * email) goes with every request about that conversation, for a requester without an account.
 */
import type { SupportReply, SupportRequest } from '@kitwright/sdk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useKitwright } from '../../client/kitwright';
import { dashboardKeys } from './dashboard';
import { viewerKeys } from './viewer';

export const supportKeys = {
  conversations: () => [...viewerKeys.all(), 'support-conversations'] as const,
  thread: (id: string) => [...viewerKeys.all(), 'support-thread', id] as const,
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

/** One conversation with its messages; a missing one (or a wrong link) is not retried. */
export function useSupportThread(id: string, token: string | null) {
  const client = useKitwright();
  return useQuery({
    queryKey: supportKeys.thread(id),
    queryFn: ({ signal }) => client.support.get(id, { ...(token ? { token } : {}), signal }),
    retry: false,
  });
}

type ThreadChange = { kind: 'reply'; body: SupportReply } | { kind: 'close' } | { kind: 'reopen' };

/** Replies to, closes or reopens a conversation; the thread and the lists are fetched again. */
export function useChangeSupportThread(id: string, token: string | null) {
  const client = useKitwright();
  const queryClient = useQueryClient();
  const access = token ? { token } : undefined;
  return useMutation({
    mutationFn: (change: ThreadChange) =>
      change.kind === 'reply'
        ? client.support.reply(id, change.body, access)
        : client.support.update(id, change.kind, access),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: supportKeys.thread(id) });
      void queryClient.invalidateQueries({ queryKey: supportKeys.conversations() });
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.all() });
    },
  });
}
