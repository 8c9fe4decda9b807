/**
 * A person's own account as a whole: the machine-readable export of everything the platform holds
 * about them (UK GDPR right of access and portability) and self-service deletion (right to
 * erasure). The export's shape is versioned: a new field may appear within a version, a field
 * changes meaning or disappears only with a new `version`.
 */
import Type from 'typebox';
import { AUTH_PROVIDERS, PASSWORD_MAX_LENGTH } from '../auth-rules';
import { CONSENT_STATES } from '../product-events';
import { ROLES } from '../roles';
import { ExportedBetaProgramme } from './beta';
import { OneLine } from './common';
import { Draft } from './create';
import { Notification, Reservation, SupportConversation } from './discover';
import { Preorder } from './preorders';

export const ACCOUNT_EXPORT_FORMAT = 'kitwright.account-export';
export const ACCOUNT_EXPORT_VERSION = 1;

const Nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Time = Type.String({ format: 'date-time' });
const Json = Type.Record(Type.String(), Type.Unknown());
const ConsentState = Type.Enum([...CONSENT_STATES]);

export const ExportedAccount = Type.Object({
  id: Type.String(),
  username: Type.String(),
  email: Type.String(),
  display_name: Type.String(),
  roles: Type.Array(Type.Enum([...ROLES])),
  email_verified_at: Nullable(Time),
  locale: Type.String(),
  sign_up_provider: Type.Enum([...AUTH_PROVIDERS]),
  password_set: Type.Boolean({
    description: 'Whether a password is set; the password itself is never exported',
  }),
  password_changed_at: Nullable(Time),
  source_attribution: Json,
  created_at: Time,
  updated_at: Time,
});

export const ExportedIdentity = Type.Object({
  provider: Type.Enum(['google', 'apple']),
  subject: Type.String({ description: 'The identifier the provider gave this account' }),
  email: Nullable(Type.String()),
  email_verified: Type.Boolean(),
  linked_at: Time,
});

export const ExportedSession = Type.Object({
  id: Type.String(),
  provider: Type.Enum([...AUTH_PROVIDERS]),
  device_id: Nullable(Type.String()),
  ip_address: Nullable(Type.String()),
  user_agent: Nullable(Type.String()),
  created_at: Time,
  last_used_at: Time,
  expires_at: Time,
  revoked_at: Nullable(Time),
  revoked_reason: Nullable(Type.String()),
  current: Type.Boolean({ description: 'The session that asked for this export' }),
});

export const ExportedVisitorSession = Type.Object({
  id: Type.String(),
  created_at: Time,
  last_seen_at: Time,
  consent_state: ConsentState,
  source_attribution: Json,
  claimed_at: Nullable(Time),
});

export const ExportedListing = Type.Object({
  id: Type.String(),
  slug: Type.String(),
  url: Type.String(),
  title: Type.String(),
  description: Type.String(),
  tags: Type.Array(Type.String()),
  category: Type.String(),
  source_language: Type.String(),
  visibility: Type.String(),
  moderation_state: Type.String(),
  use_case: Type.String(),
  mode: Type.String(),
  draft_id: Nullable(Type.String()),
  /** published or unpublished (a deleted listing is no longer the person's and is not exported). */
  state: Type.String(),
  licence_version: Type.String(),
  licence_accepted_at: Time,
  media_ids: Type.Array(Type.String()),
  kit_file_id: Nullable(Type.String()),
  preview_file_id: Nullable(Type.String()),
  preview_png_file_id: Nullable(Type.String()),
  counts: Type.Object({
    views: Type.Integer(),
    saves: Type.Integer(),
    reservations: Type.Integer(),
    reserved_quantity: Type.Integer(),
  }),
  translations: Type.Record(
    Type.String(),
    Type.Object({
      title: Type.Optional(Type.String()),
      description: Type.Optional(Type.String()),
      tags: Type.Optional(Type.String()),
    }),
    { description: 'Machine translations of the listing text, by language' },
  ),
  published_at: Time,
  updated_at: Time,
});

export const ExportedShare = Type.Object({
  listing_id: Type.String(),
  code: Type.String(),
  channel: Type.String(),
  visits: Type.Integer(),
  created_at: Time,
});

export const ExportedFile = Type.Object({
  id: Type.String(),
  kind: Type.Enum(['source_model', 'image', 'kit', 'preview']),
  format: Type.String(),
  content_type: Type.String(),
  byte_size: Type.Integer(),
  sha256: Type.String(),
  original_name: Nullable(Type.String()),
  width: Nullable(Type.Integer()),
  height: Nullable(Type.Integer()),
  content_path: Type.String({ description: 'Where the signed-in owner downloads the bytes' }),
  created_at: Time,
});

export const ExportedSave = Type.Object({
  listing_id: Type.String(),
  source_surface: Type.String(),
  saved_at: Time,
});

export const ExportedBroadcastRead = Type.Object({
  notification_id: Type.String(),
  read_at: Time,
});

export const ExportedSupportConversation = Type.Object({
  ...SupportConversation.properties,
  contact_email: Nullable(Type.String()),
  language: Type.String(),
});

export const ExportedJob = Type.Object({
  id: Type.String(),
  type: Type.String(),
  status: Type.String(),
  resource: Nullable(Type.Object({ type: Type.String(), id: Type.String() })),
  error_code: Nullable(Type.String()),
  created_at: Time,
  finished_at: Nullable(Time),
});

export const ExportedProductEvent = Type.Object({
  id: Type.String(),
  name: Type.String(),
  version: Type.Integer(),
  consent_class: Type.String(),
  properties: Json,
  route: Nullable(Type.String()),
  occurred_at: Time,
});

export const ExportedAuditRecord = Type.Object({
  seq: Type.Integer(),
  occurred_at: Time,
  action: Type.String(),
  actor_type: Type.String(),
  actor_id: Nullable(Type.String()),
  resource_type: Type.String(),
  resource_id: Nullable(Type.String()),
  details: Json,
});

export const ExportedErrorReport = Type.Object({
  occurred_at: Time,
  source: Type.String(),
  kind: Type.String(),
  code: Nullable(Type.String()),
  route: Nullable(Type.String()),
  correlation_id: Nullable(Type.String()),
});

export const ExportedConsents = Type.Object({
  analytics: Type.Object({
    account: ConsentState,
    visitor_sessions: Type.Array(Type.Object({ visitor_session_id: Type.String(), state: ConsentState })),
  }),
  content_licence: Type.Array(
    Type.Object({ listing_id: Type.String(), version: Type.String(), accepted_at: Time }),
  ),
  interest_notice: Type.Array(
    Type.Object({ reservation_id: Type.String(), version: Type.String(), acknowledged_at: Time }),
  ),
});

export const AccountExport = Type.Object(
  {
    format: Type.Literal(ACCOUNT_EXPORT_FORMAT),
    version: Type.Literal(ACCOUNT_EXPORT_VERSION),
    exported_at: Time,
    account: ExportedAccount,
    identities: Type.Array(ExportedIdentity, {
      description: 'Google or Apple sign-ins linked to the account',
    }),
    sessions: Type.Array(ExportedSession, { description: 'Sign-in sessions (no tokens)' }),
    visitor_sessions: Type.Array(ExportedVisitorSession, {
      description: 'Visitor sessions from before signing in, now part of the account',
    }),
    consents: ExportedConsents,
    drafts: Type.Array(Draft),
    listings: Type.Array(ExportedListing, { description: 'Published designs, with their texts' }),
    shares: Type.Array(ExportedShare, { description: 'Share links you made' }),
    files: Type.Array(ExportedFile, { description: 'Uploads and generated kits and previews' }),
    saves: Type.Array(ExportedSave),
    interest_reservations: Type.Array(Reservation),
    notifications: Type.Array(Notification),
    broadcast_reads: Type.Array(ExportedBroadcastRead, {
      description: 'Notices for everyone that you marked read',
    }),
    support_conversations: Type.Array(ExportedSupportConversation),
    jobs: Type.Array(ExportedJob, { description: 'Processing work started for your drafts' }),
    product_events: Type.Array(ExportedProductEvent, {
      description: 'Usage events recorded with your account',
    }),
    audit_records: Type.Array(ExportedAuditRecord, {
      description: 'Security records of what you did and what was done to your account',
    }),
    error_reports: Type.Array(ExportedErrorReport, {
      description: 'Failures recorded while you used the app',
    }),
    beta_programme: ExportedBetaProgramme,
    pre_orders: Type.Array(Preorder, { description: 'Your Phase A.5 no-capture pre-orders' }),
    designer_terms: Type.Array(
      Type.Object({
        listing_id: Type.String(),
        version: Type.String(),
        accepted_at: Type.String(),
        withdrawn_at: Type.Union([Type.String(), Type.Null()]),
      }),
      { description: 'The designer commerce terms you accepted for your listings' },
    ),
  },
  { description: 'Everything Kitwright holds about one account (format kitwright.account-export)' },
);
export type AccountExport = Type.Static<typeof AccountExport>;

export const DeleteAccountRequest = Type.Object({
  confirm: OneLine({
    minLength: 1,
    maxLength: 64,
    description: 'The account’s username, typed again (letter case does not matter)',
  }),
  password: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: PASSWORD_MAX_LENGTH,
      description: 'Required when the account has a password',
    }),
  ),
});
export type DeleteAccountRequest = Type.Static<typeof DeleteAccountRequest>;

export const DeleteAccountResponse = Type.Object({
  deleted: Type.Literal(true),
  removed: Type.Object({
    listings: Type.Integer(),
    drafts: Type.Integer(),
    files: Type.Integer(),
    saves: Type.Integer(),
    notifications: Type.Integer(),
    sessions: Type.Integer(),
  }),
  reservations_cancelled: Type.Integer(),
  support_conversations_kept: Type.Integer({
    description: 'Kept for their retention period, no longer linked to anyone',
  }),
  confirmation_email: Type.Boolean({ description: 'A confirmation was sent to the verified address' }),
});
export type DeleteAccountResponse = Type.Static<typeof DeleteAccountResponse>;
