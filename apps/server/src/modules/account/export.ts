/** A person's export: the account's own part, every module's export hook, and the platform's records of them. */
import { ACCOUNT_EXPORT_FORMAT, ACCOUNT_EXPORT_VERSION, type AccountExport } from '@kitwright/contracts';
import { RATE_LIMITS } from '../../config/rate-limits';
import { auditRecordsAbout } from '../../platform/audit';
import type { ExportPart, ExportSections, ExportSubject } from '../../platform/module';
import { productEventsOf } from '../../platform/product-events';
import { enforceLimit } from '../../platform/rate-limits';
import type { SignedInUser } from '../../platform/viewer';
import type { AccountContext } from './context';

/** The sum of the modules' export parts: each section from the one module that writes it. */
function sumOf(parts: readonly ExportPart[]): ExportSections {
  const sections: Omit<ExportPart, 'consents'> = {};
  const consents: Partial<ExportSections['consents']> = {};
  for (const { consents: c, ...rest } of parts) {
    Object.assign(sections, rest);
    Object.assign(consents, c);
  }
  const need = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) throw new Error(`No module's face exports ${name} (account export).`);
    return value;
  };
  return {
    consents: {
      content_licence: need(consents.content_licence, 'consents.content_licence'),
      interest_notice: need(consents.interest_notice, 'consents.interest_notice'),
    },
    drafts: need(sections.drafts, 'drafts'),
    listings: need(sections.listings, 'listings'),
    shares: need(sections.shares, 'shares'),
    files: need(sections.files, 'files'),
    saves: need(sections.saves, 'saves'),
    interest_reservations: need(sections.interest_reservations, 'interest_reservations'),
    notifications: need(sections.notifications, 'notifications'),
    broadcast_reads: need(sections.broadcast_reads, 'broadcast_reads'),
    support_conversations: need(sections.support_conversations, 'support_conversations'),
    jobs: need(sections.jobs, 'jobs'),
    product_events: need(sections.product_events, 'product_events'),
    audit_records: need(sections.audit_records, 'audit_records'),
    error_reports: need(sections.error_reports, 'error_reports'),
    beta_programme: need(sections.beta_programme, 'beta_programme'),
    pre_orders: need(sections.pre_orders, 'pre_orders'),
    designer_terms: need(sections.designer_terms, 'designer_terms'),
  };
}

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
  const subject: ExportSubject = {
    userId: user.id,
    locale,
    visitorIds: part.visitor_sessions.map((v) => v.id),
    sessionIds: part.sessions.map((s) => s.id),
  };
  // The platform's own records of the person: usage events and the audit entries about them.
  const platformPart = async (): Promise<ExportPart> => {
    const [events, audit] = await Promise.all([
      productEventsOf(ctx.db, user.id),
      auditRecordsAbout(ctx.db, {
        userId: user.id,
        visitorIds: subject.visitorIds,
        sessionIds: subject.sessionIds,
      }),
    ]);
    return { product_events: events, audit_records: audit };
  };
  const sections = sumOf(
    await Promise.all([...ctx.parts.flatMap((p) => (p.export ? [p.export(subject)] : [])), platformPart()]),
  );
  const { consents, ...rest } = sections;
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
      ...consents,
    },
    ...rest,
  };
}
