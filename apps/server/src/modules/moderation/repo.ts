/**
 * SQL of the moderation tables: reports, decisions, appeals and the queue. Listings themselves are
 * read and moved through the listings service.
 */
import type { ModerationQueueKind } from '@kitwright/contracts';
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type {
  DB,
  ModerationAppealsTable,
  ModerationDecisionsTable,
  ModerationReportsTable,
} from '../../db/schema';
import type { TimeKey } from '../../platform/pagination';

type Q = Kysely<DB> | Transaction<DB>;

export type ReportRow = Selectable<ModerationReportsTable>;
export type DecisionRow = Selectable<ModerationDecisionsTable>;
export type AppealRow = Selectable<ModerationAppealsTable>;

/** The queue's kinds in rising order of urgency: a listing's kind only climbs. */
export const KIND_RANK: Record<ModerationQueueKind, number> = {
  review: 0,
  reported: 1,
  hidden_by_reports: 2,
  appealed: 3,
};

/** Records a report unless this reporter already reported the listing; answers whether it is new. */
export async function insertReport(trx: Transaction<DB>, values: Omit<ReportRow, 'settled_at'>) {
  const row = await trx
    .insertInto('moderation_reports')
    .values(values)
    .onConflict((oc) => oc.columns(['listing_id', 'reporter_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Erasing an account: its reports (and its visitor sessions') stay for the moderators under the
 * account's pseudonymous reference; answers how many.
 */
export async function detachReporter(
  trx: Transaction<DB>,
  userId: string,
  visitorIds: readonly string[],
  ref: string,
): Promise<number> {
  const keys = [`user:${userId}`, ...visitorIds.map((id) => `visitor:${id}`)];
  const rows = await trx
    .updateTable('moderation_reports')
    .set({ reporter_key: sql<string>`'erased:' || ${ref} || ':' || id::text` })
    .where('reporter_key', 'in', keys)
    .returning('id')
    .execute();
  return rows.length;
}

/** Distinct networks among a listing's open reports: what hides it. */
export async function openReportNetworks(q: Q, listingId: string): Promise<number> {
  const row = await q
    .selectFrom('moderation_reports')
    .select(sql<string>`count(DISTINCT network_fingerprint)`.as('n'))
    .where('listing_id', '=', listingId)
    .where('settled_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A decision settles the listing's open reports. */
export async function settleReports(trx: Transaction<DB>, listingId: string, at: Date) {
  await trx
    .updateTable('moderation_reports')
    .set({ settled_at: at })
    .where('listing_id', '=', listingId)
    .where('settled_at', 'is', null)
    .execute();
}

/** Puts a listing in the queue, or raises its kind (never lowers it). */
export async function enqueue(trx: Transaction<DB>, listingId: string, kind: ModerationQueueKind, at: Date) {
  await trx
    .insertInto('moderation_queue')
    .values({ listing_id: listingId, kind, queued_at: at, updated_at: at })
    .onConflict((oc) =>
      oc.column('listing_id').doUpdateSet({
        kind: sql`CASE WHEN ${sql.raw(caseRank('excluded.kind'))} > ${sql.raw(caseRank('moderation_queue.kind'))} THEN excluded.kind ELSE moderation_queue.kind END`,
        updated_at: at,
      }),
    )
    .execute();
}

function caseRank(column: string): string {
  const arms = Object.entries(KIND_RANK)
    .map(([kind, rank]) => `WHEN '${kind}' THEN ${rank}`)
    .join(' ');
  return `(CASE ${column} ${arms} END)`;
}

export async function dequeue(trx: Transaction<DB>, listingId: string) {
  await trx.deleteFrom('moderation_queue').where('listing_id', '=', listingId).execute();
}

export function queueEntry(q: Q, listingId: string) {
  return q.selectFrom('moderation_queue').selectAll().where('listing_id', '=', listingId).executeTakeFirst();
}

export interface QueueFilter {
  kind?: ModerationQueueKind;
  reason?: ReportRow['reason'];
  from?: Date;
  to?: Date;
}

/** One page of the queue, oldest queued first, after the cursor's (queued_at, listing_id). */
export function queuePage(q: Q, f: QueueFilter, after: TimeKey | null, limit: number) {
  return q
    .selectFrom('moderation_queue as m')
    .selectAll('m')
    .where((eb) => {
      const all = [];
      if (f.kind) all.push(eb('m.kind', '=', f.kind));
      if (f.from) all.push(eb('m.queued_at', '>=', f.from));
      if (f.to) all.push(eb('m.queued_at', '<', f.to));
      if (f.reason)
        all.push(
          eb.exists(
            eb
              .selectFrom('moderation_reports as r')
              .select('r.id')
              .whereRef('r.listing_id', '=', 'm.listing_id')
              .where('r.settled_at', 'is', null)
              .where('r.reason', '=', f.reason),
          ),
        );
      if (after)
        all.push(
          eb.or([
            eb('m.queued_at', '>', after.at),
            eb.and([eb('m.queued_at', '=', after.at), eb('m.listing_id', '>', after.id)]),
          ]),
        );
      return eb.and(all);
    })
    .orderBy('m.queued_at')
    .orderBy('m.listing_id')
    .limit(limit)
    .execute();
}

export function queueEntries(q: Q, listingIds: readonly string[]) {
  if (listingIds.length === 0) return Promise.resolve([]);
  return q
    .selectFrom('moderation_queue')
    .selectAll()
    .where('listing_id', 'in', [...listingIds])
    .execute();
}

/** Reports of these listings, newest first (only the open ones unless `all`). */
export function reportsOf(q: Q, listingIds: readonly string[], options: { all: boolean }) {
  if (listingIds.length === 0) return Promise.resolve([] as ReportRow[]);
  let query = q
    .selectFrom('moderation_reports')
    .selectAll()
    .where('listing_id', 'in', [...listingIds]);
  if (!options.all) query = query.where('settled_at', 'is', null);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

/** How many reports each listing ever had. */
export async function reportTotals(q: Q, listingIds: readonly string[]): Promise<Map<string, number>> {
  if (listingIds.length === 0) return new Map();
  const rows = await q
    .selectFrom('moderation_reports')
    .select(['listing_id', (eb) => eb.fn.countAll<string>().as('n')])
    .where('listing_id', 'in', [...listingIds])
    .groupBy('listing_id')
    .execute();
  return new Map(rows.map((r) => [r.listing_id, Number(r.n)]));
}

export function insertDecision(trx: Transaction<DB>, values: DecisionRow) {
  return trx.insertInto('moderation_decisions').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Decisions about these listings, newest first. */
export function decisionsOf(q: Q, listingIds: readonly string[]) {
  if (listingIds.length === 0) return Promise.resolve([] as DecisionRow[]);
  return q
    .selectFrom('moderation_decisions')
    .selectAll()
    .where('listing_id', 'in', [...listingIds])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** The decision in force about a listing: its latest. */
export function latestDecision(q: Q, listingId: string) {
  return q
    .selectFrom('moderation_decisions')
    .selectAll()
    .where('listing_id', '=', listingId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Records an appeal unless the decision was already appealed; answers whether it is new. */
export async function insertAppeal(trx: Transaction<DB>, values: Omit<AppealRow, 'answered_by'>) {
  const row = await trx
    .insertInto('moderation_appeals')
    .values(values)
    .onConflict((oc) => oc.column('decision_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** A decision answers the listing's open appeal. */
export async function answerAppeals(trx: Transaction<DB>, listingId: string, decisionId: string) {
  await trx
    .updateTable('moderation_appeals')
    .set({ answered_by: decisionId })
    .where('listing_id', '=', listingId)
    .where('answered_by', 'is', null)
    .execute();
}

export function appealsOf(q: Q, listingIds: readonly string[]) {
  if (listingIds.length === 0) return Promise.resolve([] as AppealRow[]);
  return q
    .selectFrom('moderation_appeals')
    .selectAll()
    .where('listing_id', 'in', [...listingIds])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}
