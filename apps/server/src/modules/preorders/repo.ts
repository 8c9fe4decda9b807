/**
 * SQL for Phase A.5's commitments: designer terms, caps, the buyers' places and pre-orders. Caps
 * move by conditional UPDATEs that the CHECK constraints back, so no concurrency takes a counter
 * past its cap. The provider's side (customers, checkouts, events) is checkout-repo.ts.
 */
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { DB, PreOrdersTable } from '../../db/schema';
import { olderThan } from '../../platform/pagination';

type Q = Kysely<DB> | Transaction<DB>;
export type PreorderRow = Selectable<PreOrdersTable>;

export function termsInForce(q: Q, listingId: string) {
  return q
    .selectFrom('designer_terms_acceptances')
    .selectAll()
    .where('listing_id', '=', listingId)
    .where('withdrawn_at', 'is', null)
    .executeTakeFirst();
}

export function latestTerms(q: Q, listingId: string) {
  return q
    .selectFrom('designer_terms_acceptances')
    .selectAll()
    .where('listing_id', '=', listingId)
    .orderBy('accepted_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function insertTerms(
  trx: Transaction<DB>,
  t: { id: string; listingId: string; designerId: string; version: string; at: Date },
) {
  return trx
    .insertInto('designer_terms_acceptances')
    .values({
      id: t.id,
      listing_id: t.listingId,
      designer_user_id: t.designerId,
      version: t.version,
      accepted_at: t.at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function withdrawTerms(trx: Transaction<DB>, listingId: string, at: Date) {
  return trx
    .updateTable('designer_terms_acceptances')
    .set({ withdrawn_at: at })
    .where('listing_id', '=', listingId)
    .where('withdrawn_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

export function termsOfDesigner(q: Q, userId: string) {
  return q
    .selectFrom('designer_terms_acceptances')
    .selectAll()
    .where('designer_user_id', '=', userId)
    .orderBy('accepted_at')
    .execute();
}

// Caps

export async function ensureCaps(
  trx: Transaction<DB>,
  listingId: string,
  defaults: { invitation_cap: number; preorder_cap: number },
  at: Date,
) {
  await trx
    .insertInto('preorder_listing_caps')
    .values({ listing_id: listingId, ...defaults, updated_at: at })
    .onConflict((oc) => oc.column('listing_id').doNothing())
    .execute();
}

export function caps(q: Q, listingId: string) {
  return q
    .selectFrom('preorder_listing_caps')
    .selectAll()
    .where('listing_id', '=', listingId)
    .executeTakeFirst();
}

/** Sets both caps unless a counter is already above its new cap (then undefined). */
export function setCaps(
  trx: Transaction<DB>,
  listingId: string,
  c: { invitation_cap: number; preorder_cap: number },
  at: Date,
) {
  return trx
    .updateTable('preorder_listing_caps')
    .set({ invitation_cap: c.invitation_cap, preorder_cap: c.preorder_cap, updated_at: at })
    .where('listing_id', '=', listingId)
    .where('invited', '<=', c.invitation_cap)
    .where('preordered', '<=', c.preorder_cap)
    .returningAll()
    .executeTakeFirst();
}

/** Takes one invitation place; undefined when the cap is reached. */
export function takeInvitation(trx: Transaction<DB>, listingId: string, at: Date) {
  return trx
    .updateTable('preorder_listing_caps')
    .set({ invited: sql`invited + 1`, updated_at: at })
    .where('listing_id', '=', listingId)
    .whereRef('invited', '<', 'invitation_cap')
    .returningAll()
    .executeTakeFirst();
}

/** Takes one pre-order place; undefined when the cap is reached. */
export function takePreorder(trx: Transaction<DB>, listingId: string, at: Date) {
  return trx
    .updateTable('preorder_listing_caps')
    .set({ preordered: sql`preordered + 1`, updated_at: at })
    .where('listing_id', '=', listingId)
    .whereRef('preordered', '<', 'preorder_cap')
    .returning('preordered')
    .executeTakeFirst();
}

export function releasePreorder(trx: Transaction<DB>, listingId: string, at: Date) {
  return trx
    .updateTable('preorder_listing_caps')
    .set({ preordered: sql`preordered - 1`, updated_at: at })
    .where('listing_id', '=', listingId)
    .where('preordered', '>', 0)
    .execute();
}

// Per-buyer limit

/** Takes one of the buyer's pre-order places; undefined when they hold their limit. */
export async function takeBuyerPlace(trx: Transaction<DB>, userId: string, limit: number) {
  await trx
    .insertInto('preorder_buyers')
    .values({ user_id: userId, max_active: limit })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  return trx
    .updateTable('preorder_buyers')
    .set({ active: sql`active + 1` })
    .where('user_id', '=', userId)
    .whereRef('active', '<', 'max_active')
    .returning('active')
    .executeTakeFirst();
}

export function releaseBuyerPlace(trx: Transaction<DB>, userId: string) {
  return trx
    .updateTable('preorder_buyers')
    .set({ active: sql`active - 1` })
    .where('user_id', '=', userId)
    .where('active', '>', 0)
    .execute();
}

// Pre-orders

export function insertPreorder(
  trx: Transaction<DB>,
  p: Omit<
    PreorderRow,
    | 'status'
    | 'cancellation_reason'
    | 'cancellation_note'
    | 'cancelled_at'
    | 'card_detached_at'
    | 'gate_versions'
  > & { gate_versions: Record<string, string> },
) {
  return trx
    .insertInto('pre_orders')
    .values({ ...p, gate_versions: JSON.stringify(p.gate_versions) })
    .onConflict((oc) => oc.column('checkout_id').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export function preorder(q: Q, id: string) {
  return q.selectFrom('pre_orders').selectAll().where('id', '=', id).executeTakeFirst();
}

export function preorderOfCheckout(q: Q, checkoutId: string) {
  return q.selectFrom('pre_orders').selectAll().where('checkout_id', '=', checkoutId).executeTakeFirst();
}

export function lockPreorder(trx: Transaction<DB>, id: string) {
  return trx.selectFrom('pre_orders').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function cancelPreorder(
  trx: Transaction<DB>,
  id: string,
  c: { reason: string; note: string | null; at: Date },
) {
  return trx
    .updateTable('pre_orders')
    .set({
      status: 'cancelled',
      cancellation_reason: c.reason,
      cancellation_note: c.note,
      cancelled_at: c.at,
    })
    .where('id', '=', id)
    .where('status', '=', 'confirmed')
    .returningAll()
    .executeTakeFirst();
}

export function markCardDetached(q: Q, id: string, at: Date) {
  return q.updateTable('pre_orders').set({ card_detached_at: at }).where('id', '=', id).execute();
}

/** One page of a buyer's pre-orders, newest first, after the cursor's (created_at, id). */
export function preorderPage(q: Q, userId: string, after: { at: Date; id: string } | null, limit: number) {
  let query = q.selectFrom('pre_orders').selectAll().where('buyer_user_id', '=', userId);
  if (after) {
    query = query.where(olderThan('created_at', 'id', after));
  }
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

export function preordersOf(q: Q, userId: string) {
  return q
    .selectFrom('pre_orders')
    .selectAll()
    .where('buyer_user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

/** Confirmed pre-orders on these listings, locked (their designer's account is being erased). */
export function lockConfirmedOnListings(trx: Transaction<DB>, listingIds: readonly string[]) {
  if (listingIds.length === 0) return Promise.resolve([] as PreorderRow[]);
  return trx
    .selectFrom('pre_orders')
    .selectAll()
    .where('listing_id', 'in', [...listingIds])
    .where('status', '=', 'confirmed')
    .orderBy('id')
    .forUpdate()
    .execute();
}

export function lockConfirmedOf(trx: Transaction<DB>, userId: string) {
  return trx
    .selectFrom('pre_orders')
    .selectAll()
    .where('buyer_user_id', '=', userId)
    .where('status', '=', 'confirmed')
    .orderBy('id')
    .forUpdate()
    .execute();
}
