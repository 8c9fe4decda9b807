/**
 * The pre-orders' part of a person's export and erasure (modules/account composes every module's
 * part). Pre-orders hold nothing of a visitor, so a visitor's claim has no part here.
 */
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { Actor, AuditWriter } from '../../platform/audit';
import { type PreordersContext, toPreorder } from './context';
import * as repo from './repo';

export async function exportFor(ctx: PreordersContext, userId: string) {
  const [preorders, terms] = await Promise.all([
    repo.preordersOf(ctx.db, userId),
    repo.termsOfDesigner(ctx.db, userId),
  ]);
  return {
    pre_orders: preorders.map(toPreorder),
    designer_terms: terms.map((t) => ({
      listing_id: t.listing_id,
      version: t.version,
      accepted_at: t.accepted_at.toISOString(),
      withdrawn_at: t.withdrawn_at?.toISOString() ?? null,
    })),
  };
}

/**
 * Erasing an account, in its transaction: the buyer's confirmed pre-orders are cancelled
 * (`account_erased`), their places released; the records stay without the buyer (the column is
 * emptied by the account's deletion) for the payment records. Returns the saved cards to detach
 * at the provider once the erasure has committed.
 */
export async function eraseFor(
  ctx: PreordersContext,
  trx: Transaction<DB>,
  userId: string,
  listingIds: readonly string[],
  actor: Actor,
  audit: AuditWriter,
) {
  // The buyer's own pre-orders, and other buyers' pre-orders of the designer's listings
  // (those listings are deleted with the account, so nothing can be made of them).
  const own = await repo.lockConfirmedOf(trx, userId);
  const onListings = await repo.lockConfirmedOnListings(trx, listingIds);
  const rows = [...own, ...onListings.filter((p) => !own.some((o) => o.id === p.id))];
  const now = ctx.clock.now();
  for (const p of rows) {
    await repo.cancelPreorder(trx, p.id, { reason: 'account_erased', note: null, at: now });
    await repo.releasePreorder(trx, p.listing_id, now);
    if (p.buyer_user_id && p.buyer_user_id !== userId) {
      await repo.releaseBuyerPlace(trx, p.buyer_user_id);
      await ctx.notifications.notify(trx, p.buyer_user_id, {
        kind: 'preorder_cancelled',
        title: 'A pre-order was cancelled',
        body: 'Its designer closed their account, so the pre-order was cancelled. No money was taken and your saved card was removed.',
        link: '/account/reservations',
      });
    }
    await audit({
      actor,
      action: 'preorder.cancelled',
      resourceType: 'pre_order',
      resourceId: p.id,
      details: { reason: 'account_erased', side: p.buyer_user_id === userId ? 'buyer' : 'designer' },
    });
  }
  return rows.map((p) => ({ preorderId: p.id, paymentMethodId: p.payment_method_id }));
}

/** Detaches the cards of an erased account's pre-orders (after the erasure committed). */
export async function detachAfterErasure(
  ctx: PreordersContext,
  cards: Array<{ preorderId: string; paymentMethodId: string }>,
) {
  for (const c of cards) {
    try {
      await ctx.payments.detachPaymentMethod(c.paymentMethodId);
      await repo.markCardDetached(ctx.db, c.preorderId, ctx.clock.now());
    } catch (err) {
      ctx.logger.error(
        { err, preorder_id: c.preorderId },
        'a card could not be detached after account erasure',
      );
    }
  }
}
