/** Beta cohorts (founders create them; staff read them), their invitation codes, and revoking one. */
import type { BetaCohortInput, BetaInvitationsInput } from '@kitwright/sdk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useKitwright } from '../../client/kitwright';
import { viewerKeys } from './viewer';

export const opsCohortKeys = {
  all: () => [...viewerKeys.all(), 'ops-cohorts'] as const,
  list: () => [...opsCohortKeys.all(), 'list'] as const,
  invitations: (cohortId: string) => [...opsCohortKeys.all(), 'invitations', cohortId] as const,
};

export function useCohorts() {
  const client = useKitwright();
  return useQuery({
    queryKey: opsCohortKeys.list(),
    queryFn: ({ signal }) => client.beta.cohorts({ signal }),
  });
}

export function useCreateCohort() {
  const client = useKitwright();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BetaCohortInput) => client.beta.createCohort(body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: opsCohortKeys.list() }),
  });
}

export function useInvitations(cohortId: string | null) {
  const client = useKitwright();
  return useQuery({
    queryKey: opsCohortKeys.invitations(cohortId ?? ''),
    queryFn: ({ signal }) => client.beta.invitations(cohortId ?? '', { signal }),
    enabled: Boolean(cohortId),
  });
}

export function useCreateInvitations(cohortId: string) {
  const client = useKitwright();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BetaInvitationsInput) => client.beta.createInvitations(cohortId, body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: opsCohortKeys.all() }),
  });
}

export function useRevokeInvitation() {
  const client = useKitwright();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) => client.beta.revokeInvitation(invitationId),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: opsCohortKeys.all() }),
  });
}
