/** The signed-in user as the server has it now (email verified or not), kept in the session too. */
import type { User } from '@kitwright/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useKitwright, useSessionUser } from '../../client/kitwright';
import { viewerKeys } from './viewer';

export const meKeys = {
  user: () => [...viewerKeys.all(), 'me'] as const,
};

export const ME_STALE_TIME = 10_000;

export function useMe() {
  const client = useKitwright();
  const sessionUser = useSessionUser();
  return useQuery<User>({
    queryKey: meKeys.user(),
    queryFn: () => client.auth.fetchUser(),
    enabled: sessionUser !== null,
    ...(sessionUser ? { placeholderData: sessionUser } : {}),
    staleTime: ME_STALE_TIME,
  });
}

/** Reads the account again (after verifying the email, say) so that every screen agrees. */
export function useRefreshMe(): () => Promise<void> {
  const client = useKitwright();
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      client.auth
        .fetchUser()
        .then((fresh) => {
          queryClient.setQueryData(meKeys.user(), fresh);
        })
        .catch(() => {}),
    [client, queryClient],
  );
}
