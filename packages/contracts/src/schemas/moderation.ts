/**
 * The moderation queue (staff and founders): listings waiting for a moderator — pending from the
 * automatic checks or an owner's edit, reported, hidden by reports, appealed — with what caused it,
 * and the decisions that move a listing's moderation state.
 */
import Type from 'typebox';
import {
  MODERATION_ACTIONS,
  MODERATION_QUEUE_KINDS,
  MODERATION_STATES,
  REPORT_REASONS,
} from '../listing-terms';
import { PersonRef } from './listing';

export const MODERATION_REASON_MAX_LENGTH = 2000;

export const ModerationQueueQuery = Type.Object({
  kind: Type.Optional(
    Type.Enum([...MODERATION_QUEUE_KINDS], {
      description:
        'review: pending after the automatic checks or an edit; reported; hidden_by_reports; appealed',
    }),
  ),
  reason: Type.Optional(
    Type.Enum([...REPORT_REASONS], { description: 'Has an open report for this reason' }),
  ),
  from: Type.Optional(Type.String({ format: 'date-time', description: 'Queued at or after (UTC)' })),
  to: Type.Optional(Type.String({ format: 'date-time', description: 'Queued before (UTC)' })),
  cursor: Type.Optional(Type.String({ maxLength: 512 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
});

export const ModerationFlag = Type.Object({
  code: Type.String(),
  message: Type.String(),
  excerpt: Type.Union([Type.String(), Type.Null()], {
    description: 'The text that caused the finding (null for findings stored before excerpts were kept)',
  }),
});

export const ModerationReport = Type.Object({
  id: Type.String(),
  reason: Type.Enum([...REPORT_REASONS]),
  message: Type.String({ description: "The reporter's message, as they wrote it in support" }),
  conversation_id: Type.Union([Type.String(), Type.Null()], {
    description: 'The support conversation the report was made in',
  }),
  reporter_kind: Type.Enum(['user', 'visitor', 'network', 'erased']),
  open: Type.Boolean({ description: 'Not yet settled by a decision' }),
  created_at: Type.String(),
});

export const ModerationDecision = Type.Object({
  id: Type.String(),
  action: Type.Enum([...MODERATION_ACTIONS]),
  reason: Type.Union([Type.String(), Type.Null()]),
  from_state: Type.Enum([...MODERATION_STATES]),
  to_state: Type.Enum([...MODERATION_STATES]),
  moderator: Type.Union([PersonRef, Type.Null()]),
  created_at: Type.String(),
});

export const ModerationAppeal = Type.Object({
  id: Type.String(),
  decision_id: Type.String(),
  message: Type.String(),
  conversation_id: Type.Union([Type.String(), Type.Null()]),
  answered_by: Type.Union([Type.String(), Type.Null()], { description: 'The decision that answered it' }),
  created_at: Type.String(),
});

export const ModerationItem = Type.Object({
  listing: Type.Object({
    id: Type.String(),
    slug: Type.String(),
    title: Type.String(),
    preview_url: Type.String({ description: 'The listing’s preview picture' }),
    state: Type.Enum(['published', 'unpublished']),
    visibility: Type.String(),
    moderation_state: Type.Enum([...MODERATION_STATES]),
    owner: PersonRef,
    active_reservations: Type.Integer(),
    published_at: Type.String(),
    updated_at: Type.String(),
  }),
  queue: Type.Union(
    [Type.Object({ kind: Type.Enum([...MODERATION_QUEUE_KINDS]), queued_at: Type.String() }), Type.Null()],
    { description: 'Null when nothing about the listing waits for a moderator' },
  ),
  flags: Type.Array(ModerationFlag, { description: 'The automatic findings of its current text' }),
  report_counts: Type.Object({
    open: Type.Integer(),
    total: Type.Integer(),
    open_networks: Type.Integer({ description: 'Distinct networks among the open reports (what hides it)' }),
    by_reason: Type.Record(Type.String(), Type.Integer(), { description: 'Open reports per reason' }),
  }),
  reports: Type.Array(ModerationReport, {
    description: 'Newest first: in the queue the open ones, in the history every one',
  }),
  appeals: Type.Array(ModerationAppeal, { description: 'Newest first' }),
  decisions: Type.Array(ModerationDecision, {
    description: 'Newest first: in the queue the last five, in the history every one',
  }),
});
export type ModerationItem = Type.Static<typeof ModerationItem>;

export const ModerationQueueResponse = Type.Object({
  items: Type.Array(ModerationItem, { description: 'Oldest queued first' }),
  next_cursor: Type.Union([Type.String(), Type.Null()]),
});

export const ModerationListingParams = Type.Object({ listingId: Type.String({ format: 'uuid' }) });

export const ModerationDecisionRequest = Type.Object({
  action: Type.Enum([...MODERATION_ACTIONS]),
  reason: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: MODERATION_REASON_MAX_LENGTH,
      description: 'Required for reject, hide and request_changes; shown to the owner',
    }),
  ),
});
export type ModerationDecisionRequest = Type.Static<typeof ModerationDecisionRequest>;
