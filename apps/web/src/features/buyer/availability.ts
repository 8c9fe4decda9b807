/**
 * Whether the app shows pre-orders, from the app shell: nothing in Phase A; from Phase A.5 a buyer
 * can list and cancel the pre-orders they have, and with the `phaseA5Preorders` flag on they can
 * also follow invitations, verify a card and confirm (what makes a new commitment).
 */
import type { AppShellResponse } from '@kitwright/contracts';

export interface PreorderAvailability {
  /** The app shell has answered. */
  known: boolean;
  /** The phase is A.5 or later: pre-orders exist, and a buyer can list and cancel theirs. */
  phaseOpen: boolean;
  /** Phase A.5+ and the `phaseA5Preorders` flag: invitations, card checks and confirmations. */
  enabled: boolean;
}

export function preorderAvailability(
  shell: { config: Pick<AppShellResponse['config'], 'phase'>; flags: Record<string, unknown> } | undefined,
): PreorderAvailability {
  const phase = shell?.config.phase;
  const phaseOpen = phase === 'A.5' || phase === 'B';
  return {
    known: shell !== undefined,
    phaseOpen,
    enabled: phaseOpen && shell?.flags.phaseA5Preorders === true,
  };
}
