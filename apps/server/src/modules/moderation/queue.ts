/**
 * The moderation queue as staff read it: listings waiting (held by the automatic checks, reported,
 * hidden by reports, appealed), each with its flags, reports, appeals and latest decisions, and a
 * listing's whole history. Listings join the queue when sent to review and leave it when deleted.
 */
import type { ModerationItem, ModerationQueueKind } from '@kitwright/contracts';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { isUuid } from '../../platform/ids';
import { pageOf, readTimeCursor } from '../../platform/pagination';
import { readPeriod } from '../../platform/period';
import { type Profile, unknownProfile } from '../auth/profiles';
import { mediaUrl } from '../media/urls';
import type { ModerationContext } from './context';
import * as repo from './repo';

/** The decisions an item in the queue shows; its history shows every one. */
const QUEUE_DECISIONS = 5;

const REPORTER_KINDS = ['user', 'visitor', 'network', 'erased'] as const;

export interface ModerationQueueQuery {
  kind?: ModerationQueueKind;
  reason?: repo.ReportRow['reason'];
  from?: string;
  to?: string;
  cursor?: string;
  limit?: number;
}

/** Who reported, by kind (the table's CHECK admits these prefixes only). */
function reporterKind(key: string): (typeof REPORTER_KINDS)[number] {
  const prefix = key.slice(0, key.indexOf(':'));
  const kind = REPORTER_KINDS.find((k) => k === prefix);
  if (!kind) throw new Error(`unexpected reporter key prefix: ${prefix}`);
  return kind;
}

function people(ctx: ModerationContext, ids: readonly (string | null)[]): Promise<Map<string, Profile>> {
  return ctx.profiles.byIds(ids.filter((id): id is string => id !== null));
}

/** Queue items (or full histories) of listings, in the order given; deleted listings left out. */
async function items(
  ctx: ModerationContext,
  listingIds: readonly string[],
  full: boolean,
): Promise<ModerationItem[]> {
  const { db } = ctx;
  const [rows, queue, reports, totals, decisions, appeals] = await Promise.all([
    ctx.listings.moderationSummaries(listingIds),
    repo.queueEntries(db, listingIds),
    repo.reportsOf(db, listingIds, { all: full }),
    repo.reportTotals(db, listingIds),
    repo.decisionsOf(db, listingIds),
    repo.appealsOf(db, listingIds),
  ]);
  const person = await people(ctx, [
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
          (f) => ({
            code: f.code,
            message: f.message,
            excerpt: f.excerpt ?? null,
          }),
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

/** A listing's item with every report and decision it ever had. */
export async function history(ctx: ModerationContext, listingId: string): Promise<ModerationItem> {
  if (!isUuid(listingId)) throw new AppError('NOT_FOUND');
  const [item] = await items(ctx, [listingId], true);
  if (!item) throw new AppError('NOT_FOUND');
  return item;
}

export async function queue(ctx: ModerationContext, query: ModerationQueueQuery) {
  const limit = query.limit ?? 20;
  const rows = await repo.queuePage(
    ctx.db,
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
      ctx,
      page.map((r) => r.listing_id),
      false,
    ),
    next_cursor,
  };
}

/** A listing waiting for review after the automatic checks or an edit joins the queue. */
export function sentToReview(ctx: ModerationContext, trx: Transaction<DB>, listingId: string) {
  return repo.enqueue(trx, listingId, 'review', ctx.clock.now());
}

/** A deleted listing leaves the queue (its reports and decisions stay for the records). */
export function forget(trx: Transaction<DB>, listingId: string) {
  return repo.dequeue(trx, listingId);
}
