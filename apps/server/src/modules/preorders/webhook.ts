/**
 * Inbound payment-provider events (POST /api/payment/webhook). The signature is verified with
 * Stripe's library over the raw bytes; the event is stored (one record per provider event id) and
 * its job queued in one transaction before the 2xx, so an acknowledged event is never lost. A
 * valid event that cannot be stored or queued answers 503 (the provider retries) and raises the
 * P0 "Webhook durable-store failure". A payment-intent or charge event in A.5 means money moved
 * somewhere it must not: the P0 "Checkout blocked" is raised at once. The `payment_event` job
 * that applies a stored event is jobs.ts's (payment-events.ts).
 */
import { currentCorrelationId } from '../../platform/correlation';
import { AppError, isAppError } from '../../platform/errors';
import { newId } from '../../platform/ids';
import { type ProviderEvent, verifyProviderWebhook } from '../../providers/payments/provider';
import * as repo from './checkout-repo';
import type { WebhookContext } from './context';
import { paymentEventHandler, paymentEventJob } from './jobs';

export type WebhookDeps = WebhookContext;

export function isCaptureEvent(type: string): boolean {
  return type.startsWith('payment_intent.') || type.startsWith('charge.');
}

/** The webhook's receiver and its job's definition, bound to one context. */
export function createPaymentWebhooks(deps: WebhookDeps) {
  const ctx: WebhookContext = deps;
  return {
    /** Verifies, stores and queues one delivery; whether it was a duplicate. */
    receive: (rawBody: Buffer, signature: string | undefined) => receive(ctx, rawBody, signature),
    /** The `payment_event` job's definition (its runner applies events with this context). */
    handler: () => paymentEventHandler(ctx),
  };
}

export type PaymentWebhooks = ReturnType<typeof createPaymentWebhooks>;

/** The verified event, or VALIDATION_FAILED for a signed body that is not a provider event. */
function verifiedEvent(ctx: WebhookContext, rawBody: Buffer, signature: string | undefined): ProviderEvent {
  let event: ProviderEvent;
  try {
    event = verifyProviderWebhook(
      rawBody,
      signature,
      ctx.webhookSecret,
      Math.floor(ctx.clock.now().getTime() / 1000),
    );
  } catch (err) {
    if (isAppError(err)) throw err;
    // Signed, but not an event (no `data`): refused as input, never a 5xx.
    throw new AppError('VALIDATION_FAILED', 'The webhook body is not a provider event.');
  }
  if (
    typeof event.id !== 'string' ||
    event.id.length === 0 ||
    event.id.length > 255 ||
    typeof event.type !== 'string' ||
    event.type.length === 0 ||
    event.type.length > 128 ||
    !Number.isInteger(event.created) ||
    typeof event.object !== 'object' ||
    event.object === null
  ) {
    throw new AppError('VALIDATION_FAILED', 'The webhook body is not a provider event.');
  }
  return event;
}

export async function receive(ctx: WebhookContext, rawBody: Buffer, signature: string | undefined) {
  await ctx.controls.requireCapability('setup_intents');
  const event = verifiedEvent(ctx, rawBody, signature);
  let stored: Awaited<ReturnType<typeof store>>;
  try {
    stored = await store(ctx, event);
  } catch (err) {
    ctx.logger.error({ err, event_id: event.id }, 'payment webhook could not be stored');
    const details = { event_id: event.id, type: event.type };
    await ctx.alerts.signal('webhook_store_failure', { details });
    // "Any valid webhook cannot be stored or enqueued": paged at once, not after the next check.
    await ctx.alerts.raise('webhook_store_failure', { details });
    throw new AppError('PAYMENT_WEBHOOK_UNAVAILABLE');
  }
  if (stored && isCaptureEvent(event.type)) {
    // A.5 takes no money: any capture or charge is accidental.
    await ctx.alerts.raise('checkout_blocked', {
      details: { reason: 'capture_event_received', event_id: event.id, type: event.type },
    });
    await repo.markEventApplied(ctx.db, stored.id, 'capture_blocked', ctx.clock.now());
  }
  return { received: true as const, duplicate: stored === undefined };
}

/** Stores the event and, for a setup-intent event, queues its job, in one transaction. */
function store(ctx: WebhookContext, event: ProviderEvent) {
  return ctx.db.transaction().execute(async (trx) => {
    const stored = await repo.storeEvent(trx, {
      id: newId(),
      provider: ctx.payments.name,
      provider_event_id: event.id,
      type: event.type,
      object_id: typeof event.object.id === 'string' ? event.object.id : null,
      event_created: event.created,
      livemode: event.livemode,
      payload: { object: event.object },
      received_at: ctx.clock.now(),
    });
    if (stored && event.type.startsWith('setup_intent.')) {
      await ctx.jobs.enqueue(
        paymentEventJob,
        {
          ownerUserId: null,
          resource: { type: 'payment_event', id: stored.id },
          idempotencyKey: `${ctx.payments.name}:${event.id}`,
          payload: { payment_event_id: stored.id },
          correlationId: currentCorrelationId(),
        },
        trx,
      );
    }
    return stored;
  });
}
