/** The export of everything the platform holds about a person (UK GDPR right of access). */
import { ACCOUNT_EXPORT_FORMAT, ACCOUNT_EXPORT_VERSION, type AccountExport } from '@kitwright/contracts';
import { RATE_LIMITS } from '../../config/rate-limits';
import { auditRecordsAbout } from '../../platform/audit';
import { productEventsOf } from '../../platform/product-events';
import { enforceLimit } from '../../platform/rate-limits';
import type { SignedInUser } from '../../platform/viewer';
import { type AccountContext, actorsOf } from './context';

/**
 * Everything the platform holds about the signed-in person, as one JSON document
 * (`kitwright.account-export`, version 1). Built in the request: it holds records and texts,
 * not file bytes (each file names where its owner downloads it), and the two tables that grow
 * without bound for one person (audit, product events) are read in pages that yield to other
 * requests; a person may export a few times an hour.
 */
export async function exportFor(
  ctx: AccountContext,
  user: SignedInUser,
  locale: string | null,
): Promise<AccountExport> {
  await enforceLimit(
    ctx.limiter,
    `account-export:${user.id}`,
    RATE_LIMITS.accountExportsPerUser,
    'You have downloaded your data several times in the last hour. Try again later.',
  );
  const part = await ctx.auth.exportPart(user);
  const visitorIds = part.visitor_sessions.map((v) => v.id);
  const [
    drafts,
    published,
    files,
    saves,
    reservations,
    notices,
    support,
    jobs,
    events,
    audit,
    errors,
    beta,
    preorders,
  ] = await Promise.all([
    ctx.drafts.exportFor(user.id),
    ctx.listings.exportFor(user.id),
    ctx.media.exportFor(user.id),
    ctx.saves.exportFor(user.id),
    ctx.interest.exportFor(user.id, locale),
    ctx.notifications.exportFor(user.id),
    ctx.support.exportFor(user.id, visitorIds),
    ctx.jobs.exportFor(user.id),
    productEventsOf(ctx.db, user.id),
    auditRecordsAbout(ctx.db, {
      userId: user.id,
      visitorIds,
      sessionIds: part.sessions.map((s) => s.id),
    }),
    ctx.errorEvents.exportFor(actorsOf(user.id, visitorIds)),
    ctx.beta.exportFor(user.id, visitorIds),
    ctx.preorders.exportFor(user.id),
  ]);
  return {
    format: ACCOUNT_EXPORT_FORMAT,
    version: ACCOUNT_EXPORT_VERSION,
    exported_at: ctx.clock.now().toISOString(),
    account: part.account,
    identities: part.identities,
    sessions: part.sessions,
    visitor_sessions: part.visitor_sessions,
    consents: {
      analytics: {
        account: part.consent_state,
        visitor_sessions: part.visitor_sessions.map((v) => ({
          visitor_session_id: v.id,
          state: v.consent_state,
        })),
      },
      content_licence: published.listings.map((l) => ({
        listing_id: l.id,
        version: l.licence_version,
        accepted_at: l.licence_accepted_at,
      })),
      // A reservation's acknowledgement is given again whenever it is refreshed.
      interest_notice: reservations.map((r) => ({
        reservation_id: r.id,
        version: r.acknowledgement_version,
        acknowledged_at: r.refreshed_at,
      })),
    },
    drafts,
    listings: published.listings,
    shares: published.shares,
    files,
    saves,
    interest_reservations: reservations,
    notifications: notices.notifications,
    broadcast_reads: notices.broadcast_reads,
    support_conversations: support,
    jobs,
    product_events: events,
    audit_records: audit,
    error_reports: errors,
    beta_programme: beta,
    pre_orders: preorders.pre_orders,
    designer_terms: preorders.designer_terms,
  };
}
