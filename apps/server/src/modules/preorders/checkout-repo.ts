/**
 * SQL for Phase A.5's side at the payment provider: the buyers' provider customers, checkouts (one
 * setup intent per reservation) and the provider's events.
 */
import type { Kysely, Selectable, Transaction } from 'kysely';
import type {
  CheckoutSetupIntentsTable,
  DB,
  PaymentEventsTable,
  SetupIntentStatusColumn,
} from '../../db/schema';

type Q = Kysely<DB> | Transaction<DB>;
export type CheckoutRow = Selectable<CheckoutSetupIntentsTable>;
export type PaymentEventRow = Selectable<PaymentEventsTable>;

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
