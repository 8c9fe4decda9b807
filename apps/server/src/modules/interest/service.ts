/**
 * Non-binding interest reservations, Phase A's demand test. A signed-in person or a visitor with an
 * anonymous session registers interest in a public listing after accepting the disclaimer; nothing
 * is bought and no payment details are asked for. One active reservation per person per listing
 * (a unique index guarantees it under any concurrency); the listing's interest summary moves in the
 * same transaction, so it always equals the rows. Create and cancel are audited.
 */
import type { ReserverTrust } from '@kitwright/contracts';
import {
  isUseCase,
  JURISDICTIONS,
  RESERVATION_DISCLAIMER_VERSION,
  type Reservation,
  type ReservationRequest,
} from '@kitwright/contracts';
import { checkUseCase } from '@kitwright/mesher';
import type { Kysely, Transaction } from 'kysely';
import { RATE_LIMITS } from '../../config/rate-limits';
import type { DB } from '../../db/schema';
import type { AlertService } from '../../platform/alerts';
import { type Actor, type AuditWriter, appendAudit, auditedTransaction, SYSTEM } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { DeliveryControls } from '../../platform/delivery-controls';
import { AppError } from '../../platform/errors';
import { isUuid, newId } from '../../platform/ids';
import { networkFingerprint } from '../../platform/network';
import { hasOwner } from '../../platform/owner-column';
import { pageOf, readTimeCursor } from '../../platform/pagination';
import { enforceLimit, type RateLimiter, rateLimitedError } from '../../platform/rate-limits';
import { sha256Hex } from '../../platform/secrets';
import type { Owner } from '../../platform/viewer';
import type { ListingRef, ListingsApi } from '../listings/face';
import type { NotificationsApi } from '../notifications/face';
import type { ReservationRow } from './repo';
import * as repo from './repo';

export const RESERVED_MESSAGE =
  'Your interest is registered. It is not a purchase: it tells us which designs people want built. You can cancel it at any time.';

export const CLAIM_REASONS = {
  merged: 'Merged with your existing reservation when you signed in.',
  ownListing:
    'Cancelled when you signed in: this design is yours, and interest reservations are for other people’s designs.',
} as const;

/**
 * The third and later active reservations of one listing from one network are flagged for review
 * (a household reserving twice is ordinary; a run of sessions from one network is not).
 */
export const BURST_PER_NETWORK = 3;

/** What the request says about who reserves: the address, and whether their email is verified. */
export interface ReserverContext {
  ip: string | null;
  emailVerified: boolean;
}

function actorOf(owner: Owner): Actor {
  return owner.userId ? { type: 'user', id: owner.userId } : { type: 'anonymous', id: owner.visitorId };
}

function toReservation(r: ReservationRow, listing: ListingRef | undefined): Reservation {
  return {
    id: r.id,
    listing: listing ?? {
      id: r.listing_id,
      slug: '',
      title: '',
      preview_url: null,
      designer: { id: r.design_owner_id, username: '', display_name: '' },
      availability: 'deleted',
    },
    design_owner_id: r.design_owner_id,
    status: r.status,
    quantity: r.quantity,
    jurisdiction: r.jurisdiction,
    intended_use: r.intended_use,
    acknowledgement_version: r.acknowledgement_version,
    conversion_invite_state: r.conversion_invite_state,
    source: r.source,
    cancellation_reason: r.cancellation_reason,
    created_at: r.created_at.toISOString(),
    refreshed_at: r.refreshed_at.toISOString(),
    cancelled_at: r.cancelled_at?.toISOString() ?? null,
  };
}

/** The request's terms, checked before anything is written: acknowledgement, use and country. */
function termsOf(body: ReservationRequest, at: Date): repo.ReservationTerms {
  if (body.acknowledgement.version !== RESERVATION_DISCLAIMER_VERSION) {
    throw new AppError('GATE_NOT_MET', 'Read and accept the current non-binding interest notice.', {
      gate: 'acknowledgement',
      current_version: RESERVATION_DISCLAIMER_VERSION,
    });
  }
  if (!isUseCase(body.intended_use)) {
    throw new AppError('VALIDATION_FAILED', 'Choose how you intend to use the kit.', {
      fields: { intended_use: 'is not a known use' },
    });
  }
  const gate = checkUseCase(body.intended_use);
  if (!gate.allowed)
    throw new AppError('USE_CASE_BLOCKED', gate.reason ?? undefined, { use_case: body.intended_use });
  const jurisdiction = body.jurisdiction.toUpperCase();
  if (!(JURISDICTIONS as readonly string[]).includes(jurisdiction)) {
    throw new AppError('VALIDATION_FAILED', 'Choose the country where you would use the kit.', {
      fields: { jurisdiction: 'is not a country code' },
    });
  }
  return {
    quantity: body.quantity,
    jurisdiction,
    intendedUse: body.intended_use as 'free_standing' | 'decorative',
    acknowledgementVersion: body.acknowledgement.version,
    source: {
      surface: body.source?.surface ?? 'web',
      ...(body.source?.share_code ? { share_code: body.source.share_code } : {}),
      ...(body.source?.attribution ? { attribution: body.source.attribution } : {}),
    },
    at,
  };
}

export function createInterestService(deps: {
  db: Kysely<DB>;
  clock: Clock;
  alerts: AlertService;
  controls: DeliveryControls;
  notifications: NotificationsApi;
  /** Created after this service (listings read reservations for its pages), so reached lazily. */
  listings: () => ListingsApi;
  limiter: RateLimiter;
  /** Reservations per address (config; defaults in RATE_LIMITS). */
  limits: { perIpPerHour: number; perIpPerListingPerDay: number };
  /** The key network fingerprints are made with (platform/network.ts). */
  fingerprintKey: Buffer;
}) {
  const { db, clock } = deps;

  /**
   * Moves the listing's interest summary for one reservation coming (+1) or going (-1): the raw
   * count and quantity, its holder's tier, and the household count when it is the first or last
   * active reservation from its network. Returns the network's active count after the move.
   */
  async function counted(
    trx: Transaction<DB>,
    r: Pick<ReservationRow, 'listing_id' | 'quantity' | 'reserver_trust' | 'network_fingerprint'>,
    sign: 1 | -1,
  ): Promise<number> {
    const networkActive = r.network_fingerprint
      ? await repo.moveNetwork(trx, r.listing_id, r.network_fingerprint, sign)
      : 0;
    const households =
      r.network_fingerprint && ((sign === 1 && networkActive === 1) || (sign === -1 && networkActive === 0))
        ? sign
        : 0;
    await deps.listings().adjustInterest(trx, r.listing_id, {
      reservations: sign,
      quantity: sign * r.quantity,
      verified: r.reserver_trust === 'verified' ? sign : 0,
      visitors: r.reserver_trust === 'visitor' ? sign : 0,
      households,
    });
    return networkActive;
  }

  async function toReservations(rows: ReservationRow[], locale: string | null): Promise<Reservation[]> {
    if (rows.length === 0) return [];
    const refs = await deps.listings().refs(
      rows.map((r) => r.listing_id),
      locale,
    );
    return rows.map((r) => toReservation(r, refs.get(r.listing_id)));
  }

  return {
    /** Phase A.5: the reservation behind a pre-order invitation or checkout (modules/preorders). */
    preorders: {
      find: (id: string) => (isUuid(id) ? repo.findById(db, id) : Promise.resolve(undefined)),
      lock: (trx: Transaction<DB>, id: string) => repo.lockById(trx, id),
      markInvited: repo.markInvited,
      setConversionState: repo.setConversionState,
    },

    /** Whether reservations can be made now, and if not, why (flag or phase). */
    async open(): Promise<{ open: boolean; reason: string | null }> {
      const { phase, flags } = await deps.controls.snapshot();
      if (!flags.interestReservations)
        return { open: false, reason: 'Registering interest is paused right now.' };
      if (phase === 'B') return { open: false, reason: 'Interest reservations have closed.' };
      return { open: true, reason: null };
    },

    /**
     * The signed-in people holding an active reservation of a listing (a moderator hid it and they
     * are told), read in the caller's transaction.
     */
    holdersOf: (trx: Transaction<DB>, listingId: string) => repo.activeHolders(trx, listingId),

    activeFor: (owner: Owner, listingId: string) =>
      hasOwner(owner) ? repo.activeId(db, owner, listingId) : Promise.resolve(null),

    /**
     * Creates or refreshes the owner's reservation of a listing in one transaction: the listing is
     * read once (only an approved, non-private listing of someone else can be reserved), the terms
     * are checked, the reservation written, the interest summary moved and the change audited.
     */
    async reserve(
      owner: Owner,
      idOrSlug: string,
      body: ReservationRequest,
      from: ReserverContext,
      locale: string | null,
    ) {
      await deps.controls.requireCapability('interest_reservations');
      await deps.controls.requireFlag('interestReservations');
      const address = sha256Hex(from.ip ?? 'unknown');
      await enforceLimit(
        deps.limiter,
        `reserve-ip:${address}`,
        { limit: deps.limits.perIpPerHour, windowMs: RATE_LIMITS.reservationsPerIp.windowMs },
        'Too many interest reservations from this address. Try again later.',
      );
      const trust: ReserverTrust = owner.userId ? (from.emailVerified ? 'verified' : 'account') : 'visitor';
      const result = await auditedTransaction({ db, clock, alerts: deps.alerts }, async (trx, audit) => {
        await repo.lockReserver(trx, owner);
        const listing = await deps.listings().forReservation(trx, idOrSlug);
        if (owner.userId === listing.owner_user_id) throw new AppError('OWN_LISTING');
        const terms = termsOf(body, clock.now());
        // Counted with the reservation: a refused one (rolled back) is not.
        const perListing = await deps.limiter.hitIn(
          trx,
          `reserve-ip-listing:${address}:${listing.id}`,
          deps.limits.perIpPerListingPerDay,
          RATE_LIMITS.reservationsPerIpAndListing.windowMs,
        );
        if (!perListing.allowed)
          throw rateLimitedError(
            perListing,
            'This design already has enough reservations from this address today.',
          );
        for (let attempt = 0; attempt < 3; attempt++) {
          const existing = await repo.lockActive(trx, owner, listing.id);
          if (existing) {
            const row = await repo.refresh(trx, existing.id, terms, trust);
            const tierChange =
              (trust === 'verified' ? 1 : 0) - (existing.reserver_trust === 'verified' ? 1 : 0);
            await deps.listings().adjustInterest(trx, listing.id, {
              reservations: 0,
              quantity: terms.quantity - existing.quantity,
              verified: tierChange,
              visitors: 0,
              households: 0,
            });
            await audit({
              actor: actorOf(owner),
              action: 'interest.refreshed',
              resourceType: 'interest_reservation',
              resourceId: row.id,
              details: { listing_id: listing.id, quantity: row.quantity },
            });
            return { row, listing, refreshed: true };
          }
          let inserted = await repo.insertIfNoneActive(trx, {
            id: newId(),
            listingId: listing.id,
            designOwnerId: listing.owner_user_id,
            owner,
            trust,
            networkFingerprint: networkFingerprint(from.ip, deps.fingerprintKey),
            ...terms,
          });
          // Another request for the same person got there first: refresh theirs instead.
          if (!inserted) continue;
          const fromNetwork = await counted(trx, inserted, 1);
          // A run of reservations from one network is counted, and put in front of staff.
          if (fromNetwork >= BURST_PER_NETWORK)
            inserted = await repo.flagForReview(trx, inserted.id, 'burst');
          await audit({
            actor: actorOf(owner),
            action: 'interest.reserved',
            resourceType: 'interest_reservation',
            resourceId: inserted.id,
            details: {
              listing_id: listing.id,
              quantity: inserted.quantity,
              jurisdiction: terms.jurisdiction,
              trust,
              ...(inserted.review_flag ? { review_flag: inserted.review_flag } : {}),
            },
          });
          await deps.notifications.notify(trx, listing.owner_user_id, {
            kind: 'interest_received',
            title: 'Someone is interested in your design',
            body: `A visitor registered non-binding interest in "${listing.title}".`,
            link: `/listing/${listing.slug}`,
          });
          return { row: inserted, listing, refreshed: false };
        }
        throw new AppError('CONFLICT', 'Your reservation changed at the same moment. Try again.');
      });
      deps.listings().interestSettled();
      return {
        reservation: toReservation(result.row, await deps.listings().refOfRow(result.listing, locale)),
        refreshed: result.refreshed,
        message: RESERVED_MESSAGE,
      };
    },

    async cancel(
      owner: Owner,
      reservationId: string,
      reason: string | null,
      locale: string | null,
    ): Promise<Reservation> {
      if (!isUuid(reservationId) || !hasOwner(owner)) throw new AppError('NOT_FOUND');
      const row = await auditedTransaction({ db, clock, alerts: deps.alerts }, async (trx, audit) => {
        // The lock order of every reservation change: the person, the listing, the reservation.
        await repo.lockReserver(trx, owner);
        const listingId = await repo.listingOfOwned(trx, owner, reservationId);
        if (!listingId) throw new AppError('NOT_FOUND');
        await deps.listings().lockForInterest(trx, [listingId]);
        const current = await repo.lockOwned(trx, owner, reservationId);
        if (!current) throw new AppError('NOT_FOUND');
        if (current.status !== 'active')
          throw new AppError('INVALID_STATE', 'This reservation is already cancelled.');
        const updated = await repo.markCancelled(trx, current.id, reason?.trim() || null, clock.now());
        await counted(trx, current, -1);
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
      deps.listings().interestSettled();
      return (await toReservations([row], locale))[0] as Reservation;
    },

    /** Whether the reservation is this person's or visitor session's (any status). */
    async heldBy(owner: Owner, reservationId: string): Promise<boolean> {
      if (!isUuid(reservationId) || !hasOwner(owner)) return false;
      return (await repo.listingOfOwned(db, owner, reservationId)) !== null;
    },

    async list(
      owner: Owner,
      limit: number,
      cursor: string | null,
      locale: string | null,
    ): Promise<{ items: Reservation[]; next_cursor: string | null }> {
      if (!hasOwner(owner)) return { items: [], next_cursor: null };
      const rows = await repo.page(db, owner, cursor ? readTimeCursor(cursor) : null, limit + 1);
      const { page, next_cursor } = pageOf(rows, limit, (r) => ({ at: r.created_at, id: r.id }));
      return { items: await toReservations(page, locale), next_cursor };
    },

    /**
     * Cancels every active reservation of a listing its owner is deleting, in the deletion's
     * transaction: each keeps `reason`, is audited as the owner's act, moves the interest summary,
     * and each signed-in holder is told (a visitor reads the reason on their dashboard). Answers
     * how many were cancelled.
     */
    async cancelForListing(
      trx: Transaction<DB>,
      listing: { id: string; title: string },
      reason: string,
      ownerUserId: string,
    ): Promise<number> {
      const active = await repo.lockActiveForListing(trx, listing.id);
      const now = clock.now();
      for (const r of active) {
        await repo.markCancelled(trx, r.id, reason, now);
        await counted(trx, r, -1);
        await appendAudit(
          trx,
          {
            actor: { type: 'user', id: ownerUserId },
            action: 'interest.cancelled',
            resourceType: 'interest_reservation',
            resourceId: r.id,
            details: { listing_id: listing.id, reason: 'listing_deleted' },
          },
          clock,
        );
      }
      const holders = new Set(active.flatMap((r) => (r.user_id ? [r.user_id] : [])));
      for (const userId of holders) {
        await deps.notifications.notify(trx, userId, {
          kind: 'reservation_cancelled',
          title: 'A design you reserved was deleted',
          body: `"${listing.title}" was deleted by its designer, so your interest reservation is cancelled. Nothing was charged.`,
          link: '/dashboard',
        });
      }
      return active.length;
    },

    /**
     * On sign-in the visitor's reservations become the user's. A listing the user already holds
     * an active reservation for keeps the user's (the visitor's is cancelled as merged), and a
     * reservation on the user's own design is cancelled, because reserving one's own design is
     * refused. Both people's reservation changes are locked first, so nothing made meanwhile can
     * make the claim, and with it the sign-in, fail.
     */
    async claim(trx: Transaction<DB>, visitorId: string, userId: string) {
      const user = { userId, visitorId: null };
      await repo.lockReserver(trx, user);
      await repo.lockReserver(trx, { userId: null, visitorId });
      await deps
        .listings()
        .lockForInterest(trx, await repo.activeListingIds(trx, { userId: null, visitorId }));
      const now = clock.now();
      for (const r of await repo.lockVisitorActive(trx, visitorId)) {
        const own = r.design_owner_id === userId;
        const kept = own ? null : await repo.activeId(trx, user, r.listing_id);
        if (!own && !kept) continue;
        await repo.markCancelled(trx, r.id, own ? CLAIM_REASONS.ownListing : CLAIM_REASONS.merged, now);
        await counted(trx, r, -1);
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
          clock,
        );
      }
      // The reservations kept are now an account's: the listings' visitor counts move.
      for (const listingId of await repo.moveVisitorReservations(trx, visitorId, userId))
        await deps.listings().adjustInterest(trx, listingId, {
          reservations: 0,
          quantity: 0,
          verified: 0,
          visitors: -1,
          households: 0,
        });
    },

    /** Every reservation a person holds, active and cancelled (their account export). */
    exportFor: async (userId: string, locale: string | null): Promise<Reservation[]> =>
      toReservations(await repo.allOf(db, userId), locale),

    /**
     * Erasing an account, in its transaction: each active reservation is cancelled (the designers'
     * interest summaries move, each cancellation is audited under `actor`, the erased account's
     * pseudonym), then every reservation of the account is deleted. Returns how many were active.
     */
    async eraseFor(trx: Transaction<DB>, userId: string, actor: Actor, audit: AuditWriter): Promise<number> {
      await repo.lockReserver(trx, { userId, visitorId: null });
      await deps
        .listings()
        .lockForInterest(trx, await repo.activeListingIds(trx, { userId, visitorId: null }));
      const active = await repo.lockActiveOf(trx, userId);
      for (const r of active) {
        await counted(trx, r, -1);
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
    },

    /**
     * Before listings are deleted with their designer's account: other people's active
     * reservations on them end (audited), and each person with an account is told why; then the
     * reservations go with the listings. Returns how many were active.
     */
    async closeOn(
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
          await deps.notifications.notify(trx, r.user_id, {
            kind: 'interest_closed',
            title: 'A design you were interested in was removed',
            body: `The designer of "${titles.get(r.listing_id) ?? ''}" deleted their account and the design with it, so your interest in it has ended.`,
            link: null,
          });
      }
      await repo.deleteOn(trx, [...titles.keys()]);
      return active.length;
    },
  };
}

export type InterestService = ReturnType<typeof createInterestService>;
