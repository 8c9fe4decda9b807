/** The viewer's dashboard: a signed-in user's, or a visitor session's saves and reservations. */
import { useQuery } from '@tanstack/react-query';
import { useKitwright } from '../../client/kitwright';
import { viewerKeys } from './viewer';

export const dashboardKeys = {
  all: () => [...viewerKeys.all(), 'dashboard'] as const,
  detail: (locale: string) => [...viewerKeys.all(), 'dashboard', locale] as const,
};

export const DASHBOARD_STALE_TIME = 5_000;

export function useDashboard(locale: string) {
  const client = useKitwright();
  return useQuery({
    queryKey: dashboardKeys.detail(locale),
    queryFn: ({ signal }) => client.ready.then(() => client.me.dashboard(locale, { signal })),
    staleTime: DASHBOARD_STALE_TIME,
    retry: false,
  });
}
