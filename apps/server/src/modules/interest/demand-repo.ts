/**
 * SQL of the demand review: every reservation across listings, filtered, newest first; totals of
 * the same filtered set, overall and per listing; and the qualification staff give a reservation.
 * Figures are counted from the rows with the filters applied in SQL, never from a page.
 */
import { type ExpressionBuilder, type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { olderThan, type TimeKey } from '../../platform/pagination';

type Q = Kysely<DB> | Transaction<DB>;

export interface DemandFilter {
  listingId?: string;
  designerId?: string;
  status?: 'active' | 'cancelled';
  jurisdiction?: string;
  intendedUse?: 'free_standing' | 'decorative';
  inviteState?: 'not_invited' | 'invited' | 'declined' | 'converted';
  qualification?: 'unreviewed' | 'qualified' | 'not_qualified';
  trust?: 'verified' | 'account' | 'visitor';
  flagged?: boolean;
  from?: Date;
  to?: Date;
}

function matching(eb: ExpressionBuilder<DB, 'interest_reservations'>, f: DemandFilter) {
  const all = [];
  if (f.listingId) all.push(eb('listing_id', '=', f.listingId));
  if (f.designerId) all.push(eb('design_owner_id', '=', f.designerId));
  if (f.status) all.push(eb('status', '=', f.status));
  if (f.jurisdiction) all.push(eb('jurisdiction', '=', f.jurisdiction));
  if (f.intendedUse) all.push(eb('intended_use', '=', f.intendedUse));
  if (f.inviteState) all.push(eb('conversion_invite_state', '=', f.inviteState));
  if (f.qualification) all.push(eb('qualification', '=', f.qualification));
  if (f.trust) all.push(eb('reserver_trust', '=', f.trust));
  if (f.flagged !== undefined) all.push(eb('review_flag', f.flagged ? 'is not' : 'is', null));
  if (f.from) all.push(eb('created_at', '>=', f.from));
  if (f.to) all.push(eb('created_at', '<', f.to));
  return eb.and(all);
}

/** One page of matching reservations, newest first, after the cursor's (created_at, id). */
export function page(q: Q, f: DemandFilter, after: { at: Date; id: string } | null, limit: number) {
  return q
    .selectFrom('interest_reservations')
    .selectAll()
    .where((eb) => matching(eb, f))
    .$if(after !== null, (qb) => qb.where(olderThan('created_at', 'id', after as TimeKey)))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export interface TotalsRow {
  reservations: number;
  active: number;
  cancelled: number;
  active_quantity: number;
  qualified: number;
  active_gb: number;
  verified: number;
  visitors: number;
  households: number;
  flagged: number;
}

// The figures of a set of reservations, each counted by PostgreSQL from the rows.
const AGGREGATES = [
  sql<number>`count(*)::int`.as('reservations'),
  sql<number>`count(*) FILTER (WHERE status = 'active')::int`.as('active'),
  sql<number>`count(*) FILTER (WHERE status = 'cancelled')::int`.as('cancelled'),
  sql<number>`coalesce(sum(quantity) FILTER (WHERE status = 'active'), 0)::int`.as('active_quantity'),
  sql<number>`count(*) FILTER (WHERE status = 'active' AND qualification = 'qualified')::int`.as('qualified'),
  sql<number>`count(*) FILTER (WHERE status = 'active' AND jurisdiction = 'GB')::int`.as('active_gb'),
  sql<number>`count(*) FILTER (WHERE status = 'active' AND reserver_trust = 'verified')::int`.as('verified'),
  sql<number>`count(*) FILTER (WHERE status = 'active' AND reserver_trust = 'visitor')::int`.as('visitors'),
  sql<number>`count(DISTINCT network_fingerprint) FILTER (WHERE status = 'active')::int`.as('households'),
  sql<number>`count(*) FILTER (WHERE status = 'active' AND review_flag IS NOT NULL)::int`.as('flagged'),
] as const;

/** Totals of every matching reservation. */
export function totals(q: Q, f: DemandFilter): Promise<TotalsRow> {
  return q
    .selectFrom('interest_reservations')
    .select(AGGREGATES)
    .where((eb) => matching(eb, f))
    .executeTakeFirstOrThrow();
}

export interface ListingTotalsRow extends TotalsRow {
  listing_id: string;
  design_owner_id: string;
}

/** The listing totals order: most active quantity, then most active reservations, then id. */
export interface ListingKey {
  quantity: number;
  active: number;
  listingId: string;
}

/** Totals per listing of matching reservations, in ListingKey order, after `after`. */
export function totalsByListing(
  q: Q,
  f: DemandFilter,
  after: ListingKey | null,
  limit: number,
): Promise<ListingTotalsRow[]> {
  const grouped = q
    .selectFrom('interest_reservations')
    .select(['listing_id', 'design_owner_id', ...AGGREGATES])
    .where((eb) => matching(eb, f))
    .groupBy(['listing_id', 'design_owner_id']);
  return q
    .selectFrom(grouped.as('t'))
    .selectAll()
    .$if(after !== null, (qb) =>
      qb.where(
        sql<boolean>`(t.active_quantity, t.active, t.listing_id) < (${after!.quantity}, ${after!.active}, ${after!.listingId}::uuid)`,
      ),
    )
    .orderBy('t.active_quantity', 'desc')
    .orderBy('t.active', 'desc')
    .orderBy('t.listing_id', 'desc')
    .limit(limit)
    .execute();
}

/** Demand review locks a reservation the same way as the reservation rules do. */
export { lockById } from './repo';

export function setQualification(
  trx: Transaction<DB>,
  id: string,
  change: { state: 'unreviewed' | 'qualified' | 'not_qualified'; note: string | null; by: string; at: Date },
) {
  const reviewed = change.state !== 'unreviewed';
  return trx
    .updateTable('interest_reservations')
    .set({
      qualification: change.state,
      qualification_note: reviewed ? change.note : null,
      qualified_by: reviewed ? change.by : null,
      qualified_at: reviewed ? change.at : null,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
