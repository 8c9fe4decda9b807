/**
 * The Kitwright client and server state for the whole app: the SDK client in context, the
 * signed-in user kept in step with the SDK's events, and TanStack Query for everything fetched.
 */
import type { User } from '@kitwright/contracts';
import type { KitwrightClient } from '@kitwright/sdk';
import { isKitwrightError } from '@kitwright/sdk';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { queryKeys } from './keys';
import { reportError } from './report-error';

/**
 * A failed request the user did not cause (the server failed, or a reply was not understood) goes
 * to the error tracker with its correlation id. Refusals (4xx) are shown to the user instead, and
 * a lost connection is the user's network, not a defect.
 */
export function reportFailedRequest(error: unknown): void {
  if (isKitwrightError(error)) {
    if (error.status < 500 && error.code !== 'INTERNAL_ERROR') return;
    reportError({
      kind: 'request',
      message: error.message,
      code: error.code,
      status: error.status,
      correlation_id: error.correlation_id,
    });
    return;
  }
  if (error instanceof Error) reportError({ kind: 'request', message: error.message, stack: error.stack });
}

const ClientContext = createContext<KitwrightClient | null>(null);

export function makeQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({ onError: reportFailedRequest }),
    mutationCache: new MutationCache({ onError: reportFailedRequest }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (count, error) => count < 2 && (error as { status?: number }).status === undefined,
      },
      mutations: { retry: false },
    },
  });
}

export function KitwrightProvider({
  client,
  queryClient,
  children,
}: {
  client: KitwrightClient;
  queryClient: QueryClient;
  children: ReactNode;
}) {
  useEffect(() => {
    // Whatever depended on who is signed in is fetched again after a sign-in or sign-out.
    const refresh = () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.viewerScoped() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.appShell() });
    };
    client.on('authenticated', refresh);
    client.on('unauthenticated', refresh);
    return () => {
      client.off('authenticated', refresh);
      client.off('unauthenticated', refresh);
    };
  }, [client, queryClient]);
  return (
    <ClientContext.Provider value={client}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ClientContext.Provider>
  );
}

export function useKitwright(): KitwrightClient {
  const client = useContext(ClientContext);
  if (!client) throw new Error('useKitwright needs a KitwrightProvider');
  return client;
}

/** The signed-in user (or null), following sign-in, sign-out and other tabs. */
export function useSessionUser(): User | null {
  const client = useKitwright();
  const [user, setUser] = useState<User | null>(() => client.auth.getUser());
  useEffect(() => {
    const onIn = (u: User) => setUser(u);
    const onOut = () => setUser(null);
    client.on('authenticated', onIn);
    client.on('unauthenticated', onOut);
    void client.ready.then(() => setUser(client.auth.getUser()));
    return () => {
      client.off('authenticated', onIn);
      client.off('unauthenticated', onOut);
    };
  }, [client]);
  return user;
}
