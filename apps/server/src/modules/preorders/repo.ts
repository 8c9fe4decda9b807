/**
 * SQL for Phase A.5: designer terms, caps, provider customers, checkouts (one setup intent per
 * reservation), pre-orders and the provider's events. Caps move by conditional UPDATEs that the
 * CHECK constraints back, so no concurrency takes a counter past its cap.
 */
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type {
  CheckoutSetupIntentsTable,
  DB,
  PaymentEventsTable,
  PreOrdersTable,
  SetupIntentStatusColumn,
} from '../../db/schema';
import { olderThan } from '../../platform/pagination';

type Q = Kysely<DB> | Transaction<DB>;
export type CheckoutRow = Selectable<CheckoutSetupIntentsTable>;
export type PreorderRow = Selectable<PreOrdersTable>;
export type PaymentEventRow = Selectable<PaymentEventsTable>;

// Designer terms

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

// Provider customers

export function customerOf(q: Q, userId: string, provider: 'stripe' | 'local') {
  return q
    .selectFrom('payment_customers')
    .select('customer_id')
    .where('user_id', '=', userId)
    .where('provider', '=', provider)
    .executeTakeFirst();
}

export async function rememberCustomer(
  q: Q,
  c: { userId: string; provider: 'stripe' | 'local'; customerId: string; at: Date },
): Promise<string> {
  await q
    .insertInto('payment_customers')
    .values({ user_id: c.userId, provider: c.provider, customer_id: c.customerId, created_at: c.at })
    .onConflict((oc) => oc.columns(['user_id', 'provider']).doNothing())
    .execute();
  const row = await customerOf(q, c.userId, c.provider);
  return row?.customer_id ?? c.customerId;
}

// Checkouts

export function checkoutOfReservation(q: Q, reservationId: string) {
  return q
    .selectFrom('checkout_setup_intents')
    .selectAll()
    .where('reservation_id', '=', reservationId)
    .executeTakeFirst();
}

export function checkout(q: Q, id: string) {
  return q.selectFrom('checkout_setup_intents').selectAll().where('id', '=', id).executeTakeFirst();
}

export function checkoutOfSetupIntent(q: Q, setupIntentId: string) {
  return q
    .selectFrom('checkout_setup_intents')
    .selectAll()
    .where('setup_intent_id', '=', setupIntentId)
    .executeTakeFirst();
}

export function lockCheckoutOfSetupIntent(trx: Transaction<DB>, setupIntentId: string) {
  return trx
    .selectFrom('checkout_setup_intents')
    .selectAll()
    .where('setup_intent_id', '=', setupIntentId)
    .forUpdate()
    .executeTakeFirst();
}

/** Inserts the checkout unless the reservation has one; answers the reservation's checkout. */
export async function insertCheckout(
  trx: Transaction<DB>,
  c: Omit<CheckoutRow, 'status_event_created' | 'last_error_code' | 'payment_method_id'>,
): Promise<{ row: CheckoutRow; created: boolean }> {
  const inserted = await trx
    .insertInto('checkout_setup_intents')
    .values(c)
    .onConflict((oc) => oc.column('reservation_id').doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted) return { row: inserted, created: true };
  const row = await checkoutOfReservation(trx, c.reservation_id);
  if (!row) throw new Error('checkout vanished');
  return { row, created: false };
}

export function updateCheckoutState(
  trx: Transaction<DB>,
  id: string,
  s: {
    status: SetupIntentStatusColumn;
    eventCreated: number | null;
    lastErrorCode: string | null;
    paymentMethodId: string | null;
    at: Date;
  },
) {
  return trx
    .updateTable('checkout_setup_intents')
    .set({
      status: s.status,
      status_event_created: s.eventCreated,
      last_error_code: s.lastErrorCode,
      payment_method_id: s.paymentMethodId,
      updated_at: s.at,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
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

// Provider events

/** Stores an event unless its provider event id is stored; whether this call stored it. */
export async function storeEvent(
  trx: Transaction<DB>,
  e: Omit<PaymentEventRow, 'applied_at' | 'outcome' | 'payload' | 'event_created'> & {
    payload: Record<string, unknown>;
    event_created: number;
  },
): Promise<PaymentEventRow | undefined> {
  return trx
    .insertInto('payment_events')
    .values({ ...e, payload: JSON.stringify(e.payload) })
    .onConflict((oc) => oc.columns(['provider', 'provider_event_id']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

export function paymentEvent(q: Q, id: string) {
  return q.selectFrom('payment_events').selectAll().where('id', '=', id).executeTakeFirst();
}

export function markEventApplied(q: Q, id: string, outcome: string, at: Date) {
  return q.updateTable('payment_events').set({ applied_at: at, outcome }).where('id', '=', id).execute();
}

/** Capture or charge events received in [from, to) (A.5 has none unless something is wrong). */
export async function captureEvents(q: Q, from: Date, to: Date): Promise<number> {
  const row = await q
    .selectFrom('payment_events')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where((eb) => eb.or([eb('type', 'like', 'payment_intent.%'), eb('type', 'like', 'charge.%')]))
    .where('received_at', '>=', from)
    .where('received_at', '<', to)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
