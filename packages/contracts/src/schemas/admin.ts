/** Founder and staff endpoints: feature flags, phase gates and decisions, roles, errors, the job queue. */
import Type from 'typebox';
import { GATES, PHASES } from '../phases';
import { RELEASE_TAG_PATTERN } from '../release-tags';
import { ROLES } from '../roles';
import { OneLine } from './common';

export const FlagsResponse = Type.Object({
  flags: Type.Array(
    Type.Object({ flag: Type.String(), enabled: Type.Boolean(), description: Type.String() }),
  ),
});
export const SetFlagRequest = Type.Object({ enabled: Type.Boolean() });
export const SetFlagResponse = Type.Object({ flag: Type.String(), enabled: Type.Boolean() });

export const GateState = Type.Object({
  gate: Type.String(),
  passed: Type.Boolean(),
  version: Type.String(),
  evidence: Type.String(),
  recorded_by: Type.String(),
  recorded_at: Type.String(),
});
export type GateStateBody = Type.Static<typeof GateState>;

export const PhaseResponse = Type.Object({
  phase: Type.Enum([...PHASES]),
  required_gates: Type.Record(Type.String(), Type.Array(Type.String())),
  gates: Type.Array(GateState),
});

export const RecordGateRequest = Type.Object({
  gate: Type.Enum([...GATES]),
  passed: Type.Boolean(),
  version: OneLine({ minLength: 1, maxLength: 64 }),
  evidence: Type.String({ minLength: 1, maxLength: 4000 }),
});
export type RecordGateRequest = Type.Static<typeof RecordGateRequest>;

export const PhaseDecisionRequest = Type.Object({
  target: Type.Enum(['A.5', 'B']),
  reason: Type.String({ minLength: 3, maxLength: 2000 }),
  /** The release that opens the phase: phase-a5-preorder-YYYYMMDD.N for A.5, phase-b-fulfilment-YYYYMMDD.N for B. */
  release_tag: Type.String({ minLength: 1, maxLength: 64, pattern: RELEASE_TAG_PATTERN }),
});
export const PhaseDecisionResponse = Type.Object({ phase: Type.Enum([...PHASES]) });

export const ChangeRoleRequest = Type.Object({ role: Type.Enum([...ROLES]) });

export const ErrorsQuery = Type.Object({
  days: Type.Optional(Type.Integer({ minimum: 1, maximum: 90, default: 7 })),
  source: Type.Optional(Type.Enum(['server', 'worker', 'client'])),
  correlation_id: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
});
export type ErrorsQuery = Type.Static<typeof ErrorsQuery>;

const Nullable = <T extends Type.TSchema>(t: T) => Type.Union([t, Type.Null()]);

export const ErrorGroup = Type.Object({
  fingerprint: Type.String(),
  source: Type.String(),
  kind: Type.String(),
  code: Nullable(Type.String()),
  message: Type.String(),
  route: Nullable(Type.String()),
  count: Type.Integer(),
  first_seen: Type.String(),
  last_seen: Type.String(),
  last_correlation_id: Nullable(Type.String()),
});

export const ErrorEventItem = Type.Object({
  id: Type.String(),
  source: Type.String(),
  kind: Type.String(),
  code: Nullable(Type.String()),
  status: Nullable(Type.Integer()),
  message: Type.String(),
  stack: Nullable(Type.String()),
  route: Nullable(Type.String()),
  correlation_id: Nullable(Type.String()),
  release: Nullable(Type.String()),
  actor: Nullable(Type.String()),
  occurred_at: Type.String(),
});

export const ErrorsResponse = Type.Object({
  groups: Type.Array(ErrorGroup),
  events: Type.Array(ErrorEventItem),
});
export type ErrorsResponse = Type.Static<typeof ErrorsResponse>;

export const QueueHealth = Type.Object({
  queued: Type.Integer(),
  running: Type.Integer(),
  dead: Type.Integer({ description: 'Dead letters within limits.dead_letter_window_hours' }),
  queue_age_p95_seconds: Type.Number(),
  limits: Type.Object({
    queue_age_p95_seconds: Type.Number(),
    dead_letters: Type.Number(),
    dead_letter_window_hours: Type.Number(),
  }),
  stuck: Type.Boolean(),
});
export type QueueHealth = Type.Static<typeof QueueHealth>;
