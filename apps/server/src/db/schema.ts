/**
 * Kysely table types, written by hand to match db/migrations. A column with a database default is
 * Generated (optional on insert); any other NOT NULL column is required on insert. Timestamps are
 * read as Date. test/schema-drift.test.ts compares this file with the migrated database. A column
 * that holds one of the contracts' enums has the contracts' type: the values are never spelled twice.
 */
import type {
  AllowedUseCase,
  AuthProvider,
  BetaFeedbackReason,
  BetaTaskOutcome,
  BetaTranslationStatus,
  CheckoutSetupStatus,
  ConsentState,
  ConversionInviteState,
  DraftMode,
  DraftStage,
  IncidentNoteKind,
  IncidentState,
  JobStatus,
  ListingState,
  Locale,
  ModerationAction,
  ModerationQueueKind,
  ModerationState,
  OAuthProvider,
  PreorderCurrency,
  PreorderStatus,
  QualificationState,
  ReferenceOptions,
  ReportReason,
  ReservationStatus,
  ReserverTrust,
  Role,
  SupportLinkType,
  SupportResponseBucket,
  ValidationState,
  Visibility,
} from '@kitwright/contracts';
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A timestamp column with a database default: optional on insert. */
type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** A JSON column, written as a value or as JSON text (pg would send a JS array as a SQL array). */
type Json<T = unknown> = ColumnType<T, string | T, string | T>;
/** A JSON column with a database default: optional on insert. */
type GeneratedJson<T = unknown> = ColumnType<T, string | T | undefined, string | T>;

export interface UsersTable {
  id: string;
  username: string;
  email: string;
  password_hash: string | null;
  display_name: string;
  role: Generated<Role>;
  email_verified_at: NullableTimestamp;
  locale: Generated<string>;
  signup_provider: Generated<AuthProvider>;
  consent_state: Generated<ConsentState>;
  source_attribution: GeneratedJson<Record<string, unknown>>;
  password_changed_at: NullableTimestamp;
  consent_updated_at: NullableTimestamp;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

export type SessionRevokedReason = 'logout' | 'password_changed' | 'password_reset' | 'refresh_token_reused';

export interface AuthSessionsTable {
  id: string;
  user_id: string;
  provider: AuthProvider;
  device_id: string | null;
  ip_address: string | null;
  user_agent: string | null;
  created_at: Timestamp;
  last_used_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
  revoked_reason: SessionRevokedReason | null;
}

export interface RefreshTokensTable {
  id: string;
  session_id: string;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  rotated_at: NullableTimestamp;
}

export interface EmailTokensTable {
  id: string;
  user_id: string;
  purpose: 'verify_email' | 'reset_password';
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

export interface UserIdentitiesTable {
  id: string;
  user_id: string;
  provider: OAuthProvider;
  subject: string;
  email: string | null;
  email_verified: boolean;
  created_at: Timestamp;
}

export interface OauthAttemptsTable {
  state_hash: string;
  provider: OAuthProvider;
  /** The visitor session that began the attempt; its belongings move only if it also finishes it. */
  visitor_session_id: string | null;
  /** The name Apple posted with its first-sign-in callback, until the attempt is finished. */
  provider_name: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  /** The beta invitation code an OAuth sign-up started with (migration 0023). */
  beta_invitation_code: string | null;
  /**
   * No longer written (migration 0030): the verifier and nonce live only in the browser's sealed
   * cookie. Kept, nullable and empty, for the previous release during a rolling deploy.
   */
  code_verifier: string | null;
  nonce: string | null;
}

export interface VisitorSessionsTable {
  id: string;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  consent_state: Generated<ConsentState>;
  source_attribution: GeneratedJson<Record<string, unknown>>;
  claimed_by_user_id: string | null;
  consent_updated_at: NullableTimestamp;
  claimed_at: NullableTimestamp;
}

export interface RateLimitsTable {
  key: string;
  window_start: Timestamp;
  count: number;
  last_at: Timestamp;
}

export interface EmailOutboxTable {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  created_at: Timestamp;
}

export interface FeatureFlagsTable {
  key: string;
  enabled: boolean;
  updated_at: GeneratedTimestamp;
  updated_by: string;
}

export interface DeliveryStateTable {
  id: Generated<boolean>;
  phase: string;
  decided_at: GeneratedTimestamp;
  decided_by: string;
}

export interface GateRecordsTable {
  id: string;
  gate: string;
  passed: boolean;
  version: string;
  evidence: string;
  recorded_by: string;
  recorded_at: GeneratedTimestamp;
}

export interface PhaseDecisionsTable {
  id: string;
  from_phase: string;
  to_phase: string;
  reason: string;
  gate_evidence: Json<unknown[]>;
  release_tag: string | null;
  decided_by: string;
  decided_at: GeneratedTimestamp;
}

export interface AuditLogTable {
  seq: ColumnType<number, number, never>;
  id: string;
  occurred_at: Timestamp;
  actor_type: 'user' | 'operator' | 'system' | 'anonymous';
  actor_id: string | null;
  action: string;
  resource_type: string;
  resource_id: string | null;
  correlation_id: string | null;
  details: GeneratedJson<Record<string, unknown>>;
  prev_hash: string;
  hash: string;
}

export interface AuditChainHeadTable {
  id: Generated<boolean>;
  seq: number;
  hash: string;
}

export interface AlertsTable {
  id: string;
  alert_key: string;
  severity: string;
  title: string;
  owner: string;
  trigger: string;
  impacted_capability: string;
  runbook_action: string;
  state: Generated<IncidentState>;
  correlation_id: string | null;
  details: GeneratedJson<Record<string, unknown>>;
  occurrences: Generated<number>;
  first_seen_at: GeneratedTimestamp;
  last_seen_at: GeneratedTimestamp;
  resolved_at: NullableTimestamp;
  assignee_id: string | null;
  acknowledged_at: NullableTimestamp;
  acknowledged_by: string | null;
  resolved_by: string | null;
  resolution_note: string | null;
}

export interface IncidentNotesTable {
  id: string;
  alert_id: string;
  author_id: string | null;
  kind: IncidentNoteKind;
  body: string | null;
  created_at: Timestamp;
}

/** A failure recorded where it happened, counted by the alert evaluator (migration 0017). */
export interface AlertSignalsTable {
  id: string;
  alert_key: string;
  correlation_id: string | null;
  details: GeneratedJson<Record<string, unknown>>;
  occurred_at: Timestamp;
}

/** Each alert rule's progress across checks (migration 0017). */
export interface AlertRuleStateTable {
  alert_key: string;
  consecutive: Generated<number>;
  holding_since: NullableTimestamp;
  notified_level: Generated<number>;
  last_level: Generated<number>;
  last_value: number | null;
  last_checked_at: Timestamp;
}

/** Which worker process evaluates alerts, until when (migration 0017). */
export interface AlertEvaluatorLeaseTable {
  name: string;
  holder: string;
  expires_at: Timestamp;
}

export interface JobsTable {
  id: string;
  type: string;
  owner_user_id: string | null;
  resource_type: string | null;
  resource_id: string | null;
  idempotency_key: string | null;
  status: Generated<JobStatus>;
  payload: GeneratedJson<Record<string, unknown>>;
  steps: GeneratedJson<unknown[]>;
  current_step: string | null;
  progress: Generated<number>;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  run_at: GeneratedTimestamp;
  lease_owner: string | null;
  lease_expires_at: NullableTimestamp;
  cancel_requested_at: NullableTimestamp;
  error_code: string | null;
  error_message: string | null;
  error_retryable: boolean | null;
  /** Why a `degraded` job did not honour all of its request (set exactly when the status is degraded). */
  degraded_reason: string | null;
  artefacts: GeneratedJson<Record<string, unknown>>;
  correlation_id: string | null;
  created_at: GeneratedTimestamp;
  started_at: NullableTimestamp;
  finished_at: NullableTimestamp;
  updated_at: GeneratedTimestamp;
  retries: Generated<number>;
  dead_lettered_at: NullableTimestamp;
}

export type MediaKind = 'source_model' | 'image' | 'kit' | 'preview';

export interface MediaFilesTable {
  id: string;
  owner_user_id: string;
  kind: MediaKind;
  format: string;
  content_type: string;
  byte_size: number;
  sha256: string;
  storage_key: string;
  original_name: string | null;
  width: number | null;
  height: number | null;
  mesh_report: Json<Record<string, unknown>> | null;
  /** Where an uploaded model's validated mesh is stored, with what its check found (see migration 0010). */
  validated_mesh: Json<Record<string, unknown>> | null;
  created_at: Timestamp;
}

export interface DesignDraftsTable {
  id: string;
  owner_user_id: string;
  mode: DraftMode;
  title: string | null;
  source_upload_id: string | null;
  prompt: string | null;
  /** Mode B from a picture: ReferenceOptions (kind, width, depth, dithering, aspect); migration 0027. */
  reference: Json<ReferenceOptions> | null;
  source_language: Generated<string>;
  settings: GeneratedJson<Record<string, unknown>>;
  stage: Generated<DraftStage>;
  validation_state: Generated<ValidationState>;
  validation: GeneratedJson<Record<string, unknown>>;
  model_job_id: string | null;
  block_kit_job_id: string | null;
  kit_file_id: string | null;
  preview_file_id: string | null;
  preview_png_file_id: string | null;
  kit_summary: Json<Record<string, unknown>> | null;
  publish_state: Generated<'unpublished' | 'published'>;
  listing_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ListingsTable {
  id: string;
  slug: string;
  /** Null only once deleted (see migration 0011), like the kit and preview files. */
  draft_id: string | null;
  owner_user_id: string;
  creator_user_id: string;
  title: string;
  source_language: string;
  category: string;
  tags: ColumnType<string[], string[] | undefined, string[]>;
  visibility: Visibility;
  mode: DraftMode;
  use_case: AllowedUseCase;
  licence_version: string;
  licence_accepted_at: Timestamp;
  moderation_state: ModerationState;
  kit_file_id: string | null;
  preview_file_id: string | null;
  preview_png_file_id: string | null;
  media_ids: ColumnType<string[], string[] | undefined, string[]>;
  state: Generated<ListingState>;
  state_changed_at: Timestamp | null;
  commerce_state: Generated<'interest_only'>;
  published_at: Timestamp;
  updated_at: Timestamp;
  view_count: Generated<number>;
  save_count: Generated<number>;
  reservation_count: Generated<number>;
  reservation_quantity: Generated<number>;
  verified_reservation_count: Generated<number>;
  visitor_reservation_count: Generated<number>;
  household_count: Generated<number>;
  part_count: Generated<number>;
  size_mm: Generated<number>;
  colours: ColumnType<string[], string[] | undefined, string[]>;
  search_vector: ColumnType<string, string | undefined, string>;
  title_vector: ColumnType<string, string | undefined, string>;
}

/** The long parts of a listing, read for the page being served only. */
export interface ListingDetailsTable {
  listing_id: string;
  description: string;
  kit_summary: Json<Record<string, unknown>>;
  safety: Json<Record<string, unknown>>;
  moderation_flags: GeneratedJson<unknown[]>;
  i18n: GeneratedJson<
    Record<string, { title?: string; description?: string; tags?: string; source_hash?: string }>
  >;
}

export interface ListingViewsTable {
  listing_id: string;
  viewer_key: string;
  /** Written as 'YYYY-MM-DD'; pg reads a date back as a Date (local midnight). */
  day: ColumnType<Date, string, string>;
}

export interface ListingSavesTable {
  id: string;
  listing_id: string;
  user_id: string | null;
  visitor_id: string | null;
  source_surface: Generated<string>;
  created_at: Timestamp;
}

export interface ListingSharesTable {
  id: string;
  code: string;
  listing_id: string;
  channel: string;
  user_id: string | null;
  visitor_id: string | null;
  visits: Generated<number>;
  created_at: Timestamp;
}

export interface InterestReservationsTable {
  id: string;
  listing_id: string;
  design_owner_id: string;
  user_id: string | null;
  visitor_id: string | null;
  status: Generated<ReservationStatus>;
  acknowledgement_version: string;
  acknowledged_at: Timestamp;
  jurisdiction: string;
  intended_use: AllowedUseCase;
  quantity: number;
  source: GeneratedJson<Record<string, unknown>>;
  price_snapshot: Json<Record<string, unknown>> | null;
  conversion_invite_state: Generated<ConversionInviteState>;
  cancellation_reason: string | null;
  cancelled_at: NullableTimestamp;
  created_at: Timestamp;
  refreshed_at: Timestamp;
  qualification: Generated<QualificationState>;
  qualification_note: string | null;
  qualified_by: string | null;
  qualified_at: NullableTimestamp;
  reserver_trust: Generated<ReserverTrust>;
  network_fingerprint: string | null;
  review_flag: 'burst' | null;
  /** The A.5 pre-order invitation (migration 0024); set with conversion_invite_state. */
  invited_at: NullableTimestamp;
  invite_expires_at: NullableTimestamp;
  invited_by: string | null;
  /** Generated by the database from `source` (migration 0018): what the founder dashboard groups by. */
  source_label: ColumnType<string, never, never>;
}

export interface InterestNetworksTable {
  listing_id: string;
  network_fingerprint: string;
  active: number;
}

export interface TranslationVariant {
  text: string;
  provider: string;
  translated_at: string;
}

export interface TranslationRecordsTable {
  id: string;
  resource_type: string;
  resource_id: string;
  field: string;
  source_text: string;
  source_language: string;
  source_hash: string;
  /** Goes up by one whenever the source text changes (even back to an earlier text). */
  source_revision: Generated<number>;
  variants: GeneratedJson<Record<string, TranslationVariant>>;
  status: Generated<'pending' | 'complete' | 'failed'>;
  stale: Generated<boolean>;
  provider: string | null;
  moderation_flags: GeneratedJson<unknown[]>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SupportConversationsTable {
  id: string;
  requester_user_id: string | null;
  requester_visitor_id: string | null;
  contact_email: string | null;
  subject: string;
  category: string;
  priority: Generated<string>;
  status: Generated<string>;
  source_surface: Generated<string>;
  resource_type: string | null;
  resource_id: string | null;
  language: Generated<string>;
  last_customer_message_at: Timestamp;
  last_staff_response_at: NullableTimestamp;
  first_response_due_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Set when the requester's account was erased: a keyed hash of its id (see migration 0012). */
  former_requester_ref: string | null;
  /** The support desk (migration 0021). */
  assignee_user_id: string | null;
  first_staff_response_at: NullableTimestamp;
  response_time_bucket: SupportResponseBucket | null;
  solved_at: NullableTimestamp;
  closed_at: NullableTimestamp;
  translation_summary: string | null;
  audit_refs: ColumnType<string[], string[] | undefined, string[]>;
  message_count: Generated<number>;
  attachment_count: Generated<number>;
}

export interface SupportMessagesTable {
  id: string;
  conversation_id: string;
  author_role: 'requester' | 'staff' | 'system';
  author_user_id: string | null;
  body: string;
  created_at: Timestamp;
  /** A staff note the requester never sees (migration 0021). */
  internal: Generated<boolean>;
  language: Generated<string>;
  translated_body: string | null;
  translated_language: string | null;
  translation_status: Generated<'same_language' | 'translated' | 'not_translated'>;
  translation_provider: string | null;
}

export interface SupportAttachmentsTable {
  message_id: string;
  upload_id: string;
  conversation_id: string;
}

export interface SupportLinksTable {
  conversation_id: string;
  type: SupportLinkType;
  reference: string;
  created_by: string | null;
  created_at: Timestamp;
}

export interface BetaNotificationsTable {
  id: string;
  user_id: string | null;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  created_at: Timestamp;
  /** Read state of a personal notification; broadcast ones are read per person in notification_reads. */
  read_at: NullableTimestamp;
}

export interface NotificationReadsTable {
  user_id: string;
  notification_id: string;
  read_at: Timestamp;
}

export interface DB {
  users: UsersTable;
  feature_flags: FeatureFlagsTable;
  delivery_state: DeliveryStateTable;
  gate_records: GateRecordsTable;
  phase_decisions: PhaseDecisionsTable;
  audit_log: AuditLogTable;
  audit_chain_head: AuditChainHeadTable;
  alerts: AlertsTable;
  incident_notes: IncidentNotesTable;
  alert_signals: AlertSignalsTable;
  alert_rule_state: AlertRuleStateTable;
  alert_evaluator_lease: AlertEvaluatorLeaseTable;
  jobs: JobsTable;
  product_events: ProductEventsTable;
  analytics_dispatch_state: AnalyticsDispatchStateTable;
  auth_sessions: AuthSessionsTable;
  refresh_tokens: RefreshTokensTable;
  email_tokens: EmailTokensTable;
  user_identities: UserIdentitiesTable;
  oauth_attempts: OauthAttemptsTable;
  visitor_sessions: VisitorSessionsTable;
  rate_limits: RateLimitsTable;
  email_outbox: EmailOutboxTable;
  media_files: MediaFilesTable;
  design_drafts: DesignDraftsTable;
  listings: ListingsTable;
  listing_details: ListingDetailsTable;
  /**
   * The search vocabulary. `listings` is a usage weight (one per publish, text edit or translation
   * that recorded the word), used to prefer common words when correcting typos; not a listing count.
   */
  search_words: { word: string; listings: Generated<number>; languages: Generated<string[]> };
  listing_views: ListingViewsTable;
  listing_saves: ListingSavesTable;
  listing_shares: ListingSharesTable;
  interest_reservations: InterestReservationsTable;
  interest_networks: InterestNetworksTable;
  translation_records: TranslationRecordsTable;
  support_conversations: SupportConversationsTable;
  support_messages: SupportMessagesTable;
  support_attachments: SupportAttachmentsTable;
  support_links: SupportLinksTable;
  beta_notifications: BetaNotificationsTable;
  notification_reads: NotificationReadsTable;
  founder_event_days: FounderEventDaysTable;
  interest_reservation_days: InterestReservationDaysTable;
  founder_rollup_state: FounderRollupStateTable;
  error_events: ErrorEventsTable;
  moderation_reports: ModerationReportsTable;
  moderation_decisions: ModerationDecisionsTable;
  moderation_appeals: ModerationAppealsTable;
  moderation_queue: ModerationQueueTable;
  beta_cohorts: BetaCohortsTable;
  beta_invitations: BetaInvitationsTable;
  beta_testers: BetaTestersTable;
  beta_feedback: BetaFeedbackTable;
  beta_sessions: BetaSessionsTable;
  beta_session_tasks: BetaSessionTasksTable;
  designer_terms_acceptances: DesignerTermsAcceptancesTable;
  preorder_listing_caps: PreorderListingCapsTable;
  preorder_buyers: PreorderBuyersTable;
  payment_customers: PaymentCustomersTable;
  checkout_setup_intents: CheckoutSetupIntentsTable;
  pre_orders: PreOrdersTable;
  payment_events: PaymentEventsTable;
  local_payment_customers: LocalPaymentCustomersTable;
  local_payment_methods: LocalPaymentMethodsTable;
  local_payment_setup_intents: LocalPaymentSetupIntentsTable;
}

export interface BetaCohortsTable {
  id: string;
  name: string;
  description: string | null;
  created_by: string | null;
  created_at: Timestamp;
}

export interface BetaInvitationsTable {
  id: string;
  cohort_id: string;
  code: string;
  max_redemptions: number;
  redemptions: Generated<number>;
  expires_at: NullableTimestamp;
  email: string | null;
  locale: Locale | null;
  revoked_at: NullableTimestamp;
  revoked_by: string | null;
  created_by: string | null;
  created_at: Timestamp;
}

export interface BetaTestersTable {
  id: string;
  cohort_id: string;
  user_id: string;
  invitation_id: string | null;
  joined_at: Timestamp;
}

export interface BetaFeedbackTable {
  id: string;
  user_id: string | null;
  visitor_id: string | null;
  rating: number;
  reason: BetaFeedbackReason;
  screen: string;
  route: string | null;
  listing_id: string | null;
  draft_id: string | null;
  server_version: string;
  release_tag: string;
  app_version: string | null;
  body: string | null;
  body_language: string;
  translation_language: string;
  translation: string | null;
  translation_status: BetaTranslationStatus;
  translation_provider: string | null;
  screenshot_media_id: string | null;
  created_at: Timestamp;
}

export interface BetaSessionsTable {
  id: string;
  tester_user_id: string | null;
  tester_label: string | null;
  consent_given: boolean;
  consent_text_version: string;
  observed_at: Timestamp;
  linked_issues: ColumnType<string[], string[] | undefined, string[]>;
  interview_notes: string | null;
  recorded_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface BetaSessionTasksTable {
  session_id: string;
  position: number;
  task: string;
  outcome: BetaTaskOutcome;
  notes: string | null;
}

export interface ErrorEventsTable {
  id: string;
  source: 'server' | 'worker' | 'client';
  kind: string;
  fingerprint: string;
  code: string | null;
  status: number | null;
  message: string;
  stack: string | null;
  route: string | null;
  correlation_id: string | null;
  release: string | null;
  actor: string | null;
  occurred_at: GeneratedTimestamp;
}

export interface ProductEventsTable {
  id: string;
  name: string;
  version: number;
  consent_class: 'essential' | 'analytics';
  emitter: 'server' | 'client';
  properties: Json<Record<string, unknown>>;
  user_id: string | null;
  session_id: string | null;
  route: string | null;
  correlation_id: string | null;
  occurred_at: Timestamp;
  received_at: GeneratedTimestamp;
  dispatched_at: NullableTimestamp;
  dispatch_attempts: Generated<number>;
  /** First- and last-touch source attribution of the session or account it was recorded with. */
  source_attribution: GeneratedJson<Record<string, unknown>>;
  /** Claim lease and retry backoff: not claimable for dispatch before this time. */
  dispatch_after: NullableTimestamp;
}

/** One row (id 1): since when analytics dispatch has failed with no success in between. */
export interface AnalyticsDispatchStateTable {
  id: number;
  failing_since: NullableTimestamp;
  last_failure_at: NullableTimestamp;
  last_success_at: NullableTimestamp;
  last_error: string | null;
}

/** The founder dashboard's read model: product events per UTC day, name, first-touch source and device. */
export interface FounderEventDaysTable {
  /** Written as 'YYYY-MM-DD'. */
  day: ColumnType<Date, string, string>;
  name: string;
  source: string;
  device_class: string;
  events: number;
}

export interface FounderRollupStateTable {
  id: Generated<boolean>;
  rolled_up_to: Timestamp;
}

/** Reservations per UTC day and source, kept by a trigger on interest_reservations (migration 0018). */
export interface InterestReservationDaysTable {
  day: ColumnType<Date, string, string>;
  source_label: string;
  reserver_trust: ReserverTrust;
  made: Generated<number>;
  made_cancelled: Generated<number>;
  cancellations: Generated<number>;
}

/** A listing's moderation state; only `approved` is public (migration 0022 added the last two). */

export interface ModerationReportsTable {
  id: string;
  listing_id: string;
  conversation_id: string | null;
  reason: ReportReason;
  reporter_key: string;
  network_fingerprint: string;
  message: string;
  created_at: Timestamp;
  settled_at: NullableTimestamp;
}

export interface ModerationDecisionsTable {
  id: string;
  listing_id: string;
  moderator_user_id: string | null;
  action: ModerationAction;
  reason: string | null;
  from_state: ModerationState;
  to_state: ModerationState;
  created_at: Timestamp;
}

export interface ModerationAppealsTable {
  id: string;
  decision_id: string;
  listing_id: string;
  conversation_id: string | null;
  message: string;
  created_at: Timestamp;
  answered_by: string | null;
}

export interface ModerationQueueTable {
  listing_id: string;
  kind: ModerationQueueKind;
  queued_at: Timestamp;
  updated_at: Timestamp;
}

/** Phase A.5 (migration 0024): a designer's acceptance of the commerce terms for a listing. */
export interface DesignerTermsAcceptancesTable {
  id: string;
  listing_id: string;
  designer_user_id: string;
  version: string;
  accepted_at: Timestamp;
  withdrawn_at: NullableTimestamp;
}

export interface PreorderListingCapsTable {
  listing_id: string;
  invitation_cap: number;
  invited: Generated<number>;
  preorder_cap: number;
  preordered: Generated<number>;
  updated_at: Timestamp;
}

export interface PreorderBuyersTable {
  user_id: string;
  max_active: number;
  active: Generated<number>;
}

export interface PaymentCustomersTable {
  user_id: string;
  provider: 'stripe' | 'local';
  customer_id: string;
  created_at: Timestamp;
}

/** bigint columns are read as numbers (unix seconds here, well within 2^53). */
type BigIntColumn = ColumnType<number, number, number>;
type NullableBigIntColumn = ColumnType<number | null, number | null, number | null>;

/** The provider's setup-intent statuses, as contracts lists them (CHECKOUT_SETUP_STATUSES). */
export type SetupIntentStatusColumn = CheckoutSetupStatus;

export interface CheckoutSetupIntentsTable {
  id: string;
  preorder_id: string;
  reservation_id: string;
  buyer_user_id: string | null;
  listing_id: string;
  provider: 'stripe' | 'local';
  provider_customer_id: string;
  setup_intent_id: string;
  usage: 'off_session';
  status: SetupIntentStatusColumn;
  status_event_created: NullableBigIntColumn;
  last_error_code: string | null;
  payment_method_id: string | null;
  expected_amount_minor: number;
  currency: PreorderCurrency;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PreOrdersTable {
  id: string;
  checkout_id: string;
  source_reservation_id: string;
  buyer_user_id: string | null;
  listing_id: string;
  design_owner_id: string;
  provider: 'stripe' | 'local';
  provider_customer_id: string;
  setup_intent_id: string;
  payment_method_id: string;
  expected_amount_minor: number;
  currency: PreorderCurrency;
  acknowledgement_version: string;
  acknowledged_at: Timestamp;
  agreement_version: string;
  agreement_text: string;
  card_brand: string | null;
  card_last4: string | null;
  card_exp_month: number | null;
  card_exp_year: number | null;
  gate_versions: Json<Record<string, string>>;
  status: Generated<PreorderStatus>;
  cancellation_reason: string | null;
  cancellation_note: string | null;
  cancelled_at: NullableTimestamp;
  card_detached_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface PaymentEventsTable {
  id: string;
  provider: 'stripe' | 'local';
  provider_event_id: string;
  type: string;
  object_id: string | null;
  event_created: BigIntColumn;
  livemode: boolean;
  payload: Json<Record<string, unknown>>;
  received_at: Timestamp;
  applied_at: NullableTimestamp;
  outcome: string | null;
}

/** The local payments provider's own state (migration 0025). */
export interface LocalPaymentCustomersTable {
  id: string;
  idempotency_key: string;
  buyer_ref: string;
  created_at: Timestamp;
}

export interface LocalPaymentMethodsTable {
  id: string;
  customer_id: string | null;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  created_at: Timestamp;
  detached_at: NullableTimestamp;
}

export interface LocalPaymentSetupIntentsTable {
  id: string;
  idempotency_key: string;
  client_secret: string;
  customer_id: string;
  status: SetupIntentStatusColumn;
  usage: 'off_session' | 'on_session';
  metadata: GeneratedJson<Record<string, string>>;
  payment_method_id: string | null;
  last_error_code: string | null;
  last_error_decline_code: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
