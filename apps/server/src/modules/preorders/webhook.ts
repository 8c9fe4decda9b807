/**
 * Inbound payment-provider events (POST /api/payment/webhook). The signature is verified with
 * Stripe's library over the raw bytes; the event is stored (one record per provider event id) and
 * its job queued in one transaction before the 2xx, so an acknowledged event is never lost. A
 * valid event that cannot be stored or queued answers 503 (the provider retries) and raises the
 * P0 "Webhook durable-store failure". A payment-intent or charge event in A.5 means money moved
 * somewhere it must not: the P0 "Checkout blocked" is raised at once.
 *
 * The `payment_event` job applies a setup-intent event to its checkout. An older event never
 * overwrites a newer state: events are ordered by the provider's `created`; one of the same second
 * as the state it would replace is settled by reading the setup intent from the provider.
 */
import { CHECKOUT_SETUP_STATUSES } from '@kitwright/contracts';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import Type from 'typebox';
import type { DB, SetupIntentStatusColumn } from '../../db/schema';
import type { AlertService } from '../../platform/alerts';
import { auditedTransaction, SYSTEM } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import { currentCorrelationId } from '../../platform/correlation';
import type { DeliveryControls } from '../../platform/delivery-controls';
import { AppError, isAppError } from '../../platform/errors';
import { newId } from '../../platform/ids';
import { defineJob, type JobEnqueuer, JobError, jobSpec } from '../../platform/jobs';
import type { ProductEvents } from '../../platform/product-events';
import {
  type PaymentsProvider,
  type ProviderEvent,
  verifyProviderWebhook,
} from '../../providers/payments/provider';
import * as repo from './repo';

/** The job that applies one stored provider event (a `payment_events` row) to its checkout. */
export const paymentEventJob = jobSpec({
  type: 'payment_event',
  payload: Type.Object({ payment_event_id: Type.String() }),
  result: Type.Object({ outcome: Type.String() }),
  steps: ['apply'],
});

const STATUSES: readonly SetupIntentStatusColumn[] = CHECKOUT_SETUP_STATUSES;

export function isCaptureEvent(type: string): boolean {
  return type.startsWith('payment_intent.') || type.startsWith('charge.');
}

/** A decline or failure code safe to record and show (Stripe's codes are lower snake case). */
function safeCode(value: unknown): string | null {
  return typeof value === 'string' && /^[a-z0-9_]{1,64}$/.test(value) ? value : null;
}

export interface WebhookDeps {
  db: Kysely<DB>;
  clock: Clock;
  alerts: AlertService;
  controls: DeliveryControls;
  events: ProductEvents;
  logger: Logger;
  payments: PaymentsProvider;
  webhookSecret: string;
  jobs: JobEnqueuer;
}

export function createPaymentWebhooks(deps: WebhookDeps) {
  const { db, clock } = deps;

  async function store(event: ProviderEvent) {
    return db.transaction().execute(async (trx) => {
      const stored = await repo.storeEvent(trx, {
        id: newId(),
        provider: deps.payments.name,
        provider_event_id: event.id,
        type: event.type,
        object_id: typeof event.object.id === 'string' ? event.object.id : null,
        event_created: event.created,
        livemode: event.livemode,
        payload: { object: event.object },
        received_at: clock.now(),
      });
      if (stored && event.type.startsWith('setup_intent.')) {
        await deps.jobs.enqueue(
          paymentEventJob,
          {
            ownerUserId: null,
            resource: { type: 'payment_event', id: stored.id },
            idempotencyKey: `${deps.payments.name}:${event.id}`,
            payload: { payment_event_id: stored.id },
            correlationId: currentCorrelationId(),
          },
          trx,
        );
      }
      return stored;
    });
  }

  return {
    /** Verifies, stores and queues one delivery; whether it was a duplicate. */
    async receive(rawBody: Buffer, signature: string | undefined) {
      await deps.controls.requireCapability('setup_intents');
      let event: ProviderEvent;
      try {
        event = verifyProviderWebhook(
          rawBody,
          signature,
          deps.webhookSecret,
          Math.floor(clock.now().getTime() / 1000),
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
      let stored: Awaited<ReturnType<typeof store>>;
      try {
        stored = await store(event);
      } catch (err) {
        deps.logger.error({ err, event_id: event.id }, 'payment webhook could not be stored');
        const details = { event_id: event.id, type: event.type };
        await deps.alerts.signal('webhook_store_failure', { details });
        // "Any valid webhook cannot be stored or enqueued": paged at once, not after the next check.
        await deps.alerts.raise('webhook_store_failure', { details });
        throw new AppError('PAYMENT_WEBHOOK_UNAVAILABLE');
      }
      if (stored && isCaptureEvent(event.type)) {
        // A.5 takes no money: any capture or charge is accidental.
        await deps.alerts.raise('checkout_blocked', {
          details: { reason: 'capture_event_received', event_id: event.id, type: event.type },
        });
        await repo.markEventApplied(db, stored.id, 'capture_blocked', clock.now());
      }
      return { received: true as const, duplicate: stored === undefined };
    },

    /** The `payment_event` job's definition (its runner applies events through this closure). */
    handler() {
      return defineJob(paymentEventJob, {
        async run(ctx) {
          const outcome = await ctx.step('apply', () =>
            apply(ctx.payload.payment_event_id, ctx.job.correlation_id),
          );
          return { outcome };
        },
      });
    },
  };

  async function apply(eventRowId: string, correlationId: string | null): Promise<string> {
    const ev = await repo.paymentEvent(db, eventRowId);
    if (!ev) throw new JobError('NOT_FOUND', 'The event is gone.', false);
    if (ev.applied_at) return ev.outcome ?? 'applied';
    const object = (ev.payload as { object?: Record<string, unknown> }).object ?? {};
    const setupIntentId = typeof object.id === 'string' ? object.id : null;
    const checkout = setupIntentId ? await repo.checkoutOfSetupIntent(db, setupIntentId) : undefined;
    if (!checkout) {
      await repo.markEventApplied(db, ev.id, 'unknown_setup_intent', clock.now());
      return 'unknown_setup_intent';
    }
    const created = Number(ev.event_created);
    const known = checkout.status_event_created === null ? null : Number(checkout.status_event_created);
    // Same second as the state it would replace: the provider says which is current.
    let providerView: Awaited<ReturnType<PaymentsProvider['retrieveSetupIntent']>> | null = null;
    if (known !== null && created === known) {
      try {
        providerView = await deps.payments.retrieveSetupIntent(checkout.setup_intent_id);
      } catch (err) {
        if (isAppError(err) && err.code === 'NOT_FOUND') providerView = null;
        else
          throw new JobError('PROVIDER_UNAVAILABLE', 'The payment provider could not be reached.', true, {
            cause: err,
          });
      }
    }
    const eventStatus = STATUSES.find((s) => s === object.status) ?? null;
    const failedEvent = ev.type === 'setup_intent.setup_failed';
    const lastError = object.last_setup_error as
      | { code?: unknown; decline_code?: unknown }
      | null
      | undefined;

    const result = await auditedTransaction(deps, async (trx, audit) => {
      const current = await repo.lockCheckoutOfSetupIntent(trx, checkout.setup_intent_id);
      if (!current) return { outcome: 'unknown_setup_intent', changed: false as const };
      const knownNow = current.status_event_created === null ? null : Number(current.status_event_created);
      if (knownNow !== null && created < knownNow) {
        await repo.markEventApplied(trx, ev.id, 'stale_ignored', clock.now());
        return { outcome: 'stale_ignored', changed: false as const };
      }
      const status = providerView && knownNow === created ? providerView.status : eventStatus;
      if (!status) {
        await repo.markEventApplied(trx, ev.id, 'ignored', clock.now());
        return { outcome: 'ignored', changed: false as const };
      }
      const errorCode =
        status === 'succeeded'
          ? null
          : (safeCode(lastError?.decline_code) ??
            safeCode(lastError?.code) ??
            (failedEvent ? 'setup_failed' : null));
      const paymentMethod =
        status === 'succeeded'
          ? (providerView?.payment_method?.id ??
            (typeof object.payment_method === 'string' ? object.payment_method : null))
          : null;
      await repo.updateCheckoutState(trx, current.id, {
        status,
        eventCreated: Math.max(created, knownNow ?? created),
        lastErrorCode: errorCode,
        paymentMethodId: paymentMethod ?? current.payment_method_id,
        at: clock.now(),
      });
      await audit({
        actor: SYSTEM,
        action: 'checkout.setup_intent_state',
        resourceType: 'checkout',
        resourceId: current.id,
        details: {
          from: current.status,
          to: status,
          event_id: ev.provider_event_id,
          event_type: ev.type,
          error_code: errorCode,
        },
      });
      await repo.markEventApplied(trx, ev.id, 'applied', clock.now());
      return {
        outcome: 'applied',
        changed: true as const,
        from: current.status,
        status,
        errorCode,
        checkout: current,
      };
    });

    if (result.changed) {
      const ctx = { userId: result.checkout.buyer_user_id, route: 'job:payment_event', correlationId };
      if (result.status === 'succeeded' && result.from !== 'succeeded') {
        await deps.events.emit(
          'setup_intent_succeeded',
          {
            preorder_id: result.checkout.preorder_id,
            checkout_id: result.checkout.id,
            expected_total: result.checkout.expected_amount_minor,
            card_verification_status: 'verified',
          },
          ctx,
        );
      } else if (failedEvent || result.status === 'canceled') {
        await deps.events.emit(
          'setup_intent_failed',
          {
            checkout_id: result.checkout.id,
            safe_failure_code:
              result.errorCode ?? (result.status === 'canceled' ? 'canceled' : 'setup_failed'),
            // A decline or failed authentication can be retried with the same or another card.
            retryable: result.status !== 'canceled',
          },
          ctx,
        );
      }
    }
    return result.outcome;
  }
}

export type PaymentWebhooks = ReturnType<typeof createPaymentWebhooks>;
