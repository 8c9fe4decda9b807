/** The seven feature flags of the spec (Delivery phases rule 7) and their defaults for a new install. */
export const FEATURE_FLAGS = [
  'betaMode',
  'publishing',
  'interestReservations',
  'phaseA5Preorders',
  'modeB',
  'paidAICredits',
  'adminBeta',
] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];
export type FeatureFlags = Record<FeatureFlag, boolean>;

export const DEFAULT_FEATURE_FLAGS: FeatureFlags = {
  betaMode: true,
  publishing: true,
  interestReservations: true,
  phaseA5Preorders: false,
  modeB: true,
  paidAICredits: false,
  adminBeta: true,
};

export const FEATURE_FLAG_DESCRIPTIONS: Record<FeatureFlag, string> = {
  betaMode: 'Public interest beta: the app shows the public-beta badge and the beta notice in its footer.',
  publishing: 'Designers may publish drafts as listings.',
  interestReservations: 'Visitors may register non-binding interest on listings.',
  phaseA5Preorders: 'Invited reservations may convert to no-capture pre-orders (Phase A.5 only).',
  modeB: 'Create from a text prompt.',
  paidAICredits: 'Paid AI design credits (needs tax, refund, payment and consumer-law gates).',
  adminBeta: 'The founder beta dashboard (GET /api/admin/beta and its exports).',
};

export function isFeatureFlag(value: string): value is FeatureFlag {
  return (FEATURE_FLAGS as readonly string[]).includes(value);
}
