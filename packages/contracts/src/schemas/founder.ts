/**
 * The founder dashboard (founders; staff read-only): the beta's figures for a period — launch week,
 * the first 30 days or whole UTC days of one's choosing — each against the spec's Success targets,
 * the top funnel drop-offs by first-touch source and device class, a daily series of every figure,
 * and a CSV export of every table.
 */
import Type from 'typebox';

export const FOUNDER_PERIODS = ['launch_week', 'first_30_days', 'custom'] as const;
export type FounderPeriodKind = (typeof FOUNDER_PERIODS)[number];
/** The tables the dashboard shows, each exportable as CSV. */
export const FOUNDER_TABLES = [
  'metrics',
  'daily',
  'failed_jobs',
  'funnels',
  'support',
  'beta_feedback',
  'incidents',
] as const;
export type FounderTable = (typeof FOUNDER_TABLES)[number];
export const TARGET_STATUSES = ['met', 'on_track', 'behind'] as const;
/** The longest custom period (its daily series has one row a day). */
export const FOUNDER_MAX_DAYS = 366;

export const FounderQuery = Type.Object({
  period: Type.Optional(
    Type.Enum([...FOUNDER_PERIODS], {
      description:
        'launch_week (default) or first_30_days from the launch day; custom needs from and to. Giving from/to alone means custom.',
    }),
  ),
  from: Type.Optional(
    Type.String({ format: 'date-time', description: 'Custom period start, a UTC midnight (inclusive)' }),
  ),
  to: Type.Optional(
    Type.String({ format: 'date-time', description: 'Custom period end, a UTC midnight (exclusive)' }),
  ),
});
export type FounderQuery = Type.Static<typeof FounderQuery>;

export const FounderExportParams = Type.Object({
  table: Type.Enum([...FOUNDER_TABLES]),
});

const Status = Type.Union([Type.Enum([...TARGET_STATUSES]), Type.Null()], {
  description:
    'met: the target is reached; on_track: not yet, but at or above the target pro-rated by the elapsed share of the window; behind: below that. Null when the period is custom (no target window).',
});

export const FounderMetric = Type.Object({
  key: Type.String(),
  value: Type.Number(),
  target: Type.Union([Type.Number(), Type.Null()], { description: 'The Success target for the window' }),
  expected_by_now: Type.Union([Type.Number(), Type.Null()], {
    description: 'target × elapsed share of the window (what on_track is measured against)',
  }),
  status: Status,
  source: Type.String({ description: 'Where the figure is counted from' }),
});
export type FounderMetric = Type.Static<typeof FounderMetric>;

export const FunnelStep = Type.Object({
  step: Type.String(),
  count: Type.Integer(),
  conversion: Type.Union([Type.Number(), Type.Null()], {
    description: 'count / previous step count; null for the first step or after an empty step',
  }),
});

export const FunnelSegment = Type.Object({
  value: Type.String(),
  steps: Type.Array(FunnelStep),
});

export const Funnel = Type.Object({
  key: Type.String(),
  steps: Type.Array(FunnelStep),
  by_source: Type.Array(FunnelSegment),
  by_device: Type.Union([Type.Array(FunnelSegment), Type.Null()], {
    description: 'Null when a step has no device class to break down by',
  }),
});

export const FounderDay = Type.Object({
  day: Type.String({ format: 'date' }),
  sign_ups: Type.Integer(),
  design_starts: Type.Integer(),
  saved_drafts: Type.Integer(),
  published_public_designs: Type.Integer(),
  listing_views: Type.Integer(),
  interest_reservations: Type.Integer({
    description: 'Reservations made that day, raw (flagged ones and repeat households included)',
  }),
  verified_reservations: Type.Integer({ description: 'Of those, by signed-in people with a verified email' }),
  visitor_reservations: Type.Integer({ description: 'Of those, by visitor sessions (no account)' }),
  cancellations: Type.Integer(),
  failed_jobs: Type.Integer(),
  support_opened: Type.Integer(),
  incidents_opened: Type.Integer(),
});
export type FounderDay = Type.Static<typeof FounderDay>;

export const FounderIncident = Type.Object({
  id: Type.String(),
  alert_key: Type.String(),
  severity: Type.String(),
  title: Type.String(),
  state: Type.Enum(['open', 'acknowledged', 'resolved']),
  occurrences: Type.Integer(),
  first_seen_at: Type.String(),
  last_seen_at: Type.String(),
  resolved_at: Type.Union([Type.String(), Type.Null()]),
});

export const FounderDashboard = Type.Object({
  period: Type.Object({
    kind: Type.Enum([...FOUNDER_PERIODS]),
    from: Type.String(),
    to: Type.String(),
    launch_day: Type.Union([Type.String({ format: 'date' }), Type.Null()], {
      description: 'The UTC day of the first product event; null before any',
    }),
    elapsed_share: Type.Number({ description: 'Share of the period already past (0–1)' }),
    as_of: Type.String(),
  }),
  metrics: Type.Array(FounderMetric),
  cancellation_rate: Type.Object({
    value: Type.Union([Type.Number(), Type.Null()], { description: 'Null when no reservation was made' }),
    cancelled: Type.Integer({ description: 'Reservations made in the period that are cancelled now' }),
    reserved: Type.Integer({ description: 'Reservations made in the period' }),
    target_below: Type.Union([Type.Number(), Type.Null()]),
    status: Status,
  }),
  interest_reservations: Type.Object(
    {
      raw: Type.Integer({ description: 'Reservations made in the period (those cancelled since included)' }),
      households: Type.Integer({
        description:
          'Distinct households (network fingerprints) among them, flagged ones left out: what the Success target is judged on (the interest_reservations metric)',
      }),
      flagged: Type.Integer({
        description: 'Of the raw, those flagged for review as one of a burst from one network on one listing',
      }),
    },
    { description: 'The figures beside the interest-reservations target, as the demand review counts them' },
  ),
  failed_jobs: Type.Object({
    total: Type.Integer(),
    by_type: Type.Array(
      Type.Object({ type: Type.String(), error_code: Type.String(), count: Type.Integer() }),
    ),
  }),
  support: Type.Object({
    opened: Type.Integer(),
    open_now: Type.Integer(),
    first_response: Type.Object({
      responded: Type.Integer(),
      awaiting: Type.Integer(),
      median_minutes: Type.Union([Type.Number(), Type.Null()]),
      max_minutes: Type.Union([Type.Number(), Type.Null()]),
    }),
    breaches: Type.Integer(),
    target: Type.Union([Type.Enum(['same_day', 'same_business_day']), Type.Null()]),
    status: Status,
  }),
  beta_feedback: Type.Object({
    available: Type.Boolean(),
    reason: Type.Union([Type.String(), Type.Null()]),
    count: Type.Union([Type.Integer(), Type.Null()]),
    mean_rating: Type.Union([Type.Number(), Type.Null()]),
    by_reason: Type.Array(Type.Object({ reason: Type.String(), count: Type.Integer() })),
  }),
  incidents: Type.Object({
    open: Type.Array(FounderIncident),
    recent: Type.Array(FounderIncident),
  }),
  funnels: Type.Array(Funnel),
  daily: Type.Array(FounderDay),
});
export type FounderDashboard = Type.Static<typeof FounderDashboard>;
