/**
 * Confirming a checkout: a fresh no-capture acknowledgement, the payment agreement, and a setup
 * intent the provider says succeeded make a confirmed pre-order, within the listing's pre-order cap
 * and the buyer's limit. Nothing is charged. Every attempt and failure is a signal of the
 * "Checkout blocked" rule (checkout-signals.ts).
 */
import {
  type ConfirmCheckoutRequest,
  type ConfirmCheckoutResponse,
  MIT_AGREEMENT_TEXT,
  MIT_AGREEMENT_VERSION,
  PHASE_GATES,
  PREORDER_ACKNOWLEDGEMENT_FRESH_MINUTES,
  PREORDER_NO_CAPTURE_TERMS_VERSION,
  PREORDER_PER_BUYER_LIMIT,
  PREORDER_PRODUCTION_WINDOW_DAYS,
} from '@kitwright/contracts';
import { auditedTransaction } from '../../platform/audit';
import { AppError, isAppError } from '../../platform/errors';
import type { SavedCard } from '../../providers/payments/provider';
import * as checkoutRepo from './checkout-repo';
import { CONFIRM_ATTEMPT_SIGNAL, CONFIRM_FAILURE_SIGNAL } from './checkout-signals';
import {
  DAY,
  MINUTE,
  type PreordersContext,
  requireInvited,
  requireOpen,
  requireTerms,
  toPreorder,
  userActor,
  type Viewer,
  viaProvider,
} from './context';
import * as repo from './repo';

export async function confirm(
  ctx: PreordersContext,
  user: Viewer,
  body: ConfirmCheckoutRequest,
): Promise<ConfirmCheckoutResponse> {
  await requireOpen(ctx);
  await ctx.alerts.signal(CONFIRM_ATTEMPT_SIGNAL);
  try {
    return await confirmOpen(ctx, user, body);
  } catch (err) {
    await ctx.alerts.signal(CONFIRM_FAILURE_SIGNAL, {
      details: { code: isAppError(err) ? err.code : 'INTERNAL_ERROR' },
    });
    throw err;
  }
}

/** The acknowledgement and agreement at their current versions, the acknowledgement fresh; its time. */
function freshAcknowledgement(body: ConfirmCheckoutRequest, now: Date): Date {
  const ackAt = new Date(body.acknowledgement.acknowledged_at);
  if (
    body.acknowledgement.version !== PREORDER_NO_CAPTURE_TERMS_VERSION ||
    body.payment_agreement.version !== MIT_AGREEMENT_VERSION
  ) {
    throw new AppError('ACKNOWLEDGEMENT_STALE', 'Read and accept the current pre-order terms.', {
      current_versions: {
        no_capture_terms: PREORDER_NO_CAPTURE_TERMS_VERSION,
        payment_agreement: MIT_AGREEMENT_VERSION,
      },
    });
  }
  // Fresh: no older than N minutes, and not from the future (a minute's clock skew is allowed).
  if (
    Number.isNaN(ackAt.getTime()) ||
    now.getTime() - ackAt.getTime() > PREORDER_ACKNOWLEDGEMENT_FRESH_MINUTES * MINUTE ||
    ackAt.getTime() - now.getTime() > MINUTE
  ) {
    throw new AppError('ACKNOWLEDGEMENT_STALE', undefined, {
      fresh_minutes: PREORDER_ACKNOWLEDGEMENT_FRESH_MINUTES,
    });
  }
  return ackAt;
}

/** The versions of the A.5 gates that passed, recorded on each pre-order. */
async function gateVersions(ctx: PreordersContext): Promise<Record<string, string>> {
  const gates = await ctx.controls.gates();
  const required = new Set<string>(PHASE_GATES['A.5']);
  return Object.fromEntries(
    gates.filter((g) => g.passed && required.has(g.gate)).map((g) => [g.gate, g.version]),
  );
}

async function confirmOpen(
  ctx: PreordersContext,
  user: Viewer,
  body: ConfirmCheckoutRequest,
): Promise<ConfirmCheckoutResponse> {
  const now = ctx.clock.now();
  const c = await checkoutRepo.checkout(ctx.db, body.checkout_id);
  if (!c || c.buyer_user_id !== user.id) throw new AppError('NOT_FOUND');
  const ackAt = freshAcknowledgement(body, now);
  const done = await repo.preorderOfCheckout(ctx.db, c.id);
  if (done?.status === 'confirmed')
    return { preorder: toPreorder(done), charged: false, warnings: warningsFor(done, now) };
  if (done)
    throw new AppError('INVALID_STATE', 'This pre-order was cancelled.', { reason: 'preorder_cancelled' });

  // The card's state comes from the provider, never from the client.
  const intent = await viaProvider(() => ctx.payments.retrieveSetupIntent(c.setup_intent_id));
  if (intent.status !== 'succeeded' || !intent.payment_method)
    throw new AppError('CARD_NOT_VERIFIED', undefined, { setup_intent_status: intent.status });
  if (intent.customer !== c.provider_customer_id || intent.usage !== 'off_session')
    throw new AppError('CARD_NOT_VERIFIED', 'The saved card does not belong to this checkout.');
  const preorder = await makePreorder(ctx, user, body, {
    c,
    card: intent.payment_method,
    ackAt,
    gates: await gateVersions(ctx),
    now,
  });
  return { preorder: toPreorder(preorder), charged: false, warnings: warningsFor(preorder, now) };
}

/**
 * In one audited transaction: the reservation locked and checked again, a place taken under the
 * listing's cap and the buyer's limit, the pre-order written, the checkout and reservation moved.
 * A reservation already converted by this checkout answers its pre-order.
 */
function makePreorder(
  ctx: PreordersContext,
  user: Viewer,
  body: ConfirmCheckoutRequest,
  made: {
    c: checkoutRepo.CheckoutRow;
    card: SavedCard;
    ackAt: Date;
    gates: Record<string, string>;
    now: Date;
  },
) {
  const { c, card, ackAt, gates, now } = made;
  return auditedTransaction(ctx, async (trx, audit) => {
    const r = await ctx.interest().preorders.lock(trx, c.reservation_id);
    if (!r || r.user_id !== user.id) throw new AppError('NOT_FOUND');
    if (r.conversion_invite_state === 'converted') {
      const existing = await repo.preorderOfCheckout(trx, c.id);
      if (existing) return existing;
    }
    requireInvited(r, now);
    await requireTerms(trx, r.listing_id);
    if (!(await repo.takePreorder(trx, r.listing_id, now)))
      throw new AppError('CAP_REACHED', undefined, { cap: 'preorder' });
    if (!(await repo.takeBuyerPlace(trx, user.id, PREORDER_PER_BUYER_LIMIT)))
      throw new AppError('PREORDER_LIMIT_REACHED', undefined, { limit: PREORDER_PER_BUYER_LIMIT });
    const row = await repo.insertPreorder(trx, {
      id: c.preorder_id,
      checkout_id: c.id,
      source_reservation_id: r.id,
      buyer_user_id: user.id,
      listing_id: r.listing_id,
      design_owner_id: r.design_owner_id,
      provider: c.provider,
      provider_customer_id: c.provider_customer_id,
      setup_intent_id: c.setup_intent_id,
      payment_method_id: card.id,
      expected_amount_minor: c.expected_amount_minor,
      currency: 'GBP',
      acknowledgement_version: body.acknowledgement.version,
      acknowledged_at: ackAt,
      agreement_version: MIT_AGREEMENT_VERSION,
      agreement_text: MIT_AGREEMENT_TEXT,
      card_brand: card.brand,
      card_last4: card.last4,
      card_exp_month: card.exp_month,
      card_exp_year: card.exp_year,
      gate_versions: gates,
      created_at: now,
    });
    if (!row) throw new AppError('CONFLICT');
    await checkoutRepo.updateCheckoutState(trx, c.id, {
      status: 'succeeded',
      eventCreated: c.status_event_created === null ? null : Number(c.status_event_created),
      lastErrorCode: null,
      paymentMethodId: card.id,
      at: now,
    });
    await ctx.interest().preorders.setConversionState(trx, r.id, 'invited', 'converted');
    await audit({
      actor: userActor(user.id),
      action: 'preorder.confirmed',
      resourceType: 'pre_order',
      resourceId: row.id,
      details: {
        reservation_id: r.id,
        listing_id: r.listing_id,
        setup_intent_id: c.setup_intent_id,
        expected_amount_minor: c.expected_amount_minor,
        acknowledgement_version: body.acknowledgement.version,
        agreement_version: MIT_AGREEMENT_VERSION,
        gate_versions: gates,
        charged: false,
      },
    });
    return row;
  });
}

/** A card that expires before the end of the expected production window is flagged. */
function warningsFor(p: repo.PreorderRow, now: Date): ConfirmCheckoutResponse['warnings'] {
  if (!p.card_exp_year || !p.card_exp_month) return [];
  // A card is valid to the end of its expiry month.
  const validUntil = Date.UTC(p.card_exp_year, p.card_exp_month, 1);
  const windowEnd = now.getTime() + PREORDER_PRODUCTION_WINDOW_DAYS * DAY;
  return validUntil < windowEnd
    ? [
        {
          code: 'card_expires_before_production',
          message: `This card expires before the expected production window (${PREORDER_PRODUCTION_WINDOW_DAYS} days). You may want to use a card that is valid for longer.`,
        },
      ]
    : [];
}
