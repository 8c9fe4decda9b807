/** The app shell from the server: navigation, user summary, flags and public configuration. */
import { useQuery } from '@tanstack/react-query';
import { useKitwright } from '../../client/kitwright';

export const appShellKeys = {
  all: () => ['app-shell'] as const,
};

export const APP_SHELL_STALE_TIME = 60_000;

export function useAppShell() {
  const client = useKitwright();
  return useQuery({
    queryKey: appShellKeys.all(),
    queryFn: ({ signal }) => client.config.appShell({ signal }),
    staleTime: APP_SHELL_STALE_TIME,
  });
}

/**
 * Whether the public-beta badge and notice are shown (the `betaMode` flag). Shown until the shell
 * has answered, so the default install draws them once without a change of layout.
 */
export function useBetaMode(): boolean {
  return useAppShell().data?.flags.betaMode ?? true;
}
