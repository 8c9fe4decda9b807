/** The app's server-state cache: failed requests the user did not cause are reported, none retried twice. */
import type { KitwrightClient } from '@kitwright/sdk';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { reportFailedRequest } from './report-error';

export function makeQueryClient(client: KitwrightClient): QueryClient {
  const report = (error: unknown) => reportFailedRequest(client, error);
  return new QueryClient({
    queryCache: new QueryCache({ onError: report }),
    mutationCache: new MutationCache({ onError: report }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (count, error) => count < 2 && (error as { status?: number }).status === undefined,
      },
      mutations: { retry: false },
    },
  });
}
