/**
 * Delivery phases, the gates that must be recorded as passed before each opens, and the
 * capabilities each allows (spec: Delivery phases, Delivery phase gates). Phases never open by
 * themselves: an explicit, audited decision moves from one to the next.
 */
export const PHASES = ['A', 'A.5', 'B'] as const;
export type Phase = (typeof PHASES)[number];

export const PHASE_GATES = {
  'A.5': [
    'designer_terms',
    'moderation',
    'intellectual_property',
    'regulatory_product',
    'setup_intent_flow',
    'support_copy',
  ],
  B: ['manufacturing', 'fulfilment', 'consumer_law', 'a5_evidence'],
} as const satisfies Record<Exclude<Phase, 'A'>, readonly string[]>;

/** Gates that must pass before paid AI design credits may be switched on (rule 5). */
export const PAID_AI_CREDIT_GATES = ['tax', 'refund_cancellation', 'payment', 'consumer_law'] as const;

export const GATES = [...new Set([...PHASE_GATES['A.5'], ...PHASE_GATES.B, ...PAID_AI_CREDIT_GATES])];
export type Gate =
  | (typeof PHASE_GATES)['A.5'][number]
  | (typeof PHASE_GATES)['B'][number]
  | (typeof PAID_AI_CREDIT_GATES)[number];

export const CAPABILITIES = [
  'design_creation',
  'publishing',
  'gallery',
  'interest_reservations',
  'user_dashboard',
  'founder_dashboard',
  'support',
  'telemetry',
  'moderation',
  'reporting',
  'preorder_invites',
  'setup_intents',
  'payment_capture',
  'invoices',
  'fulfilment',
  'shipment',
  'payouts',
] as const;
export type Capability = (typeof CAPABILITIES)[number];

const PHASE_A_CAPABILITIES: Capability[] = [
  'design_creation',
  'publishing',
  'gallery',
  'interest_reservations',
  'user_dashboard',
  'founder_dashboard',
  'support',
  'telemetry',
  'moderation',
  'reporting',
];

export const PHASE_CAPABILITIES: Record<Phase, readonly Capability[]> = {
  A: PHASE_A_CAPABILITIES,
  'A.5': [...PHASE_A_CAPABILITIES, 'preorder_invites', 'setup_intents'],
  B: [
    ...PHASE_A_CAPABILITIES,
    'preorder_invites',
    'setup_intents',
    'payment_capture',
    'invoices',
    'fulfilment',
    'shipment',
    'payouts',
  ],
};

/** The phase that directly follows each phase; phases are never skipped. */
export const NEXT_PHASE: Record<Phase, Phase | null> = { A: 'A.5', 'A.5': 'B', B: null };

/** Application version for a phase (spec Versioning): 0.9.0-beta.N, then 0.9.5-preorder.N. */
export function appVersionFor(phase: Phase, buildNumber: number): string {
  if (phase === 'A') return `0.9.0-beta.${buildNumber}`;
  if (phase === 'A.5') return `0.9.5-preorder.${buildNumber}`;
  return `1.0.0-rc.${buildNumber}`;
}

export function isPhase(value: string): value is Phase {
  return (PHASES as readonly string[]).includes(value);
}

export function isGate(value: string): value is Gate {
  return (GATES as readonly string[]).includes(value);
}

/**
 * What this release of the platform implements: Phase A and Phase A.5 (no-capture pre-orders).
 * A phase whose capabilities are not all here cannot be opened, whatever gates are recorded: the
 * server never advertises what it cannot do. Phase B's capabilities (capture, invoices,
 * fulfilment, shipment, payouts) are not here, so B can never open and each keeps refusing
 * PHASE_CLOSED.
 */
export const RELEASE_CAPABILITIES: readonly Capability[] = [
  ...PHASE_A_CAPABILITIES,
  'preorder_invites',
  'setup_intents',
];
