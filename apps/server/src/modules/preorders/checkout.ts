/**
 * The buyer's checkout: one setup intent per invited reservation (the card is verified and saved
 * for a later off-session charge, never charged). A repeated request answers the same checkout,
 * read fresh from the provider.
 */
import {
  type Checkout,
  type CreateSetupIntentRequest,
  MIT_AGREEMENT_TEXT,
  MIT_AGREEMENT_VERSION,
  PREORDER_NO_CAPTURE_TERMS_TEXT,
  PREORDER_NO_CAPTURE_TERMS_VERSION,
} from '@kitwright/contracts';
import { auditedTransaction } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { newId } from '../../platform/ids';
import type { SetupIntentView } from '../../providers/payments/provider';
import * as repo from './checkout-repo';
import {
  money,
  ownReservation,
  type PreordersContext,
  priceOf,
  type ReservationRow,
  requireInvited,
  requireOpen,
  requireTerms,
  userActor,
  type Viewer,
  viaProvider,
} from './context';

function toCheckout(
  ctx: PreordersContext,
  c: repo.CheckoutRow,
  intent: SetupIntentView,
  inviteExpiresAt: Date,
  reused: boolean,
): Checkout {
  return {
    checkout_id: c.id,
    preorder_id: c.preorder_id,
    reservation_id: c.reservation_id,
    listing_id: c.listing_id,
    setup_intent_id: c.setup_intent_id,
    status: intent.status,
    usage: 'off_session',
    expected_price: money(c.expected_amount_minor),
    card_collection: ctx.payments.cardCollection(intent),
    last_error: intent.last_error
      ? { code: intent.last_error.code, decline_code: intent.last_error.decline_code }
      : null,
    invite_expires_at: inviteExpiresAt.toISOString(),
    no_capture_terms: { version: PREORDER_NO_CAPTURE_TERMS_VERSION, text: PREORDER_NO_CAPTURE_TERMS_TEXT },
    payment_agreement: { version: MIT_AGREEMENT_VERSION, text: MIT_AGREEMENT_TEXT },
    reused,
  };
}

export async function createSetupIntent(
  ctx: PreordersContext,
  user: Viewer,
  body: CreateSetupIntentRequest,
): Promise<{ checkout: Checkout; created: boolean }> {
  const { db, payments: provider } = ctx;
  await requireOpen(ctx);
  const r = await ownReservation(ctx, user, body.reservation_id);
  const now = ctx.clock.now();
  if (r.conversion_invite_state === 'converted') {
    throw new AppError('INVALID_STATE', 'This reservation is already a pre-order.', {
      reason: 'already_preordered',
    });
  }
  requireInvited(r, now);
  await requireTerms(db, r.listing_id);
  const inviteExpiresAt = r.invite_expires_at ?? now;

  const existing = await repo.checkoutOfReservation(db, r.id);
  if (existing) {
    const intent = await viaProvider(() => provider.retrieveSetupIntent(existing.setup_intent_id));
    return { checkout: toCheckout(ctx, existing, intent, inviteExpiresAt, true), created: false };
  }

  const customer =
    (await repo.customerOf(db, user.id, provider.name))?.customer_id ??
    (await repo.rememberCustomer(db, {
      userId: user.id,
      provider: provider.name,
      customerId: await viaProvider(() =>
        provider.ensureCustomer({ buyerRef: user.id, idempotencyKey: `kitwright-customer-${user.id}` }),
      ),
      at: now,
    }));
  const intent = await viaProvider(() =>
    provider.createSetupIntent({
      customer,
      metadata: { reservation_id: r.id, listing_id: r.listing_id, buyer_user_id: user.id },
      // One setup intent per reservation at the provider too, whatever the retries.
      idempotencyKey: `kitwright-setup-intent-${r.id}`,
    }),
  );
  if (intent.usage !== 'off_session')
    throw new AppError('DEPENDENCY_UNAVAILABLE', 'The provider made an on-session setup intent.');
  const { row, created } = await recordCheckout(ctx, user, r, customer, intent, now);
  if (created) await announceCheckout(ctx, user, r, row);
  const view = created ? intent : await viaProvider(() => provider.retrieveSetupIntent(row.setup_intent_id));
  return { checkout: toCheckout(ctx, row, view, inviteExpiresAt, !created), created };
}

/** Stores the checkout of a reservation (the first one made wins a race) and audits its making. */
function recordCheckout(
  ctx: PreordersContext,
  user: Viewer,
  r: ReservationRow,
  customer: string,
  intent: SetupIntentView,
  now: Date,
) {
  const provider = ctx.payments.name;
  return auditedTransaction(ctx, async (trx, audit) => {
    const out = await repo.insertCheckout(trx, {
      id: newId(),
      preorder_id: newId(),
      reservation_id: r.id,
      buyer_user_id: user.id,
      listing_id: r.listing_id,
      provider,
      provider_customer_id: customer,
      setup_intent_id: intent.id,
      usage: 'off_session',
      status: intent.status,
      expected_amount_minor: priceOf(r),
      currency: 'GBP',
      created_at: now,
      updated_at: now,
    });
    if (out.created)
      await audit({
        actor: userActor(user.id),
        action: 'checkout.setup_intent_created',
        resourceType: 'checkout',
        resourceId: out.row.id,
        details: { reservation_id: r.id, setup_intent_id: intent.id, provider, usage: 'off_session' },
      });
    return out;
  });
}

/** The funnel's events of a new checkout. */
async function announceCheckout(
  ctx: PreordersContext,
  user: Viewer,
  r: ReservationRow,
  row: repo.CheckoutRow,
) {
  const from = { userId: user.id, route: 'POST /api/checkout/setup-intent' };
  await ctx.events.emit(
    'checkout_started',
    {
      checkout_id: row.id,
      listing_ids: [row.listing_id],
      expected_total: row.expected_amount_minor,
      source_attribution: (r.source as { attribution?: Record<string, string> }).attribution ?? {},
    },
    from,
  );
  await ctx.events.emit(
    'setup_intent_created',
    {
      checkout_id: row.id,
      preorder_id: row.preorder_id,
      payment_mode: 'setup',
      no_capture_acknowledged: false,
    },
    from,
  );
}
