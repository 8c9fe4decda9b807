/**
 * The signed-in person's notifications (a support reply, a decision about their listing, a
 * pre-order invitation…), newest first, with the unread count for the header and marking one read.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useKitwright, useSessionUser } from '../../client/kitwright';
import { dashboardKeys } from './dashboard';
import { viewerKeys } from './viewer';

export const notificationKeys = {
  all: () => [...viewerKeys.all(), 'notifications'] as const,
};

export const NOTIFICATIONS_STALE_TIME = 30_000;

export function useNotifications() {
  const client = useKitwright();
  const user = useSessionUser();
  return useQuery({
    queryKey: notificationKeys.all(),
    queryFn: ({ signal }) => client.me.notifications({ signal }),
    enabled: Boolean(user),
    staleTime: NOTIFICATIONS_STALE_TIME,
  });
}

/** How many notifications are unread (0 for a visitor or before the list has come). */
export function useUnreadCount(): number {
  const list = useNotifications();
  return list.data?.items.filter((n) => !n.read).length ?? 0;
}

/** Marks one read; the list shows it at once, and the dashboard is fetched again. */
export function useReadNotification() {
  const client = useKitwright();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => client.me.readNotification(id),
    onSuccess: (_data, id) => {
      queryClient.setQueryData<{ items: Array<{ id: string; read: boolean }> }>(
        notificationKeys.all(),
        (old) =>
          old ? { ...old, items: old.items.map((n) => (n.id === id ? { ...n, read: true } : n)) } : old,
      );
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all() });
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.all() });
    },
  });
}
