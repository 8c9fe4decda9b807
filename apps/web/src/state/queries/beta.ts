/**
 * The beta programme as a person sees it: their tester badge (myBeta), redeeming an invitation
 * code, and sending feedback about the screen they are on (with an optional screenshot upload).
 */
import type { BetaFeedbackInput } from '@kitwright/sdk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useKitwright, useSessionUser } from '../../client/kitwright';
import { viewerKeys } from './viewer';

export const betaKeys = {
  mine: () => [...viewerKeys.all(), 'beta-me'] as const,
};

/** Whether the signed-in person is a tester, and of which cohorts (nothing is asked for a visitor). */
export function useMyBeta() {
  const client = useKitwright();
  const user = useSessionUser();
  return useQuery({
    queryKey: betaKeys.mine(),
    queryFn: ({ signal }) => client.beta.me({ signal }),
    enabled: Boolean(user),
    staleTime: 60_000,
  });
}

/** Joins the cohort of an invitation code; the badge is fetched again. */
export function useRedeemInvitation() {
  const client = useKitwright();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => client.beta.redeem(code),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: betaKeys.mine() }),
  });
}

/** Sends one piece of feedback; the server adds its version and release tag. */
export function useSendFeedback() {
  const client = useKitwright();
  return useMutation({
    mutationFn: (body: BetaFeedbackInput) => client.ready.then(() => client.beta.feedback(body)),
  });
}
