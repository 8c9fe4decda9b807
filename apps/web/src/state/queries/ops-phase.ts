/**
 * The founder's delivery controls: the current phase with its gates, the feature flags, recording
 * a gate with its evidence, and the decision that opens the next phase. Every change fetches the
 * phase, the flags and the app shell again (the shell carries the phase and flags the app reads).
 */
import type { GateInput, PhaseDecisionInput } from '@kitwright/sdk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useKitwright } from '../../client/kitwright';
import { appShellKeys } from './app-shell';
import { viewerKeys } from './viewer';

export const opsPhaseKeys = {
  all: () => [...viewerKeys.all(), 'ops-phase'] as const,
  phase: () => [...opsPhaseKeys.all(), 'phase'] as const,
  flags: () => [...opsPhaseKeys.all(), 'flags'] as const,
};

export function usePhase() {
  const client = useKitwright();
  return useQuery({
    queryKey: opsPhaseKeys.phase(),
    queryFn: ({ signal }) => client.admin.phase({ signal }),
  });
}

export function useFlags() {
  const client = useKitwright();
  return useQuery({
    queryKey: opsPhaseKeys.flags(),
    queryFn: ({ signal }) => client.admin.flags({ signal }),
  });
}

function useRefreshControls() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: opsPhaseKeys.all() });
    void queryClient.invalidateQueries({ queryKey: appShellKeys.all() });
  };
}

export function useSetFlag() {
  const client = useKitwright();
  const refresh = useRefreshControls();
  return useMutation({
    mutationFn: ({ flag, enabled }: { flag: string; enabled: boolean }) =>
      client.admin.setFlag(flag, enabled),
    onSuccess: refresh,
  });
}

export function useRecordGate() {
  const client = useKitwright();
  const refresh = useRefreshControls();
  return useMutation({
    mutationFn: (gate: GateInput) => client.admin.recordGate(gate),
    onSuccess: refresh,
  });
}

export function useDecidePhase() {
  const client = useKitwright();
  const refresh = useRefreshControls();
  return useMutation({
    mutationFn: (decision: PhaseDecisionInput) => client.admin.decidePhase(decision),
    onSuccess: refresh,
  });
}
