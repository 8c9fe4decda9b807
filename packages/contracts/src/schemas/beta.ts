/**
 * The beta programme: structured feedback from testers and visitors, cohorts of testers joined by
 * invitation, the founder's observed beta sessions, and the learning review (after 72 hours from
 * launch, then weekly).
 */
import Type from 'typebox';
import { SUPPORTED_LOCALES } from '../locales';
import { OneLine } from './common';

export const BETA_FEEDBACK_REASONS = [
  'bug',
  'confusing',
  'missing_feature',
  'slow',
  'praise',
  'other',
] as const;
export type BetaFeedbackReason = (typeof BETA_FEEDBACK_REASONS)[number];
export const BETA_TASK_OUTCOMES = ['success', 'struggled', 'failed'] as const;
export type BetaTaskOutcome = (typeof BETA_TASK_OUTCOMES)[number];
export const BETA_TRANSLATION_STATUSES = ['not_needed', 'translated', 'unavailable', 'failed'] as const;
export type BetaTranslationStatus = (typeof BETA_TRANSLATION_STATUSES)[number];
export const BETA_FEEDBACK_TEXT_MAX_LENGTH = 2000;

const Nullable = <T extends Type.TSchema>(t: T) => Type.Union([t, Type.Null()]);
const Locale = Type.Enum([...SUPPORTED_LOCALES]);
const Screen = Type.String({
  minLength: 1,
  maxLength: 64,
  pattern: '^[a-z][a-z0-9_./-]*$',
  description: 'The screen the feedback is about, e.g. create, gallery, listing, dashboard',
});

export const BetaFeedbackRequest = Type.Object({
  rating: Type.Integer({ minimum: 1, maximum: 5 }),
  reason: Type.Enum([...BETA_FEEDBACK_REASONS]),
  screen: Screen,
  context: Type.Optional(
    Type.Object({
      route: Type.Optional(OneLine({ maxLength: 300 })),
      listing_id: Type.Optional(Type.String({ format: 'uuid', description: 'A listing you may see' })),
      draft_id: Type.Optional(Type.String({ format: 'uuid', description: 'One of your drafts (signed in)' })),
    }),
  ),
  app_version: Type.Optional(OneLine({ minLength: 1, maxLength: 64, description: 'What the client runs' })),
  text: Type.Optional(Type.String({ maxLength: BETA_FEEDBACK_TEXT_MAX_LENGTH })),
  language: Type.Optional(
    Type.Enum([...SUPPORTED_LOCALES], {
      description: 'The language of text (default: from Accept-Language)',
    }),
  ),
  screenshot_media_id: Type.Optional(
    Type.String({ format: 'uuid', description: 'An image you uploaded with POST /api/media/uploads' }),
  ),
});
export type BetaFeedbackRequest = Type.Static<typeof BetaFeedbackRequest>;

export const BetaRelease = Type.Object({
  server_version: Type.String(),
  release_tag: Type.String(),
  app_version: Nullable(Type.String()),
});

export const BetaFeedbackReceipt = Type.Object({
  id: Type.String(),
  rating: Type.Integer(),
  reason: Type.Enum([...BETA_FEEDBACK_REASONS]),
  screen: Type.String(),
  release: BetaRelease,
  created_at: Type.String(),
});

export const BetaFeedbackText = Type.Object({
  original: Type.String(),
  language: Locale,
  translation: Nullable(Type.String()),
  translation_language: Locale,
  translation_status: Type.Enum([...BETA_TRANSLATION_STATUSES]),
  translation_provider: Nullable(Type.String()),
  note: Nullable(Type.String({ description: 'Why there is no translation, when there is none' })),
});

export const BetaFeedback = Type.Object({
  id: Type.String(),
  rating: Type.Integer(),
  reason: Type.Enum([...BETA_FEEDBACK_REASONS]),
  screen: Type.String(),
  context: Type.Object({
    route: Nullable(Type.String()),
    listing_id: Nullable(Type.String()),
    draft_id: Nullable(Type.String()),
  }),
  release: BetaRelease,
  text: Nullable(BetaFeedbackText),
  screenshot_media_id: Nullable(Type.String()),
  author: Type.Object({
    kind: Type.Enum(['user', 'visitor', 'unknown']),
    user_id: Nullable(Type.String()),
    cohorts: Type.Array(Type.Object({ id: Type.String(), name: Type.String() })),
  }),
  created_at: Type.String(),
});
export type BetaFeedback = Type.Static<typeof BetaFeedback>;

export const BetaFeedbackQuery = Type.Object({
  screen: Type.Optional(Screen),
  reason: Type.Optional(Type.Enum([...BETA_FEEDBACK_REASONS])),
  rating: Type.Optional(Type.Integer({ minimum: 1, maximum: 5 })),
  release: Type.Optional(
    Type.String({ minLength: 1, maxLength: 64, description: 'A release tag, server version or app version' }),
  ),
  cohort: Type.Optional(Type.String({ format: 'uuid', description: 'From testers of this cohort' })),
  cursor: Type.Optional(Type.String({ maxLength: 512 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
});
export type BetaFeedbackQuery = Type.Static<typeof BetaFeedbackQuery>;

export const BetaFeedbackPage = Type.Object({
  items: Type.Array(BetaFeedback),
  next_cursor: Nullable(Type.String()),
});

export const CreateBetaCohortRequest = Type.Object({
  name: OneLine({ minLength: 1, maxLength: 80 }),
  description: Type.Optional(Type.String({ maxLength: 1000 })),
});

export const BetaCohort = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Nullable(Type.String()),
  testers: Type.Integer(),
  invitations: Type.Integer(),
  redemptions: Type.Integer(),
  created_at: Type.String(),
});
export type BetaCohort = Type.Static<typeof BetaCohort>;

export const BetaCohortIdParams = Type.Object({ cohortId: Type.String({ format: 'uuid' }) });
export const BetaInvitationIdParams = Type.Object({ invitationId: Type.String({ format: 'uuid' }) });
export const BetaCodeParams = Type.Object({ code: Type.String({ minLength: 1, maxLength: 64 }) });

export const CreateBetaInvitationsRequest = Type.Object({
  count: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 100, default: 1, description: 'How many codes (not with email)' }),
  ),
  max_redemptions: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 10000, default: 1, description: 'Redemptions allowed per code' }),
  ),
  expires_at: Type.Optional(Type.String({ format: 'date-time' })),
  email: Type.Optional(
    Type.String({ format: 'email', maxLength: 254, description: 'Send one code by email to this address' }),
  ),
  locale: Type.Optional(Type.Enum([...SUPPORTED_LOCALES], { description: 'The language of the email' })),
});
export type CreateBetaInvitationsRequest = Type.Static<typeof CreateBetaInvitationsRequest>;

export const BETA_INVITATION_STATUSES = ['active', 'expired', 'revoked', 'used_up'] as const;

export const BetaInvitation = Type.Object({
  id: Type.String(),
  cohort_id: Type.String(),
  code: Type.String(),
  link: Type.String({ description: 'The sign-up address carrying the code' }),
  max_redemptions: Type.Integer(),
  redemptions: Type.Integer(),
  status: Type.Enum([...BETA_INVITATION_STATUSES]),
  expires_at: Nullable(Type.String()),
  email: Nullable(Type.String()),
  locale: Nullable(Locale),
  revoked_at: Nullable(Type.String()),
  created_at: Type.String(),
});
export type BetaInvitation = Type.Static<typeof BetaInvitation>;

export const BetaInvitationList = Type.Object({ items: Type.Array(BetaInvitation) });

export const BetaMembership = Type.Object({
  cohort_id: Type.String(),
  cohort_name: Type.String(),
  joined_at: Type.String(),
});

export const BetaRedemption = Type.Object({
  membership: BetaMembership,
  already_tester: Type.Boolean({ description: 'True when you had already joined this cohort' }),
});

export const MyBeta = Type.Object({
  tester: Type.Boolean(),
  cohorts: Type.Array(BetaMembership),
});
export type MyBeta = Type.Static<typeof MyBeta>;

/** A person's part of the beta programme, in their account export. */
export const ExportedBetaProgramme = Type.Object({
  cohorts: Type.Array(BetaMembership),
  feedback: Type.Array(
    Type.Object({
      id: Type.String(),
      rating: Type.Integer(),
      reason: Type.String(),
      screen: Type.String(),
      route: Nullable(Type.String()),
      listing_id: Nullable(Type.String()),
      draft_id: Nullable(Type.String()),
      server_version: Type.String(),
      release_tag: Type.String(),
      app_version: Nullable(Type.String()),
      body: Nullable(Type.String()),
      body_language: Type.String(),
      translation: Nullable(Type.String({ description: 'The machine translation made for staff' })),
      screenshot_media_id: Nullable(Type.String()),
      created_at: Type.String(),
    }),
  ),
  observed_sessions: Type.Array(
    Type.Object({
      id: Type.String(),
      observed_at: Type.String(),
      consent_text_version: Type.String(),
      tasks: Type.Array(
        Type.Object({
          task: Type.String(),
          outcome: Type.String(),
          notes: Nullable(Type.String()),
        }),
      ),
      interview_notes: Nullable(Type.String()),
    }),
    { description: 'Beta sessions in which the founder watched you use the app, with your consent' },
  ),
});
export type ExportedBetaProgramme = Type.Static<typeof ExportedBetaProgramme>;

export const BetaSessionTask = Type.Object({
  task: OneLine({ minLength: 1, maxLength: 120 }),
  outcome: Type.Enum([...BETA_TASK_OUTCOMES]),
  notes: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
});

const LinkedIssues = Type.Array(OneLine({ minLength: 1, maxLength: 200 }), {
  maxItems: 50,
  description: 'Free references: issue numbers, URLs, support conversation ids',
});

export const CreateBetaSessionRequest = Type.Object({
  tester_user_id: Type.Optional(Type.String({ format: 'uuid' })),
  tester_label: Type.Optional(
    OneLine({ minLength: 1, maxLength: 120, description: 'Someone without an account' }),
  ),
  consent_given: Type.Boolean({ description: 'Must be true: no session is recorded without consent' }),
  consent_text_version: OneLine({ minLength: 1, maxLength: 40 }),
  observed_at: Type.Optional(Type.String({ format: 'date-time', description: 'Default: now' })),
  tasks: Type.Array(BetaSessionTask, { maxItems: 50 }),
  linked_issues: Type.Optional(LinkedIssues),
  interview_notes: Type.Optional(Type.String({ maxLength: 10000 })),
});
export type CreateBetaSessionRequest = Type.Static<typeof CreateBetaSessionRequest>;

export const UpdateBetaSessionRequest = Type.Object({
  tester_label: Type.Optional(Nullable(OneLine({ minLength: 1, maxLength: 120 }))),
  observed_at: Type.Optional(Type.String({ format: 'date-time' })),
  tasks: Type.Optional(Type.Array(BetaSessionTask, { maxItems: 50, description: 'Replaces the tasks' })),
  linked_issues: Type.Optional(LinkedIssues),
  interview_notes: Type.Optional(Nullable(Type.String({ maxLength: 10000 }))),
});
export type UpdateBetaSessionRequest = Type.Static<typeof UpdateBetaSessionRequest>;

export const BetaSession = Type.Object({
  id: Type.String(),
  tester: Type.Object({
    user_id: Nullable(Type.String()),
    display_name: Nullable(Type.String()),
    label: Nullable(Type.String()),
  }),
  consent_given: Type.Boolean(),
  consent_text_version: Type.String(),
  observed_at: Type.String(),
  tasks: Type.Array(
    Type.Object({
      task: Type.String(),
      outcome: Type.Enum([...BETA_TASK_OUTCOMES]),
      notes: Nullable(Type.String()),
    }),
  ),
  linked_issues: Type.Array(Type.String()),
  interview_notes: Nullable(Type.String()),
  recorded_by: Nullable(Type.String()),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type BetaSession = Type.Static<typeof BetaSession>;

export const BetaSessionIdParams = Type.Object({ sessionId: Type.String({ format: 'uuid' }) });
export const BetaSessionsQuery = Type.Object({
  cursor: Type.Optional(Type.String({ maxLength: 512 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
});
export const BetaSessionPage = Type.Object({
  items: Type.Array(BetaSession),
  next_cursor: Nullable(Type.String()),
});

export const LearningReviewQuery = Type.Object({
  period: Type.Optional(
    Type.Enum(['latest', 'all'], {
      description: 'latest: the most recent window that has begun (default); all: every one so far',
    }),
  ),
});

const ReasonCount = Type.Object({ reason: Type.Enum([...BETA_FEEDBACK_REASONS]), count: Type.Integer() });

export const LearningReviewWindow = Type.Object({
  index: Type.Integer({ description: '0: the first 72 hours; then each week' }),
  from: Type.String(),
  to: Type.String(),
  review_due_at: Type.String(),
  complete: Type.Boolean({ description: 'The window has ended: its review is due' }),
  feedback: Type.Object({
    count: Type.Integer(),
    mean_rating: Nullable(Type.Number()),
    by_screen: Type.Array(
      Type.Object({
        screen: Type.String(),
        count: Type.Integer(),
        mean_rating: Type.Number(),
        by_reason: Type.Array(ReasonCount),
      }),
    ),
  }),
  sessions: Type.Object({
    count: Type.Integer(),
    tasks: Type.Array(
      Type.Object({
        task: Type.String(),
        success: Type.Integer(),
        struggled: Type.Integer(),
        failed: Type.Integer(),
      }),
    ),
  }),
  top_text: Type.Array(
    Type.Object({
      feedback_id: Type.String(),
      screen: Type.String(),
      rating: Type.Integer(),
      reason: Type.Enum([...BETA_FEEDBACK_REASONS]),
      text: BetaFeedbackText,
      created_at: Type.String(),
    }),
    { description: 'Up to 10 written comments, lowest rating first, then newest' },
  ),
});

export const LearningReview = Type.Object({
  launch_at: Nullable(Type.String()),
  launch_source: Nullable(Type.Enum(['config', 'first_recorded_event'])),
  note: Nullable(Type.String()),
  windows: Type.Array(LearningReviewWindow),
});
export type LearningReview = Type.Static<typeof LearningReview>;
