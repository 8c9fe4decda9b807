/**
 * The root of every cached answer that depends on who is looking (a signed-in user or a visitor
 * session): a listing's call to action, saves, reservations, drafts, jobs, the dashboard. Each
 * resource's keys start with it, so a sign-in or sign-out refreshes them all at once.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useKitwright } from '../../client/kitwright';
import { appShellKeys } from './app-shell';

export const viewerKeys = {
  all: () => ['viewer'] as const,
};

/** Fetches whatever depended on who is signed in again after a sign-in or sign-out (other tabs too). */
export function useRefreshOnViewerChange(): void {
  const client = useKitwright();
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => {
      void queryClient.invalidateQueries({ queryKey: viewerKeys.all() });
      void queryClient.invalidateQueries({ queryKey: appShellKeys.all() });
    };
    client.on('authenticated', refresh);
    client.on('unauthenticated', refresh);
    return () => {
      client.off('authenticated', refresh);
      client.off('unauthenticated', refresh);
    };
  }, [client, queryClient]);
}
