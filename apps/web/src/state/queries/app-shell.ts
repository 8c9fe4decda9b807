/** The app shell from the server: navigation, user summary, flags and public configuration. */
import type { AppShellResponse } from '@kitwright/contracts';
import { useQuery } from '@tanstack/react-query';
import { queryKeys, staleTimes } from './keys';
import { useKitwright } from './kitwright';

export function useAppShell() {
  const client = useKitwright();
  return useQuery({
    queryKey: queryKeys.appShell(),
    queryFn: () => client.api.get<AppShellResponse>('/api/app-shell'),
    staleTime: staleTimes.appShell,
  });
}
