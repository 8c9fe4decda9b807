/**
 * The signed-in user and whether the stored session has been read yet. On the web the session is
 * read synchronously before the first render, so a signed-in visitor never sees the signed-out
 * screen flash by; with an asynchronous storage (native) screens wait for `ready`.
 */
import type { User } from '@kitwright/contracts';
import { useEffect, useState } from 'react';
import { useKitwright, useSessionUser } from '../../client/kitwright';

export function useAuthState(): { user: User | null; ready: boolean } {
  const client = useKitwright();
  const user = useSessionUser();
  const [ready, setReady] = useState(() => client.auth.isAuthenticated());
  useEffect(() => {
    let live = true;
    void client.ready.then(() => {
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, [client]);
  return { user, ready: ready || user !== null };
}
