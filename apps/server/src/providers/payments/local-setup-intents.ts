/**
 * The local provider's setup intents, customers and saved cards as the platform's provider
 * interface reads and makes them (its own tables, local-provider-repo.ts), as plain functions of
 * the provider's context. The card form's steps are local-card-steps.ts.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { DB } from '../../db/schema';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import * as repo from './local-provider-repo';
import type { CardCollection, PaymentsProvider, SetupIntentStatus, SetupIntentView } from './provider';

/** Sends one signed webhook to the server; answers the HTTP status it got. */
export type WebhookDelivery = (body: string, signature: string) => Promise<number>;

export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** What the form learns after a submission: the intent, and a message for the person if it failed. */
export interface CardOutcome {
  intent: SetupIntentView;
  problem: string | null;
}

/** What the local provider's operations share: its store, clock, log, addresses and webhook delivery. */
export interface LocalProviderContext {
  db: Kysely<DB>;
  clock: Clock;
  logger: Logger;
  publicBaseUrl: string;
  webhookSecret: string;
  /** Where webhooks go; set once the app's routes exist. */
  delivery: WebhookDelivery | null;
}

/** A random suffix for the provider's ids and client secrets. */
export const suffix = (bytes = 12) => randomBytes(bytes).toString('hex');

/** A stored setup intent as the platform reads it (its saved card joined). */
export async function view(
  ctx: LocalProviderContext,
  row: repo.LocalSetupIntentRow,
): Promise<SetupIntentView> {
  const pm = row.payment_method_id ? await repo.findPaymentMethod(ctx.db, row.payment_method_id) : undefined;
  return {
    id: row.id,
    status: row.status as SetupIntentStatus,
    client_secret: row.client_secret,
    customer: row.customer_id,
    usage: row.usage,
    payment_method: pm
      ? { id: pm.id, brand: pm.brand, last4: pm.last4, exp_month: pm.exp_month, exp_year: pm.exp_year }
      : null,
    last_error: row.last_error_code
      ? { code: row.last_error_code, decline_code: row.last_error_decline_code }
      : null,
    created: Math.floor(row.created_at.getTime() / 1000),
    metadata: row.metadata,
  };
}

export async function ensureCustomer(
  ctx: LocalProviderContext,
  { buyerRef, idempotencyKey }: { buyerRef: string; idempotencyKey: string },
) {
  return repo.customerFor(ctx.db, {
    id: `cus_local_${suffix()}`,
    idempotencyKey,
    buyerRef,
    at: ctx.clock.now(),
  });
}

export async function createSetupIntent(
  ctx: LocalProviderContext,
  { customer, metadata, idempotencyKey }: Parameters<PaymentsProvider['createSetupIntent']>[0],
) {
  if (!(await repo.customerExists(ctx.db, customer)))
    throw new AppError('DEPENDENCY_UNAVAILABLE', 'The payment provider does not know this customer.');
  const id = `seti_local_${suffix()}`;
  const row = await repo.setupIntentFor(ctx.db, {
    id,
    idempotencyKey,
    clientSecret: `${id}_secret_${suffix(16)}`,
    customerId: customer,
    metadata,
    at: ctx.clock.now(),
  });
  return view(ctx, row);
}

export async function retrieveSetupIntent(ctx: LocalProviderContext, id: string) {
  const row = await repo.findSetupIntent(ctx.db, id);
  if (!row) throw new AppError('NOT_FOUND', 'The payment provider has no such setup intent.');
  return view(ctx, row);
}

export async function detachPaymentMethod(ctx: LocalProviderContext, paymentMethodId: string) {
  await repo.detachPaymentMethod(ctx.db, paymentMethodId, ctx.clock.now());
}

export function cardCollection(ctx: LocalProviderContext, intent: SetupIntentView): CardCollection {
  const secret = intent.client_secret ?? '';
  const url = new URL(`/payments/local/setup-intents/${encodeURIComponent(intent.id)}`, ctx.publicBaseUrl);
  url.searchParams.set('client_secret', secret);
  return { provider: 'local', client_secret: secret, form_url: url.toString() };
}

/** The stored intent behind a card form, if the client secret matches (never otherwise). */
export async function ownedForForm(ctx: LocalProviderContext, id: string, clientSecret: string) {
  const row = await repo.findSetupIntent(ctx.db, id);
  // The client secret is the only key to the form, compared in full.
  if (!row || row.client_secret !== clientSecret) return null;
  return row;
}

export async function forForm(ctx: LocalProviderContext, id: string, clientSecret: string) {
  const row = await ownedForForm(ctx, id, clientSecret);
  return row ? view(ctx, row) : null;
}
