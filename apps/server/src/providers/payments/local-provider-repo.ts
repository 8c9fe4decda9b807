/** SQL for the local payments provider's own tables: customers, saved cards and setup intents. */
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { DB, LocalPaymentSetupIntentsTable, SetupIntentStatusColumn } from '../../db/schema';

type Q = Kysely<DB> | Transaction<DB>;
export type LocalSetupIntentRow = Selectable<LocalPaymentSetupIntentsTable>;

/** Inserts the customer unless its idempotency key was used; returns the customer of the key. */
export async function customerFor(
  q: Q,
  c: { id: string; idempotencyKey: string; buyerRef: string; at: Date },
): Promise<string> {
  await q
    .insertInto('local_payment_customers')
    .values({ id: c.id, idempotency_key: c.idempotencyKey, buyer_ref: c.buyerRef, created_at: c.at })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .execute();
  const row = await q
    .selectFrom('local_payment_customers')
    .select('id')
    .where('idempotency_key', '=', c.idempotencyKey)
    .executeTakeFirstOrThrow();
  return row.id;
}

export function customerExists(q: Q, id: string) {
  return q.selectFrom('local_payment_customers').select('id').where('id', '=', id).executeTakeFirst();
}

/** Inserts the setup intent unless its idempotency key was used; returns the intent of the key. */
export async function setupIntentFor(
  q: Q,
  s: {
    id: string;
    idempotencyKey: string;
    clientSecret: string;
    customerId: string;
    metadata: Record<string, string>;
    at: Date;
  },
): Promise<LocalSetupIntentRow> {
  await q
    .insertInto('local_payment_setup_intents')
    .values({
      id: s.id,
      idempotency_key: s.idempotencyKey,
      client_secret: s.clientSecret,
      customer_id: s.customerId,
      status: 'requires_payment_method',
      usage: 'off_session',
      metadata: JSON.stringify(s.metadata),
      created_at: s.at,
      updated_at: s.at,
    })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .execute();
  return q
    .selectFrom('local_payment_setup_intents')
    .selectAll()
    .where('idempotency_key', '=', s.idempotencyKey)
    .executeTakeFirstOrThrow();
}

export function findSetupIntent(q: Q, id: string) {
  return q.selectFrom('local_payment_setup_intents').selectAll().where('id', '=', id).executeTakeFirst();
}

export function lockSetupIntent(trx: Transaction<DB>, id: string) {
  return trx
    .selectFrom('local_payment_setup_intents')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export function updateSetupIntent(
  trx: Transaction<DB>,
  id: string,
  change: {
    status: SetupIntentStatusColumn;
    paymentMethodId: string | null;
    lastError: { code: string; declineCode: string | null } | null;
    at: Date;
  },
) {
  return trx
    .updateTable('local_payment_setup_intents')
    .set({
      status: change.status,
      payment_method_id: change.paymentMethodId,
      last_error_code: change.lastError?.code ?? null,
      last_error_decline_code: change.lastError?.declineCode ?? null,
      updated_at: change.at,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function insertPaymentMethod(
  trx: Transaction<DB>,
  pm: {
    id: string;
    customerId: string | null;
    brand: string;
    last4: string;
    expMonth: number;
    expYear: number;
    at: Date;
  },
) {
  return trx
    .insertInto('local_payment_methods')
    .values({
      id: pm.id,
      customer_id: pm.customerId,
      brand: pm.brand,
      last4: pm.last4,
      exp_month: pm.expMonth,
      exp_year: pm.expYear,
      created_at: pm.at,
    })
    .execute();
}

export function attachPaymentMethod(trx: Transaction<DB>, id: string, customerId: string) {
  return trx
    .updateTable('local_payment_methods')
    .set({ customer_id: customerId })
    .where('id', '=', id)
    .execute();
}

export function findPaymentMethod(q: Q, id: string) {
  return q.selectFrom('local_payment_methods').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Detaches a card from its customer (idempotent); whether the card exists. */
export async function detachPaymentMethod(q: Q, id: string, at: Date): Promise<boolean> {
  const row = await q
    .updateTable('local_payment_methods')
    .set({ detached_at: at, customer_id: null })
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
