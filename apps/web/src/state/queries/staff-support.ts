/**
 * The staff support desk: the queue (filtered, paged with "show more"), one ticket with the
 * requester's safe context, and the staff actions on it — reply, internal note, assignment,
 * status. Every answer of the server is the ticket as it now stands, so the cache takes it as is.
 */
import type { OperationBody, OperationQuery, SupportTicketDetail } from '@kitwright/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useKitwright } from '../../client/kitwright';
import { viewerKeys } from './viewer';

type StaffReply = OperationBody<'replySupportTicket'>;
type TicketChange = OperationBody<'updateSupportTicket'>;
export type StaffQueueFilters = Omit<NonNullable<OperationQuery<'listSupportTickets'>>, 'cursor' | 'limit'>;

export const staffSupportKeys = {
  all: () => [...viewerKeys.all(), 'staff-support'] as const,
  queue: (filters: StaffQueueFilters) => [...staffSupportKeys.all(), 'queue', filters] as const,
  ticket: (id: string) => [...staffSupportKeys.all(), 'ticket', id] as const,
  staff: () => [...staffSupportKeys.all(), 'staff'] as const,
};

const PAGE_SIZE = 20;

export function useSupportQueue(filters: StaffQueueFilters) {
  const client = useKitwright();
  return useInfiniteQuery({
    queryKey: staffSupportKeys.queue(filters),
    queryFn: ({ pageParam, signal }) =>
      client.support.queue({
        ...filters,
        limit: PAGE_SIZE,
        ...(pageParam ? { cursor: pageParam } : {}),
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    // The SLA timers move: fetch the queue again now and then while it is open.
    refetchInterval: 60_000,
  });
}

export function useSupportTicket(id: string) {
  const client = useKitwright();
  return useQuery({
    queryKey: staffSupportKeys.ticket(id),
    queryFn: ({ signal }) => client.support.ticket(id, { signal }),
    enabled: id.length > 0,
    retry: false,
  });
}

/** Everyone a conversation can be assigned to; the team changes rarely. */
export function useSupportStaff() {
  const client = useKitwright();
  return useQuery({
    queryKey: staffSupportKeys.staff(),
    queryFn: ({ signal }) => client.support.staff({ signal }),
    staleTime: 5 * 60_000,
  });
}

export type TicketAction = { kind: 'reply'; body: StaffReply } | { kind: 'change'; change: TicketChange };

/** Replies, notes, assigns or changes the status; the ticket takes the server's answer, the queue is fetched again. */
export function useTicketAction(id: string) {
  const client = useKitwright();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: TicketAction): Promise<SupportTicketDetail> =>
      action.kind === 'reply'
        ? client.support.answer(id, action.body)
        : client.support.change(id, action.change),
    onSuccess: (ticket) => {
      queryClient.setQueryData(staffSupportKeys.ticket(id), ticket);
      void queryClient.invalidateQueries({ queryKey: [...staffSupportKeys.all(), 'queue'] });
    },
  });
}
