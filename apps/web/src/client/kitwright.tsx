/**
 * The Kitwright client for the whole app: the SDK client in context next to TanStack Query, and
 * the signed-in user kept in step with the SDK's events.
 */
import type { User } from '@kitwright/contracts';
import type { KitwrightClient } from '@kitwright/sdk';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';

const ClientContext = createContext<KitwrightClient | null>(null);

export function KitwrightProvider({
  client,
  queryClient,
  children,
}: {
  client: KitwrightClient;
  queryClient: QueryClient;
  children: ReactNode;
}) {
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
