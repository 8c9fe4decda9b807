/**
 * The buyer's pre-orders: their list, newest first, and cancelling one before Phase B (its saved
 * card is detached at the provider first; the places it held are released).
 */
import type { CancelPreorderRequest, Preorder, PreorderPage } from '@kitwright/contracts';
import { auditedTransaction } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { isUuid } from '../../platform/ids';
import { pageOf, readTimeCursor } from '../../platform/pagination';
import { DAY, type PreordersContext, toPreorder, userActor, type Viewer, viaProvider } from './context';
import * as repo from './repo';

export async function list(
  ctx: PreordersContext,
  user: Viewer,
  limit: number,
  cursor: string | null,
): Promise<PreorderPage> {
  await ctx.controls.requireCapability('setup_intents');
  const after = cursor ? readTimeCursor(cursor) : null;
  const rows = await repo.preorderPage(ctx.db, user.id, after, limit + 1);
  const { page, next_cursor } = pageOf(rows, limit, (r) => ({ at: r.created_at, id: r.id }));
  return { items: page.map(toPreorder), next_cursor };
}

export async function cancel(
  ctx: PreordersContext,
  user: Viewer,
  preorderId: string,
  body: CancelPreorderRequest,
): Promise<Preorder> {
  await ctx.controls.requireCapability('setup_intents');
  if ((await ctx.controls.phase()) === 'B')
    throw new AppError('PHASE_CLOSED', 'Pre-orders are cancelled through support once Phase B has started.');
  if (!isUuid(preorderId)) throw new AppError('NOT_FOUND');
  const found = await repo.preorder(ctx.db, preorderId);
  if (!found || found.buyer_user_id !== user.id) throw new AppError('NOT_FOUND');
  if (found.status === 'cancelled') return toPreorder(found);
  // The card is detached first: if the provider cannot, nothing changes and the buyer retries.
  await viaProvider(() => ctx.payments.detachPaymentMethod(found.payment_method_id));
  const now = ctx.clock.now();
  const row = await auditedTransaction(ctx, async (trx, audit) => {
    await ctx.interest().preorders.lock(trx, found.source_reservation_id);
    const cancelled = await repo.cancelPreorder(trx, found.id, {
      reason: body.reason,
      note: body.note ?? null,
      at: now,
    });
    if (!cancelled) {
      const current = await repo.preorder(trx, found.id);
      if (!current) throw new AppError('NOT_FOUND');
      return { row: current, changed: false };
    }
    await repo.markCardDetached(trx, found.id, now);
    await repo.releasePreorder(trx, found.listing_id, now);
    await repo.releaseBuyerPlace(trx, user.id);
    await ctx
      .interest()
      .preorders.setConversionState(trx, found.source_reservation_id, 'converted', 'declined');
    await audit({
      actor: userActor(user.id),
      action: 'preorder.cancelled',
      resourceType: 'pre_order',
      resourceId: found.id,
      details: { reason: body.reason, card_detached: true, payment_method_id: found.payment_method_id },
    });
    return { row: { ...cancelled, card_detached_at: now }, changed: true };
  });
  if (row.changed)
    await ctx.events.emit(
      'preorder_cancelled',
      {
        preorder_id: found.id,
        reason_category: body.reason,
        days_since_created: Math.max(0, Math.floor((now.getTime() - found.created_at.getTime()) / DAY)),
      },
      { userId: user.id, route: 'DELETE /api/pre-orders/:preOrderId' },
    );
  return toPreorder(row.row);
}
