/**
 * Non-binding interest reservations, Phase A's demand test: reserving (reserve.ts), cancelling
 * (cancel.ts), reading them (reservations.ts) and a person's part of them (personal-data.ts).
 * Each method binds a flow to the module's one context.
 */
import type { ReservationRequest } from '@kitwright/contracts';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { Actor, AuditWriter } from '../../platform/audit';
import type { Owner } from '../../platform/viewer';
import { cancel, cancelForListing } from './cancel';
import type { InterestContext, InterestDeps } from './context';
import * as personal from './personal-data';
import * as repo from './repo';
import { activeFor, findForPreorder, heldBy, list, open } from './reservations';
import { type ReserverContext, reserve } from './reserve';

export type { InterestDeps } from './context';
export { CLAIM_REASONS } from './personal-data';
export { BURST_PER_NETWORK, RESERVED_MESSAGE, type ReserverContext } from './reserve';

export function createInterestService(deps: InterestDeps) {
  const ctx: InterestContext = deps;
  return {
    /** Phase A.5: the reservation behind a pre-order invitation or checkout (modules/preorders). */
    preorders: {
      find: (id: string) => findForPreorder(ctx, id),
      lock: (trx: Transaction<DB>, id: string) => repo.lockById(trx, id),
      markInvited: repo.markInvited,
      setConversionState: repo.setConversionState,
    },
    open: () => open(ctx),
    /**
     * The signed-in people holding an active reservation of a listing (a moderator hid it and they
     * are told), read in the caller's transaction.
     */
    holdersOf: (trx: Transaction<DB>, listingId: string) => repo.activeHolders(trx, listingId),
    activeFor: (owner: Owner, listingId: string) => activeFor(ctx, owner, listingId),
    reserve: (
      owner: Owner,
      idOrSlug: string,
      body: ReservationRequest,
      from: ReserverContext,
      locale: string | null,
    ) => reserve(ctx, owner, idOrSlug, body, from, locale),
    cancel: (owner: Owner, reservationId: string, reason: string | null, locale: string | null) =>
      cancel(ctx, owner, reservationId, reason, locale),
    heldBy: (owner: Owner, reservationId: string) => heldBy(ctx, owner, reservationId),
    list: (owner: Owner, limit: number, cursor: string | null, locale: string | null) =>
      list(ctx, owner, limit, cursor, locale),
    cancelForListing: (
      trx: Transaction<DB>,
      listing: { id: string; title: string },
      reason: string,
      ownerUserId: string,
    ) => cancelForListing(ctx, trx, listing, reason, ownerUserId),
    claim: (trx: Transaction<DB>, visitorId: string, userId: string) =>
      personal.claim(ctx, trx, visitorId, userId),
    exportFor: (userId: string, locale: string | null) => personal.exportFor(ctx, userId, locale),
    eraseFor: (trx: Transaction<DB>, userId: string, actor: Actor, audit: AuditWriter) =>
      personal.eraseFor(ctx, trx, userId, actor, audit),
    closeOn: (
      trx: Transaction<DB>,
      listings: ReadonlyArray<{ id: string; title: string }>,
      audit: AuditWriter,
    ) => personal.closeOn(ctx, trx, listings, audit),
  };
}

export type InterestService = ReturnType<typeof createInterestService>;
