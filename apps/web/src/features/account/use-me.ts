/** The signed-in user as the server has it now (email verified or not), kept in the session too. */
import type { User } from '@kitwright/contracts';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../api/keys';
import { useKitwright, useSessionUser } from '../../api/kitwright';

export function useMe() {
  const client = useKitwright();
  const sessionUser = useSessionUser();
  return useQuery<User>({
    queryKey: queryKeys.me(),
    queryFn: () => client.auth.fetchUser(),
    enabled: sessionUser !== null,
    ...(sessionUser ? { placeholderData: sessionUser } : {}),
    staleTime: 10_000,
  });
}
