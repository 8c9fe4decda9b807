/**
 * Reading reservations: whether reservations can be made now, a person's reservations and their
 * active one of a listing, the holders of a listing, and what pre-orders read of a reservation.
 */
import type { Reservation } from '@kitwright/contracts';
import { isUuid } from '../../platform/ids';
import { hasOwner } from '../../platform/owner-column';
import { pageOf, readTimeCursor } from '../../platform/pagination';
import type { Owner } from '../../platform/viewer';
import { type InterestContext, toReservations } from './context';
import * as repo from './repo';

/** Whether reservations can be made now, and if not, why (flag or phase). */
export async function open(ctx: InterestContext): Promise<{ open: boolean; reason: string | null }> {
  const { phase, flags } = await ctx.controls.snapshot();
  if (!flags.interestReservations)
    return { open: false, reason: 'Registering interest is paused right now.' };
  if (phase === 'B') return { open: false, reason: 'Interest reservations have closed.' };
  return { open: true, reason: null };
}

/** The owner's active reservation of a listing, if any. */
export function activeFor(ctx: InterestContext, owner: Owner, listingId: string): Promise<string | null> {
  return hasOwner(owner) ? repo.activeId(ctx.db, owner, listingId) : Promise.resolve(null);
}

/** Whether the reservation is this person's or visitor session's (any status). */
export async function heldBy(ctx: InterestContext, owner: Owner, reservationId: string): Promise<boolean> {
  if (!isUuid(reservationId) || !hasOwner(owner)) return false;
  return (await repo.listingOfOwned(ctx.db, owner, reservationId)) !== null;
}

/** A page of the owner's reservations, newest first. */
export async function list(
  ctx: InterestContext,
  owner: Owner,
  limit: number,
  cursor: string | null,
  locale: string | null,
): Promise<{ items: Reservation[]; next_cursor: string | null }> {
  if (!hasOwner(owner)) return { items: [], next_cursor: null };
  const rows = await repo.page(ctx.db, owner, cursor ? readTimeCursor(cursor) : null, limit + 1);
  const { page, next_cursor } = pageOf(rows, limit, (r) => ({ at: r.created_at, id: r.id }));
  return { items: await toReservations(ctx, page, locale), next_cursor };
}

/** Phase A.5: the reservation behind a pre-order invitation or checkout, by id. */
export function findForPreorder(ctx: InterestContext, id: string) {
  return isUuid(id) ? repo.findById(ctx.db, id) : Promise.resolve(undefined);
}
