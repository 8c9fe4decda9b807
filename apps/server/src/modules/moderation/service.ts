/**
 * Reports and moderation that can act (issue 14). Reports arrive through support (`opened()` runs in
 * the support conversation's transaction); enough distinct reporters hide a listing at once. Staff
 * read the queue and decide: approve, reject, hide, restore, request changes. Each decision is
 * audited, recorded, told to the owner (in-app and by email, in their language) and drops the
 * gallery's caches; an owner may appeal a reject, hide or request for changes once.
 *
 * The state machine (docs/decisions.md; moderation_decisions' CHECK holds the same pairs):
 *   approve          pending | rejected | changes_requested → approved (approved → approved when queued: reports dismissed)
 *   reject           pending | approved | hidden | changes_requested → rejected
 *   hide             pending | approved → hidden
 *   restore          hidden → approved
 *   request_changes  pending | approved | hidden → changes_requested (the owner's edit → pending)
 */
import type {
  ModerationAction,
  ModerationDecisionRequest,
  ModerationItem,
  ModerationQueueKind,
  ModerationState,
} from '@kitwright/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Logger } from 'pino';
import type { DB } from '../../db/schema';
import type { AlertService } from '../../platform/alerts';
import { appendAudit, auditedTransaction, SYSTEM } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { isUuid, newId } from '../../platform/ids';
import { networkFingerprint } from '../../platform/network';
import { pageOf, readTimeCursor } from '../../platform/pagination';
import { readPeriod } from '../../platform/period';
import type { EmailProvider } from '../../providers/email/email-provider';
import { supportPage } from '../../providers/email/layout';
import { type Profile, type Profiles, unknownProfile } from '../auth/profiles';
import type { ListingsApi } from '../listings/face';
import { mediaUrl } from '../media/urls';
import type { NotificationsApi } from '../notifications/face';
import type { ListingConversations } from '../support/face';
import { decisionEmail, holderNotice, ownerNotice } from './messages';
import * as repo from './repo';

export { automaticChecks, type ModerationFinding } from './checks';

/** Where each action may start from, and where it leads. */
const TRANSITIONS: Record<ModerationAction, { from: readonly ModerationState[]; to: ModerationState }> = {
  approve: { from: ['pending', 'approved', 'rejected', 'changes_requested'], to: 'approved' },
  reject: { from: ['pending', 'approved', 'hidden', 'changes_requested'], to: 'rejected' },
  hide: { from: ['pending', 'approved'], to: 'hidden' },
  restore: { from: ['hidden'], to: 'approved' },
  request_changes: { from: ['pending', 'approved', 'hidden'], to: 'changes_requested' },
};

/** Decisions the owner is told the reason of, and may appeal. */
const APPEALABLE: readonly ModerationAction[] = ['reject', 'hide', 'request_changes'];

const REPORTER_KINDS = ['user', 'visitor', 'network', 'erased'] as const;

/** Who reported, by kind (the table's CHECK admits these prefixes only). */
function reporterKind(key: string): (typeof REPORTER_KINDS)[number] {
  const prefix = key.slice(0, key.indexOf(':'));
  const kind = REPORTER_KINDS.find((k) => k === prefix);
  if (!kind) throw new Error(`unexpected reporter key prefix: ${prefix}`);
  return kind;
}

/** The decisions an item in the queue shows; its history shows every one. */
const QUEUE_DECISIONS = 5;

export interface ModerationQueueQuery {
  kind?: ModerationQueueKind;
  reason?: repo.ReportRow['reason'];
  from?: string;
  to?: string;
  cursor?: string;
  limit?: number;
}

/** What moderation reads of the interest module: who holds reservations of a listing. */
export interface ReservationHolders {
  holdersOf(trx: Transaction<DB>, listingId: string): Promise<string[]>;
}

export function createModerationService(deps: {
  db: Kysely<DB>;
  clock: Clock;
  alerts: AlertService;
  logger: Logger;
  listings: ListingsApi;
  holders: ReservationHolders;
  notifications: NotificationsApi;
  profiles: Profiles;
  email: EmailProvider;
  fingerprintKey: Buffer;
  /** Distinct reporters (by account or visitor and by network) that hide a listing at once. */
  reportsToHide: number;
  publicBaseUrl: string;
}) {
  const { db, clock } = deps;

  /** Hides a listing whose distinct reporters reached the threshold (in the report's transaction). */
  async function hideByReports(
    trx: Transaction<DB>,
    row: { id: string; title: string; slug: string; owner_user_id: string },
    networks: number,
  ) {
    await deps.listings.setModeration(trx, row.id, 'hidden');
    await repo.enqueue(trx, row.id, 'hidden_by_reports', clock.now());
    await appendAudit(
      trx,
      {
        actor: SYSTEM,
        action: 'moderation.hidden_by_reports',
        resourceType: 'listing',
        resourceId: row.id,
        details: { distinct_reporters: networks, threshold: deps.reportsToHide },
      },
      clock,
    );
    const owner = await deps.profiles.contact(row.owner_user_id, trx);
    await deps.notifications.notify(trx, row.owner_user_id, {
      kind: 'listing_moderation',
      ...ownerNotice('hide', owner?.locale ?? null, row, null),
      link: `/listing/${row.slug}`,
    });
    await notifyHolders(trx, row);
  }

  async function notifyHolders(trx: Transaction<DB>, row: { id: string; title: string }) {
    for (const userId of await deps.holders.holdersOf(trx, row.id))
      await deps.notifications.notify(trx, userId, {
        kind: 'reservation_under_review',
        ...holderNotice(row),
        link: '/dashboard',
      });
  }

  const conversations: ListingConversations = {
    async opened(trx, c) {
      const row = await deps.listings.lockLive(trx, c.listingId);
      const now = clock.now();
      if (c.category === 'appeal') {
        if (row.owner_user_id !== c.requester.userId)
          throw new AppError('FORBIDDEN', 'Only the owner of a listing can appeal a decision about it.');
        const decision = await repo.latestDecision(trx, row.id);
        if (!decision || !APPEALABLE.includes(decision.action))
          throw new AppError(
            'INVALID_STATE',
            'There is no moderation decision about this listing to appeal (a rejection, a hiding or a request for changes).',
          );
        const recorded = await repo.insertAppeal(trx, {
          id: newId(),
          decision_id: decision.id,
          listing_id: row.id,
          conversation_id: c.conversationId,
          message: c.message,
          created_at: now,
        });
        if (!recorded)
          throw new AppError(
            'CONFLICT',
            'You have already appealed this decision. A decision can be appealed once; the moderators will answer your appeal.',
          );
        await repo.enqueue(trx, row.id, 'appealed', now);
        await appendAudit(
          trx,
          {
            actor: { type: 'user', id: row.owner_user_id },
            action: 'moderation.appealed',
            resourceType: 'listing',
            resourceId: row.id,
            details: { decision_id: decision.id, conversation_id: c.conversationId },
          },
          clock,
        );
        return;
      }
      // A report. The owner's own report reaches support but counts for nothing here.
      if (c.requester.userId === row.owner_user_id) return;
      const network = networkFingerprint(c.ip, deps.fingerprintKey);
      const reporterKey = c.requester.userId
        ? `user:${c.requester.userId}`
        : c.requester.visitorId
          ? `visitor:${c.requester.visitorId}`
          : `network:${network}`;
      await repo.insertReport(trx, {
        id: newId(),
        listing_id: row.id,
        conversation_id: c.conversationId,
        reason: c.reason ?? 'other',
        reporter_key: reporterKey,
        network_fingerprint: network,
        message: c.message,
        created_at: now,
      });
      await repo.enqueue(trx, row.id, 'reported', now);
      // Only a listing still in view (or about to be) is hidden; a rejected, hidden or changes-
      // requested one keeps its state and the report is kept for the moderator.
      if (row.moderation_state !== 'approved' && row.moderation_state !== 'pending') return;
      const networks = await repo.openReportNetworks(trx, row.id);
      if (networks < deps.reportsToHide) return;
      await hideByReports(trx, row, networks);
      // Dropped once the report has committed: the gallery and search stop showing the listing at
      // once, and no read between the drop and the commit can cache it again.
      return () => deps.listings.dropCaches();
    },
  };

  async function people(ids: readonly (string | null)[]): Promise<Map<string, Profile>> {
    return deps.profiles.byIds(ids.filter((id): id is string => id !== null));
  }

  /** Queue items (or full histories) of listings, in the order given; deleted listings left out. */
  async function items(listingIds: readonly string[], full: boolean): Promise<ModerationItem[]> {
    const [rows, queue, reports, totals, decisions, appeals] = await Promise.all([
      deps.listings.moderationSummaries(listingIds),
      repo.queueEntries(db, listingIds),
      repo.reportsOf(db, listingIds, { all: full }),
      repo.reportTotals(db, listingIds),
      repo.decisionsOf(db, listingIds),
      repo.appealsOf(db, listingIds),
    ]);
    const person = await people([
      ...rows.map((r) => r.owner_user_id),
      ...decisions.map((d) => d.moderator_user_id),
    ]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    return listingIds.flatMap((id) => {
      const row = byId.get(id);
      if (!row || row.state === 'deleted') return [];
      const entry = queue.find((q) => q.listing_id === id);
      const own = reports.filter((r) => r.listing_id === id);
      const open = own.filter((r) => r.settled_at === null);
      const byReason: Record<string, number> = {};
      for (const r of open) byReason[r.reason] = (byReason[r.reason] ?? 0) + 1;
      const ownDecisions = decisions.filter((d) => d.listing_id === id);
      return [
        {
          listing: {
            id: row.id,
            slug: row.slug,
            title: row.title,
            // Listings in the queue are never deleted ones, which always have their preview.
            preview_url: mediaUrl((row.preview_png_file_id ?? row.preview_file_id) as string),
            state: row.state,
            visibility: row.visibility,
            moderation_state: row.moderation_state,
            owner: person.get(row.owner_user_id) ?? unknownProfile(row.owner_user_id),
            active_reservations: row.reservation_count,
            published_at: row.published_at.toISOString(),
            updated_at: row.updated_at.toISOString(),
          },
          queue: entry ? { kind: entry.kind, queued_at: entry.queued_at.toISOString() } : null,
          flags: (row.moderation_flags as Array<{ code: string; message: string; excerpt?: string }>).map(
            (f) => ({ code: f.code, message: f.message, excerpt: f.excerpt ?? null }),
          ),
          report_counts: {
            open: open.length,
            total: totals.get(id) ?? 0,
            open_networks: new Set(open.map((r) => r.network_fingerprint)).size,
            by_reason: byReason,
          },
          reports: own.map((r) => ({
            id: r.id,
            reason: r.reason,
            message: r.message,
            conversation_id: r.conversation_id,
            reporter_kind: reporterKind(r.reporter_key),
            open: r.settled_at === null,
            created_at: r.created_at.toISOString(),
          })),
          appeals: appeals
            .filter((a) => a.listing_id === id)
            .map((a) => ({
              id: a.id,
              decision_id: a.decision_id,
              message: a.message,
              conversation_id: a.conversation_id,
              answered_by: a.answered_by,
              created_at: a.created_at.toISOString(),
            })),
          decisions: ownDecisions.slice(0, full ? undefined : QUEUE_DECISIONS).map((d) => ({
            id: d.id,
            action: d.action,
            reason: d.reason,
            from_state: d.from_state,
            to_state: d.to_state,
            moderator: d.moderator_user_id
              ? (person.get(d.moderator_user_id) ?? unknownProfile(d.moderator_user_id))
              : null,
            created_at: d.created_at.toISOString(),
          })),
        },
      ];
    });
  }

  async function history(listingId: string): Promise<ModerationItem> {
    if (!isUuid(listingId)) throw new AppError('NOT_FOUND');
    const [item] = await items([listingId], true);
    if (!item) throw new AppError('NOT_FOUND');
    return item;
  }

  async function tellOwner(
    row: { title: string; slug: string; owner_user_id: string },
    action: ModerationAction,
    reason: string | null,
  ) {
    const owner = await deps.profiles.contact(row.owner_user_id);
    if (!owner) return;
    try {
      await deps.email.send(
        decisionEmail(
          owner,
          action,
          row,
          reason,
          `${deps.publicBaseUrl}/listing/${row.slug}`,
          supportPage(deps.publicBaseUrl),
        ),
      );
    } catch (err) {
      // The decision stands and the in-app notice is there; the failed email is logged.
      deps.logger.error({ err, stage: 'email' }, 'moderation email could not be sent');
    }
  }

  return {
    conversations,

    /** Erasing an account, in its transaction: its reports stay, under its pseudonymous reference. */
    detachReporter: (trx: Transaction<DB>, userId: string, visitorIds: readonly string[], ref: string) =>
      repo.detachReporter(trx, userId, visitorIds, ref),

    /** A deleted listing leaves the queue (its reports and decisions stay for the records). */
    forget: (trx: Transaction<DB>, listingId: string) => repo.dequeue(trx, listingId),

    /** A listing waiting for review after the automatic checks or an edit joins the queue. */
    sentToReview: (trx: Transaction<DB>, listingId: string) =>
      repo.enqueue(trx, listingId, 'review', clock.now()),

    async queue(query: ModerationQueueQuery) {
      const limit = query.limit ?? 20;
      const rows = await repo.queuePage(
        db,
        {
          ...(query.kind ? { kind: query.kind } : {}),
          ...(query.reason ? { reason: query.reason } : {}),
          ...readPeriod(query),
        },
        query.cursor ? readTimeCursor(query.cursor) : null,
        limit + 1,
      );
      const { page, next_cursor } = pageOf(rows, limit, (r) => ({ at: r.queued_at, id: r.listing_id }));
      return {
        items: await items(
          page.map((r) => r.listing_id),
          false,
        ),
        next_cursor,
      };
    },

    history,

    async decide(
      staff: { id: string },
      listingId: string,
      body: ModerationDecisionRequest,
    ): Promise<ModerationItem> {
      if (!isUuid(listingId)) throw new AppError('NOT_FOUND');
      const reason = body.reason?.trim() || null;
      if (APPEALABLE.includes(body.action) && !reason)
        throw new AppError('VALIDATION_FAILED', 'Give the reason the owner will read.', {
          location: 'body',
          fields: { reason: `is required to ${body.action.replace('_', ' ')}` },
        });
      const transition = TRANSITIONS[body.action];
      const row = await auditedTransaction({ db, clock, alerts: deps.alerts }, async (trx, audit) => {
        const current = await deps.listings.lockLive(trx, listingId);
        const from = current.moderation_state;
        const queued = await repo.queueEntry(trx, current.id);
        // Approving an approved listing dismisses its reports: only while it waits in the queue.
        if (!transition.from.includes(from) || (body.action === 'approve' && from === 'approved' && !queued))
          throw new AppError(
            'INVALID_STATE',
            `A listing that is ${from.replace('_', ' ')} cannot be given "${body.action}".`,
            {
              moderation_state: from,
              action: body.action,
            },
          );
        if (transition.to !== from) await deps.listings.setModeration(trx, current.id, transition.to);
        const now = clock.now();
        const decision = await repo.insertDecision(trx, {
          id: newId(),
          listing_id: current.id,
          moderator_user_id: staff.id,
          action: body.action,
          reason,
          from_state: from,
          to_state: transition.to,
          created_at: now,
        });
        await repo.settleReports(trx, current.id, now);
        await repo.answerAppeals(trx, current.id, decision.id);
        await repo.dequeue(trx, current.id);
        const owner = await deps.profiles.contact(current.owner_user_id, trx);
        await deps.notifications.notify(trx, current.owner_user_id, {
          kind: 'listing_moderation',
          ...ownerNotice(body.action, owner?.locale ?? null, current, reason),
          link: `/listing/${current.slug}`,
        });
        // Hiding keeps the reservations; their holders are told the design is under review.
        if (body.action === 'hide') await notifyHolders(trx, current);
        await audit({
          actor: { type: 'user', id: staff.id },
          action: `moderation.${body.action}`,
          resourceType: 'listing',
          resourceId: current.id,
          details: { decision_id: decision.id, from_state: from, to_state: transition.to, reason },
        });
        return current;
      });
      deps.listings.dropCaches();
      await tellOwner(row, body.action, reason);
      return history(row.id);
    },
  };
}

export type ModerationService = ReturnType<typeof createModerationService>;
