/**
 * The `local` payments provider: Stripe's setup-intent lifecycle served and signed on this machine,
 * so the whole A.5 flow runs with `npm start` and no network. Its state is in tables it owns
 * (migration 0025), so every process sees the same intents.
 *
 * Lifecycle (as Stripe's test cards behave):
 *   requires_payment_method --card 4242…--> succeeded
 *   requires_payment_method --card 4000 0025 0000 3155--> requires_action --approve--> succeeded
 *                                                                        --fail-----> requires_payment_method (authentication failure)
 *   requires_payment_method --card 4000…9995 / 4000…0002--> requires_payment_method (card_declined)
 *   any but succeeded --cancel--> canceled
 * Each change is delivered as a webhook in Stripe's event shape, signed with Stripe's scheme, to
 * the server's own /api/payment/webhook through the real route. There is no payment intent, no
 * charge and no capture here: nothing in this provider can move money.
 */
import { randomBytes } from 'node:crypto';
import { LOCAL_TEST_CARDS } from '@kitwright/contracts';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { DB } from '../../db/schema';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import * as repo from './local-provider-repo';
import {
  type PaymentsProvider,
  type SetupIntentStatus,
  type SetupIntentView,
  signProviderWebhook,
} from './provider';

/** The webhook secret the local provider signs with when STRIPE_WEBHOOK_SECRET is not set. */
export const LOCAL_WEBHOOK_SECRET = 'whsec_local_kitwright_development_only';

/** Sends one signed webhook to the server; answers the HTTP status it got. */
export type WebhookDelivery = (body: string, signature: string) => Promise<number>;

const suffix = (bytes = 12) => randomBytes(bytes).toString('hex');

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

export interface LocalPaymentsProvider extends PaymentsProvider {
  readonly name: 'local';
  /** The intent behind a card form, if the client secret matches (never otherwise). */
  forForm(id: string, clientSecret: string): Promise<SetupIntentView | null>;
  submitCard(id: string, clientSecret: string, card: CardInput): Promise<CardOutcome>;
  /** The authentication step of a card that needs it: approved → succeeded, else failed. */
  authenticate(id: string, clientSecret: string, approve: boolean): Promise<CardOutcome>;
  /** Where webhooks go (the app sets it once its routes exist). */
  deliverTo(delivery: WebhookDelivery): void;
}

const DECLINES: Record<string, { decline: string; message: string }> = {
  [LOCAL_TEST_CARDS.insufficientFunds]: {
    decline: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  [LOCAL_TEST_CARDS.genericDecline]: { decline: 'generic_decline', message: 'Your card was declined.' },
};

function brandOf(number: string): string {
  if (number.startsWith('4')) return 'visa';
  if (/^5[1-5]/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  return 'unknown';
}

export function createLocalPaymentsProvider(deps: {
  db: Kysely<DB>;
  clock: Clock;
  logger: Logger;
  publicBaseUrl: string;
  webhookSecret: string;
}): LocalPaymentsProvider {
  const { db, clock } = deps;
  let delivery: WebhookDelivery | null = null;

  async function view(row: repo.LocalSetupIntentRow): Promise<SetupIntentView> {
    const pm = row.payment_method_id ? await repo.findPaymentMethod(db, row.payment_method_id) : undefined;
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

  /** Stripe's JSON for a setup intent (the fields the platform reads, in Stripe's names). */
  function stripeJson(v: SetupIntentView): Record<string, unknown> {
    return {
      id: v.id,
      object: 'setup_intent',
      status: v.status,
      usage: v.usage,
      customer: v.customer,
      payment_method: v.payment_method?.id ?? null,
      payment_method_types: ['card'],
      last_setup_error: v.last_error
        ? { code: v.last_error.code, decline_code: v.last_error.decline_code, type: 'card_error' }
        : null,
      next_action: v.status === 'requires_action' ? { type: 'use_stripe_sdk' } : null,
      created: v.created,
      livemode: false,
      metadata: v.metadata,
    };
  }

  const EVENT_TYPES: Partial<Record<SetupIntentStatus, string>> = {
    succeeded: 'setup_intent.succeeded',
    requires_action: 'setup_intent.requires_action',
    canceled: 'setup_intent.canceled',
  };

  /** Signs and posts the event for a state change; a failed delivery is logged (the provider would retry). */
  async function announce(v: SetupIntentView, failed: boolean) {
    const type = failed ? 'setup_intent.setup_failed' : EVENT_TYPES[v.status];
    if (!type) return;
    const now = Math.floor(clock.now().getTime() / 1000);
    const body = JSON.stringify({
      id: `evt_local_${suffix()}`,
      object: 'event',
      api_version: '2025-01-01',
      type,
      created: now,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: stripeJson(v) },
    });
    if (!delivery) {
      deps.logger.warn({ setup_intent: v.id, type }, 'local payments: no webhook delivery configured');
      return;
    }
    try {
      const status = await delivery(body, signProviderWebhook(body, deps.webhookSecret, now));
      if (status < 200 || status >= 300)
        deps.logger.error({ setup_intent: v.id, type, status }, 'local payments: webhook was refused');
    } catch (err) {
      deps.logger.error({ setup_intent: v.id, type, err }, 'local payments: webhook could not be delivered');
    }
  }

  async function ownedForForm(id: string, clientSecret: string) {
    const row = await repo.findSetupIntent(db, id);
    // The client secret is the only key to the form, compared in full.
    if (!row || row.client_secret !== clientSecret) return null;
    return row;
  }

  async function change(
    id: string,
    next: (row: repo.LocalSetupIntentRow) => Promise<{
      status: SetupIntentStatus;
      paymentMethodId: string | null;
      lastError: { code: string; declineCode: string | null } | null;
    } | null>,
  ) {
    const row = await db.transaction().execute(async (trx) => {
      const current = await repo.lockSetupIntent(trx, id);
      if (!current) throw new AppError('NOT_FOUND');
      const update = await next(current);
      if (!update) return null;
      return repo.updateSetupIntent(trx, id, { ...update, at: clock.now() });
    });
    return row;
  }

  const provider: LocalPaymentsProvider = {
    name: 'local',

    async ensureCustomer({ buyerRef, idempotencyKey }) {
      return repo.customerFor(db, {
        id: `cus_local_${suffix()}`,
        idempotencyKey,
        buyerRef,
        at: clock.now(),
      });
    },

    async createSetupIntent({ customer, metadata, idempotencyKey }) {
      if (!(await repo.customerExists(db, customer)))
        throw new AppError('DEPENDENCY_UNAVAILABLE', 'The payment provider does not know this customer.');
      const id = `seti_local_${suffix()}`;
      const row = await repo.setupIntentFor(db, {
        id,
        idempotencyKey,
        clientSecret: `${id}_secret_${suffix(16)}`,
        customerId: customer,
        metadata,
        at: clock.now(),
      });
      return view(row);
    },

    async retrieveSetupIntent(id) {
      const row = await repo.findSetupIntent(db, id);
      if (!row) throw new AppError('NOT_FOUND', 'The payment provider has no such setup intent.');
      return view(row);
    },

    async cancelSetupIntent(id) {
      const row = await change(id, async (r) =>
        r.status === 'succeeded' || r.status === 'canceled'
          ? null
          : { status: 'canceled', paymentMethodId: r.payment_method_id, lastError: null },
      );
      if (row) await announce(await view(row), false);
    },

    async detachPaymentMethod(paymentMethodId) {
      await repo.detachPaymentMethod(db, paymentMethodId, clock.now());
    },

    cardCollection(intent) {
      const secret = intent.client_secret ?? '';
      const url = new URL(
        `/payments/local/setup-intents/${encodeURIComponent(intent.id)}`,
        deps.publicBaseUrl,
      );
      url.searchParams.set('client_secret', secret);
      return { provider: 'local', client_secret: secret, form_url: url.toString() };
    },

    async forForm(id, clientSecret) {
      const row = await ownedForForm(id, clientSecret);
      return row ? view(row) : null;
    },

    async submitCard(id, clientSecret, card) {
      if (!(await ownedForForm(id, clientSecret))) throw new AppError('NOT_FOUND');
      const number = card.number.replace(/[\s-]/g, '');
      const now = clock.now();
      const expired =
        card.expYear < now.getUTCFullYear() ||
        (card.expYear === now.getUTCFullYear() && card.expMonth < now.getUTCMonth() + 1);
      const known = (Object.values(LOCAL_TEST_CARDS) as string[]).includes(number);
      // Refusals that change nothing (as Stripe.js refuses them before any request).
      if (!known)
        return {
          intent: await provider.retrieveSetupIntent(id),
          problem: 'Use one of the test cards listed on this page.',
        };
      if (expired)
        return { intent: await provider.retrieveSetupIntent(id), problem: 'This card has expired.' };
      if (!/^\d{3,4}$/.test(card.cvc))
        return {
          intent: await provider.retrieveSetupIntent(id),
          problem: 'Enter the 3 or 4 digit security code.',
        };
      const decline = DECLINES[number];
      const needsAuth = number === LOCAL_TEST_CARDS.requiresAuthentication;
      const row = await db.transaction().execute(async (trx) => {
        const current = await repo.lockSetupIntent(trx, id);
        if (current?.status !== 'requires_payment_method') return null;
        if (decline) {
          return repo.updateSetupIntent(trx, id, {
            status: 'requires_payment_method',
            paymentMethodId: null,
            lastError: { code: 'card_declined', declineCode: decline.decline },
            at: clock.now(),
          });
        }
        const pmId = `pm_local_${suffix()}`;
        await repo.insertPaymentMethod(trx, {
          id: pmId,
          // A card awaiting authentication is attached only once it is authenticated.
          customerId: needsAuth ? null : current.customer_id,
          brand: brandOf(number),
          last4: number.slice(-4),
          expMonth: card.expMonth,
          expYear: card.expYear,
          at: clock.now(),
        });
        return repo.updateSetupIntent(trx, id, {
          status: needsAuth ? 'requires_action' : 'succeeded',
          paymentMethodId: pmId,
          lastError: null,
          at: clock.now(),
        });
      });
      if (!row)
        return {
          intent: await provider.retrieveSetupIntent(id),
          problem: 'This card setup is no longer waiting for a card.',
        };
      const v = await view(row);
      await announce(v, decline !== undefined);
      return { intent: v, problem: decline?.message ?? null };
    },

    async authenticate(id, clientSecret, approve) {
      if (!(await ownedForForm(id, clientSecret))) throw new AppError('NOT_FOUND');
      const row = await db.transaction().execute(async (trx) => {
        const current = await repo.lockSetupIntent(trx, id);
        if (current?.status !== 'requires_action' || !current.payment_method_id) return null;
        if (approve) await repo.attachPaymentMethod(trx, current.payment_method_id, current.customer_id);
        return repo.updateSetupIntent(trx, id, {
          status: approve ? 'succeeded' : 'requires_payment_method',
          paymentMethodId: approve ? current.payment_method_id : null,
          lastError: approve ? null : { code: 'setup_intent_authentication_failure', declineCode: null },
          at: clock.now(),
        });
      });
      if (!row) {
        const current = await repo.findSetupIntent(db, id);
        if (!current) throw new AppError('NOT_FOUND');
        return { intent: await view(current), problem: 'There is nothing to authenticate.' };
      }
      const v = await view(row);
      await announce(v, !approve);
      return {
        intent: v,
        problem: approve ? null : 'The authentication failed. Try again or use another card.',
      };
    },

    deliverTo(d) {
      delivery = d;
    },
  };
  return provider;
}
