/**
 * The local provider's card form steps, as Stripe's test cards behave: a card submitted (saved,
 * declined, or awaiting authentication), the authentication approved or failed, and a setup intent
 * cancelled. Each change is announced as a Stripe-shaped event, signed with Stripe's scheme and
 * delivered to the server's own /api/payment/webhook.
 */
import { LOCAL_TEST_CARDS } from '@kitwright/contracts';
import { AppError } from '../../platform/errors';
import * as repo from './local-provider-repo';
import {
  type CardInput,
  type CardOutcome,
  type LocalProviderContext,
  ownedForForm,
  retrieveSetupIntent,
  suffix,
  view,
} from './local-setup-intents';
import { type SetupIntentStatus, type SetupIntentView, signProviderWebhook } from './provider';

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
async function announce(ctx: LocalProviderContext, v: SetupIntentView, failed: boolean) {
  const type = failed ? 'setup_intent.setup_failed' : EVENT_TYPES[v.status];
  if (!type) return;
  const now = Math.floor(ctx.clock.now().getTime() / 1000);
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
  if (!ctx.delivery) {
    ctx.logger.warn({ setup_intent: v.id, type }, 'local payments: no webhook delivery configured');
    return;
  }
  try {
    const status = await ctx.delivery(body, signProviderWebhook(body, ctx.webhookSecret, now));
    if (status < 200 || status >= 300)
      ctx.logger.error({ setup_intent: v.id, type, status }, 'local payments: webhook was refused');
  } catch (err) {
    ctx.logger.error({ setup_intent: v.id, type, err }, 'local payments: webhook could not be delivered');
  }
}

/** Cancels a setup intent that has not succeeded or been cancelled, and announces it. */
export async function cancelSetupIntent(ctx: LocalProviderContext, id: string) {
  const row = await ctx.db.transaction().execute(async (trx) => {
    const current = await repo.lockSetupIntent(trx, id);
    if (!current) throw new AppError('NOT_FOUND');
    if (current.status === 'succeeded' || current.status === 'canceled') return null;
    return repo.updateSetupIntent(trx, id, {
      status: 'canceled',
      paymentMethodId: current.payment_method_id,
      lastError: null,
      at: ctx.clock.now(),
    });
  });
  if (row) await announce(ctx, await view(ctx, row), false);
}

/** Refusals that change nothing (as Stripe.js refuses them before any request); null if none. */
function refusalOf(ctx: LocalProviderContext, number: string, card: CardInput): string | null {
  const now = ctx.clock.now();
  const expired =
    card.expYear < now.getUTCFullYear() ||
    (card.expYear === now.getUTCFullYear() && card.expMonth < now.getUTCMonth() + 1);
  const known = (Object.values(LOCAL_TEST_CARDS) as string[]).includes(number);
  if (!known) return 'Use one of the test cards listed on this page.';
  if (expired) return 'This card has expired.';
  if (!/^\d{3,4}$/.test(card.cvc)) return 'Enter the 3 or 4 digit security code.';
  return null;
}

export async function submitCard(
  ctx: LocalProviderContext,
  id: string,
  clientSecret: string,
  card: CardInput,
): Promise<CardOutcome> {
  if (!(await ownedForForm(ctx, id, clientSecret))) throw new AppError('NOT_FOUND');
  const number = card.number.replace(/[\s-]/g, '');
  const refusal = refusalOf(ctx, number, card);
  if (refusal) return { intent: await retrieveSetupIntent(ctx, id), problem: refusal };
  const decline = DECLINES[number];
  const needsAuth = number === LOCAL_TEST_CARDS.requiresAuthentication;
  const row = await ctx.db.transaction().execute(async (trx) => {
    const current = await repo.lockSetupIntent(trx, id);
    if (current?.status !== 'requires_payment_method') return null;
    if (decline) {
      return repo.updateSetupIntent(trx, id, {
        status: 'requires_payment_method',
        paymentMethodId: null,
        lastError: { code: 'card_declined', declineCode: decline.decline },
        at: ctx.clock.now(),
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
      at: ctx.clock.now(),
    });
    return repo.updateSetupIntent(trx, id, {
      status: needsAuth ? 'requires_action' : 'succeeded',
      paymentMethodId: pmId,
      lastError: null,
      at: ctx.clock.now(),
    });
  });
  if (!row)
    return {
      intent: await retrieveSetupIntent(ctx, id),
      problem: 'This card setup is no longer waiting for a card.',
    };
  const v = await view(ctx, row);
  await announce(ctx, v, decline !== undefined);
  return { intent: v, problem: decline?.message ?? null };
}

/** The authentication step of a card that needs it: approved → succeeded, else failed. */
export async function authenticate(
  ctx: LocalProviderContext,
  id: string,
  clientSecret: string,
  approve: boolean,
): Promise<CardOutcome> {
  if (!(await ownedForForm(ctx, id, clientSecret))) throw new AppError('NOT_FOUND');
  const row = await ctx.db.transaction().execute(async (trx) => {
    const current = await repo.lockSetupIntent(trx, id);
    if (current?.status !== 'requires_action' || !current.payment_method_id) return null;
    if (approve) await repo.attachPaymentMethod(trx, current.payment_method_id, current.customer_id);
    return repo.updateSetupIntent(trx, id, {
      status: approve ? 'succeeded' : 'requires_payment_method',
      paymentMethodId: approve ? current.payment_method_id : null,
      lastError: approve ? null : { code: 'setup_intent_authentication_failure', declineCode: null },
      at: ctx.clock.now(),
    });
  });
  if (!row) {
    const current = await repo.findSetupIntent(ctx.db, id);
    if (!current) throw new AppError('NOT_FOUND');
    return { intent: await view(ctx, current), problem: 'There is nothing to authenticate.' };
  }
  const v = await view(ctx, row);
  await announce(ctx, v, !approve);
  return {
    intent: v,
    problem: approve ? null : 'The authentication failed. Try again or use another card.',
  };
}
