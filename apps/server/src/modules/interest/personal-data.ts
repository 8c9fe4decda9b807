/**
 * The interest module's part of a person's visitor claim, export and erasure: a visitor's
 * reservations become the user's on sign-in; an account's reservations are exported; an erased
 * account's reservations end, and so do other people's on the listings erased with it.
 */
import type { Reservation } from '@kitwright/contracts';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { type Actor, type AuditWriter, appendAudit, SYSTEM } from '../../platform/audit';
import { counted, type InterestContext, toReservations } from './context';
import * as repo from './repo';

export const CLAIM_REASONS = {
  merged: 'Merged with your existing reservation when you signed in.',
  ownListing:
    'Cancelled when you signed in: this design is yours, and interest reservations are for other people’s designs.',
} as const;

/**
 * On sign-in the visitor's reservations become the user's. A listing the user already holds
 * an active reservation for keeps the user's (the visitor's is cancelled as merged), and a
 * reservation on the user's own design is cancelled, because reserving one's own design is
 * refused. Both people's reservation changes are locked first, so nothing made meanwhile can
 * make the claim, and with it the sign-in, fail.
 */
export async function claim(ctx: InterestContext, trx: Transaction<DB>, visitorId: string, userId: string) {
  const user = { userId, visitorId: null };
  await repo.lockReserver(trx, user);
  await repo.lockReserver(trx, { userId: null, visitorId });
  await ctx.listings.lockForInterest(trx, await repo.activeListingIds(trx, { userId: null, visitorId }));
  const now = ctx.clock.now();
  for (const r of await repo.lockVisitorActive(trx, visitorId)) {
    const own = r.design_owner_id === userId;
    const kept = own ? null : await repo.activeId(trx, user, r.listing_id);
    if (!own && !kept) continue;
    await repo.markCancelled(trx, r.id, own ? CLAIM_REASONS.ownListing : CLAIM_REASONS.merged, now);
    await counted(ctx, trx, r, -1);
    await appendAudit(
      trx,
      {
        actor: SYSTEM,
        action: 'interest.cancelled',
        resourceType: 'interest_reservation',
        resourceId: r.id,
        details: {
          listing_id: r.listing_id,
          reason: own ? 'own_listing_on_sign_in' : 'merged_on_sign_in',
          ...(kept ? { kept_reservation_id: kept } : {}),
        },
      },
      ctx.clock,
    );
  }
  // The reservations kept are now an account's: the listings' visitor counts move.
  for (const listingId of await repo.moveVisitorReservations(trx, visitorId, userId))
    await ctx.listings.adjustInterest(trx, listingId, {
      reservations: 0,
      quantity: 0,
      verified: 0,
      visitors: -1,
      households: 0,
    });
}

/** Every reservation a person holds, active and cancelled (their account export). */
export async function exportFor(
  ctx: InterestContext,
  userId: string,
  locale: string | null,
): Promise<Reservation[]> {
  return toReservations(ctx, await repo.allOf(ctx.db, userId), locale);
}

/**
 * Erasing an account, in its transaction: each active reservation is cancelled (the designers'
 * interest summaries move, each cancellation is audited under `actor`, the erased account's
 * pseudonym), then every reservation of the account is deleted. Returns how many were active.
 */
export async function eraseFor(
  ctx: InterestContext,
  trx: Transaction<DB>,
  userId: string,
  actor: Actor,
  audit: AuditWriter,
): Promise<number> {
  await repo.lockReserver(trx, { userId, visitorId: null });
  await ctx.listings.lockForInterest(trx, await repo.activeListingIds(trx, { userId, visitorId: null }));
  const active = await repo.lockActiveOf(trx, userId);
  for (const r of active) {
    await counted(ctx, trx, r, -1);
    await audit({
      actor,
      action: 'interest.cancelled',
      resourceType: 'interest_reservation',
      resourceId: r.id,
      details: { listing_id: r.listing_id, reason: 'account_erased' },
    });
  }
  await repo.deleteAllOf(trx, userId);
  return active.length;
}

/**
 * Before listings are deleted with their designer's account: other people's active
 * reservations on them end (audited), and each person with an account is told why; then the
 * reservations go with the listings. Returns how many were active.
 */
export async function closeOn(
  ctx: InterestContext,
  trx: Transaction<DB>,
  listings: ReadonlyArray<{ id: string; title: string }>,
  audit: AuditWriter,
): Promise<number> {
  const titles = new Map(listings.map((l) => [l.id, l.title]));
  const active = await repo.lockActiveOn(trx, [...titles.keys()]);
  for (const r of active) {
    await audit({
      actor: SYSTEM,
      action: 'interest.cancelled',
      resourceType: 'interest_reservation',
      resourceId: r.id,
      details: { listing_id: r.listing_id, reason: 'listing_removed_with_account' },
    });
    if (r.user_id)
      await ctx.notifications.notify(trx, r.user_id, {
        kind: 'interest_closed',
        title: 'A design you were interested in was removed',
        body: `The designer of "${titles.get(r.listing_id) ?? ''}" deleted their account and the design with it, so your interest in it has ended.`,
        link: null,
      });
  }
  await repo.deleteOn(trx, [...titles.keys()]);
  return active.length;
}
