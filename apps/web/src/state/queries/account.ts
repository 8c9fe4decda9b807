/**
 * The person's account as a whole: downloading everything Kitwright holds about them, and deleting
 * the account (the SDK then clears the session, so every screen that depended on who is signed in
 * refreshes, as after a sign-out).
 */
import type { DeleteAccountRequest } from '@kitwright/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useKitwright } from '../../client/kitwright';
import { viewerKeys } from './viewer';

/** The export document (`kitwright.account-export`), read fresh on every press. */
export function useExportData() {
  const client = useKitwright();
  return useMutation({ mutationFn: () => client.me.exportData() });
}

export function useDeleteAccount() {
  const client = useKitwright();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DeleteAccountRequest) => client.auth.deleteAccount(input),
    onSuccess: () => queryClient.removeQueries({ queryKey: viewerKeys.all() }),
  });
}
