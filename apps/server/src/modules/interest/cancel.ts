/**
 * Cancelling: the holder cancels their reservation (audited, the interest summary moved in the same
 * transaction), and a listing's owner deleting it cancels every active reservation of it.
 */
import type { Reservation } from '@kitwright/contracts';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { appendAudit, auditedTransaction } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { isUuid } from '../../platform/ids';
import { hasOwner } from '../../platform/owner-column';
import type { Owner } from '../../platform/viewer';
import { actorOf, counted, type InterestContext, toReservations } from './context';
import * as repo from './repo';

export async function cancel(
  ctx: InterestContext,
  owner: Owner,
  reservationId: string,
  reason: string | null,
  locale: string | null,
): Promise<Reservation> {
  if (!isUuid(reservationId) || !hasOwner(owner)) throw new AppError('NOT_FOUND');
  const row = await auditedTransaction(ctx, async (trx, audit) => {
    // The lock order of every reservation change: the person, the listing, the reservation.
    await repo.lockReserver(trx, owner);
    const listingId = await repo.listingOfOwned(trx, owner, reservationId);
    if (!listingId) throw new AppError('NOT_FOUND');
    await ctx.listings.lockForInterest(trx, [listingId]);
    const current = await repo.lockOwned(trx, owner, reservationId);
    if (!current) throw new AppError('NOT_FOUND');
    if (current.status !== 'active')
      throw new AppError('INVALID_STATE', 'This reservation is already cancelled.');
    const updated = await repo.markCancelled(trx, current.id, reason?.trim() || null, ctx.clock.now());
    await counted(ctx, trx, current, -1);
    await audit({
      actor: actorOf(owner),
      action: 'interest.cancelled',
      resourceType: 'interest_reservation',
      resourceId: current.id,
      // The free-text reason stays on the reservation, which an erasure deletes; the
      // append-only audit log keeps only whether one was given.
      details: { listing_id: current.listing_id, reason_given: updated.cancellation_reason !== null },
    });
    return updated;
  });
  ctx.listings.interestSettled();
  return (await toReservations(ctx, [row], locale))[0] as Reservation;
}

/**
 * Cancels every active reservation of a listing its owner is deleting, in the deletion's
 * transaction: each keeps `reason`, is audited as the owner's act, moves the interest summary,
 * and each signed-in holder is told (a visitor reads the reason on their dashboard). Answers
 * how many were cancelled.
 */
export async function cancelForListing(
  ctx: InterestContext,
  trx: Transaction<DB>,
  listing: { id: string; title: string },
  reason: string,
  ownerUserId: string,
): Promise<number> {
  const active = await repo.lockActiveForListing(trx, listing.id);
  const now = ctx.clock.now();
  for (const r of active) {
    await repo.markCancelled(trx, r.id, reason, now);
    await counted(ctx, trx, r, -1);
    await appendAudit(
      trx,
      {
        actor: { type: 'user', id: ownerUserId },
        action: 'interest.cancelled',
        resourceType: 'interest_reservation',
        resourceId: r.id,
        details: { listing_id: listing.id, reason: 'listing_deleted' },
      },
      ctx.clock,
    );
  }
  const holders = new Set(active.flatMap((r) => (r.user_id ? [r.user_id] : [])));
  for (const userId of holders) {
    await ctx.notifications.notify(trx, userId, {
      kind: 'reservation_cancelled',
      title: 'A design you reserved was deleted',
      body: `"${listing.title}" was deleted by its designer, so your interest reservation is cancelled. Nothing was charged.`,
      link: '/dashboard',
    });
  }
  return active.length;
}
