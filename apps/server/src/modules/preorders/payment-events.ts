/**
 * Applying one stored setup-intent event to its checkout (the `payment_event` job, jobs.ts). An
 * older event never overwrites a newer state: events are ordered by the provider's `created`; one
 * of the same second as the state it would replace is settled by reading the setup intent from
 * the provider.
 */
import { CHECKOUT_SETUP_STATUSES } from '@kitwright/contracts';
import type { SetupIntentStatusColumn } from '../../db/schema';
import { auditedTransaction, SYSTEM } from '../../platform/audit';
import { isAppError } from '../../platform/errors';
import { JobError } from '../../platform/jobs';
import type { SetupIntentView } from '../../providers/payments/provider';
import * as repo from './checkout-repo';
import type { WebhookContext } from './context';

const STATUSES: readonly SetupIntentStatusColumn[] = CHECKOUT_SETUP_STATUSES;

/** A decline or failure code safe to record and show (Stripe's codes are lower snake case). */
function safeCode(value: unknown): string | null {
  return typeof value === 'string' && /^[a-z0-9_]{1,64}$/.test(value) ? value : null;
}

type EventRow = NonNullable<Awaited<ReturnType<typeof repo.paymentEvent>>>;
type CheckoutRow = NonNullable<Awaited<ReturnType<typeof repo.checkoutOfSetupIntent>>>;

/** What the event says, read once before the transaction. */
interface EventReading {
  ev: EventRow;
  checkout: CheckoutRow;
  object: Record<string, unknown>;
  created: number;
  /** The provider's own view, read when the event is of the same second as the known state. */
  providerView: SetupIntentView | null;
}

/** Applies the event; answers its outcome (`applied`, `stale_ignored`, `ignored`, `unknown_setup_intent`). */
export async function applyPaymentEvent(
  ctx: WebhookContext,
  eventRowId: string,
  correlationId: string | null,
): Promise<string> {
  const ev = await repo.paymentEvent(ctx.db, eventRowId);
  if (!ev) throw new JobError('NOT_FOUND', 'The event is gone.', false);
  if (ev.applied_at) return ev.outcome ?? 'applied';
  const object = (ev.payload as { object?: Record<string, unknown> }).object ?? {};
  const setupIntentId = typeof object.id === 'string' ? object.id : null;
  const checkout = setupIntentId ? await repo.checkoutOfSetupIntent(ctx.db, setupIntentId) : undefined;
  if (!checkout) {
    await repo.markEventApplied(ctx.db, ev.id, 'unknown_setup_intent', ctx.clock.now());
    return 'unknown_setup_intent';
  }
  const created = Number(ev.event_created);
  const known = checkout.status_event_created === null ? null : Number(checkout.status_event_created);
  // Same second as the state it would replace: the provider says which is current.
  const providerView =
    known !== null && created === known ? await providerViewOf(ctx, checkout.setup_intent_id) : null;
  const result = await applyInTransaction(ctx, { ev, checkout, object, created, providerView });
  if (result.changed) await announce(ctx, ev, result, correlationId);
  return result.outcome;
}

/** The setup intent as the provider has it now; null if it has none; a retryable failure if unreachable. */
async function providerViewOf(ctx: WebhookContext, setupIntentId: string): Promise<SetupIntentView | null> {
  try {
    return await ctx.payments.retrieveSetupIntent(setupIntentId);
  } catch (err) {
    if (isAppError(err) && err.code === 'NOT_FOUND') return null;
    throw new JobError('PROVIDER_UNAVAILABLE', 'The payment provider could not be reached.', true, {
      cause: err,
    });
  }
}

/** The checkout locked, the event ordered against its state, the new state stored and audited. */
function applyInTransaction(ctx: WebhookContext, reading: EventReading) {
  const { ev, checkout, object, created, providerView } = reading;
  const eventStatus = STATUSES.find((s) => s === object.status) ?? null;
  const failedEvent = ev.type === 'setup_intent.setup_failed';
  const lastError = object.last_setup_error as { code?: unknown; decline_code?: unknown } | null | undefined;
  return auditedTransaction(ctx, async (trx, audit) => {
    const current = await repo.lockCheckoutOfSetupIntent(trx, checkout.setup_intent_id);
    if (!current) return { outcome: 'unknown_setup_intent', changed: false as const };
    const knownNow = current.status_event_created === null ? null : Number(current.status_event_created);
    if (knownNow !== null && created < knownNow) {
      await repo.markEventApplied(trx, ev.id, 'stale_ignored', ctx.clock.now());
      return { outcome: 'stale_ignored', changed: false as const };
    }
    const status = providerView && knownNow === created ? providerView.status : eventStatus;
    if (!status) {
      await repo.markEventApplied(trx, ev.id, 'ignored', ctx.clock.now());
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
      at: ctx.clock.now(),
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
    await repo.markEventApplied(trx, ev.id, 'applied', ctx.clock.now());
    return {
      outcome: 'applied',
      changed: true as const,
      from: current.status,
      status,
      errorCode,
      checkout: current,
    };
  });
}

/** The funnel's event of a setup intent that succeeded, failed or was cancelled. */
async function announce(
  ctx: WebhookContext,
  ev: EventRow,
  result: {
    from: SetupIntentStatusColumn;
    status: SetupIntentStatusColumn;
    errorCode: string | null;
    checkout: CheckoutRow;
  },
  correlationId: string | null,
) {
  const from = { userId: result.checkout.buyer_user_id, route: 'job:payment_event', correlationId };
  if (result.status === 'succeeded' && result.from !== 'succeeded') {
    await ctx.events.emit(
      'setup_intent_succeeded',
      {
        preorder_id: result.checkout.preorder_id,
        checkout_id: result.checkout.id,
        expected_total: result.checkout.expected_amount_minor,
        card_verification_status: 'verified',
      },
      from,
    );
  } else if (ev.type === 'setup_intent.setup_failed' || result.status === 'canceled') {
    await ctx.events.emit(
      'setup_intent_failed',
      {
        checkout_id: result.checkout.id,
        safe_failure_code: result.errorCode ?? (result.status === 'canceled' ? 'canceled' : 'setup_failed'),
        // A decline or failed authentication can be retried with the same or another card.
        retryable: result.status !== 'canceled',
      },
      from,
    );
  }
}
