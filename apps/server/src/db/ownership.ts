/**
 * Which module owns each table. Only the owner's repo names the table in SQL (a module's or a
 * provider's `repo.ts` or `*-repo.ts`; a platform mechanism's `<name>-repo.ts`); everyone else
 * reads and writes it through the owner's service. Checked by ownership.test.ts, shown in
 * docs/architecture.md.
 */
import type { DB } from './schema';

export const TABLE_OWNERS = {
  users: 'modules/auth',
  auth_sessions: 'modules/auth',
  refresh_tokens: 'modules/auth',
  email_tokens: 'modules/auth',
  user_identities: 'modules/auth',
  oauth_attempts: 'modules/auth',
  visitor_sessions: 'modules/auth',
  feature_flags: 'platform/delivery-controls',
  delivery_state: 'platform/delivery-controls',
  gate_records: 'platform/delivery-controls',
  phase_decisions: 'platform/delivery-controls',
  audit_log: 'platform/audit',
  audit_chain_head: 'platform/audit',
  alerts: 'platform/alerts',
  incident_notes: 'platform/alerts',
  alert_signals: 'platform/alerts',
  alert_rule_state: 'platform/alerts',
  alert_evaluator_lease: 'platform/alerts',
  rate_limits: 'platform/rate-limits',
  product_events: 'platform/product-events',
  analytics_dispatch_state: 'platform/product-events',
  jobs: 'modules/jobs',
  email_outbox: 'modules/dev-mailbox',
  error_events: 'modules/error-events',
  media_files: 'modules/media',
  design_drafts: 'modules/drafts',
  listings: 'modules/listings',
  listing_details: 'modules/listings',
  listing_views: 'modules/listings',
  listing_shares: 'modules/listings',
  search_words: 'modules/listings',
  listing_saves: 'modules/saves',
  interest_reservations: 'modules/interest',
  interest_networks: 'modules/interest',
  interest_reservation_days: 'modules/interest',
  translation_records: 'modules/translations',
  support_conversations: 'modules/support',
  support_messages: 'modules/support',
  support_attachments: 'modules/support',
  support_links: 'modules/support',
  beta_notifications: 'modules/notifications',
  notification_reads: 'modules/notifications',
  founder_event_days: 'modules/founder',
  founder_rollup_state: 'modules/founder',
  moderation_reports: 'modules/moderation',
  moderation_decisions: 'modules/moderation',
  moderation_appeals: 'modules/moderation',
  moderation_queue: 'modules/moderation',
  beta_cohorts: 'modules/beta',
  beta_invitations: 'modules/beta',
  beta_testers: 'modules/beta',
  beta_feedback: 'modules/beta',
  beta_sessions: 'modules/beta',
  beta_session_tasks: 'modules/beta',
  designer_terms_acceptances: 'modules/preorders',
  preorder_listing_caps: 'modules/preorders',
  preorder_buyers: 'modules/preorders',
  payment_customers: 'modules/preorders',
  checkout_setup_intents: 'modules/preorders',
  pre_orders: 'modules/preorders',
  payment_events: 'modules/preorders',
  local_payment_customers: 'providers/payments',
  local_payment_methods: 'providers/payments',
  local_payment_setup_intents: 'providers/payments',
} as const satisfies Record<keyof DB, `modules/${string}` | `platform/${string}` | `providers/${string}`>;

export type TableOwner = (typeof TABLE_OWNERS)[keyof typeof TABLE_OWNERS];

/** Whether a source file (path relative to apps/server/src, with forward slashes) is the owner's repo. */
export function isOwnerRepo(owner: TableOwner, file: string): boolean {
  // A module or a provider owns its folder's `repo.ts` and `*-repo.ts`.
  if (owner.startsWith('modules/') || owner.startsWith('providers/')) {
    if (!file.startsWith(`${owner}/`)) return false;
    const name = file.slice(owner.length + 1);
    return !name.includes('/') && (name === 'repo.ts' || name.endsWith('-repo.ts'));
  }
  return file === `${owner}-repo.ts`;
}
