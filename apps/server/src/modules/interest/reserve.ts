/**
 * Reserving: a signed-in person or a visitor with an anonymous session registers non-binding
 * interest in a public listing after accepting the disclaimer; nothing is bought and no payment
 * details are asked for. One active reservation per person per listing (a unique index guarantees
 * it under any concurrency); asking again refreshes it. The listing's interest summary moves in
 * the same transaction, so it always equals the rows. Audited.
 */
import {
  isUseCase,
  JURISDICTIONS,
  RESERVATION_DISCLAIMER_VERSION,
  type Reservation,
  type ReservationRequest,
  type ReserverTrust,
} from '@kitwright/contracts';
import { checkUseCase } from '@kitwright/mesher';
import type { Transaction } from 'kysely';
import { RATE_LIMITS } from '../../config/rate-limits';
import type { DB } from '../../db/schema';
import { type AuditWriter, auditedTransaction } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { newId } from '../../platform/ids';
import { networkFingerprint } from '../../platform/network';
import { enforceLimit, rateLimitedError } from '../../platform/rate-limits';
import { sha256Hex } from '../../platform/secrets';
import type { Owner } from '../../platform/viewer';
import type { ListingRow } from '../listings/face';
import { actorOf, counted, type InterestContext, toReservation } from './context';
import type { ReservationRow } from './repo';
import * as repo from './repo';

export const RESERVED_MESSAGE =
  'Your interest is registered. It is not a purchase: it tells us which designs people want built. You can cancel it at any time.';

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

/** One reservation request as the transaction reads it. */
interface Request {
  owner: Owner;
  idOrSlug: string;
  body: ReservationRequest;
  from: ReserverContext;
  trust: ReserverTrust;
  /** The hashed address the request came from. */
  address: string;
}

interface Reserved {
  row: ReservationRow;
  listing: ListingRow;
  refreshed: boolean;
}

/** The person's active reservation of the listing takes the new terms (and their tier now). */
async function refresh(
  ctx: InterestContext,
  trx: Transaction<DB>,
  audit: AuditWriter,
  req: Request,
  listing: ListingRow,
  existing: ReservationRow,
  terms: repo.ReservationTerms,
): Promise<Reserved> {
  const row = await repo.refresh(trx, existing.id, terms, req.trust);
  const tierChange = (req.trust === 'verified' ? 1 : 0) - (existing.reserver_trust === 'verified' ? 1 : 0);
  await ctx.listings.adjustInterest(trx, listing.id, {
    reservations: 0,
    quantity: terms.quantity - existing.quantity,
    verified: tierChange,
    visitors: 0,
    households: 0,
  });
  await audit({
    actor: actorOf(req.owner),
    action: 'interest.refreshed',
    resourceType: 'interest_reservation',
    resourceId: row.id,
    details: { listing_id: listing.id, quantity: row.quantity },
  });
  return { row, listing, refreshed: true };
}

/** A new reservation, counted, flagged when its network reserves in a run, audited and told to the designer. */
async function recordNew(
  ctx: InterestContext,
  trx: Transaction<DB>,
  audit: AuditWriter,
  req: Request,
  listing: ListingRow,
  created: ReservationRow,
  terms: repo.ReservationTerms,
): Promise<Reserved> {
  let inserted = created;
  const fromNetwork = await counted(ctx, trx, inserted, 1);
  // A run of reservations from one network is counted, and put in front of staff.
  if (fromNetwork >= BURST_PER_NETWORK) inserted = await repo.flagForReview(trx, inserted.id, 'burst');
  await audit({
    actor: actorOf(req.owner),
    action: 'interest.reserved',
    resourceType: 'interest_reservation',
    resourceId: inserted.id,
    details: {
      listing_id: listing.id,
      quantity: inserted.quantity,
      jurisdiction: terms.jurisdiction,
      trust: req.trust,
      ...(inserted.review_flag ? { review_flag: inserted.review_flag } : {}),
    },
  });
  await ctx.notifications.notify(trx, listing.owner_user_id, {
    kind: 'interest_received',
    title: 'Someone is interested in your design',
    body: `A visitor registered non-binding interest in "${listing.title}".`,
    link: `/listing/${listing.slug}`,
  });
  return { row: inserted, listing, refreshed: false };
}

/**
 * The reservation's transaction: the listing is read once (only an approved, non-private listing
 * of someone else can be reserved), the terms are checked, the reservation written or refreshed.
 */
async function reserveIn(
  ctx: InterestContext,
  trx: Transaction<DB>,
  audit: AuditWriter,
  req: Request,
): Promise<Reserved> {
  await repo.lockReserver(trx, req.owner);
  const listing = await ctx.listings.forReservation(trx, req.idOrSlug);
  if (req.owner.userId === listing.owner_user_id) throw new AppError('OWN_LISTING');
  const terms = termsOf(req.body, ctx.clock.now());
  // Counted with the reservation: a refused one (rolled back) is not.
  const perListing = await ctx.limiter.hitIn(
    trx,
    `reserve-ip-listing:${req.address}:${listing.id}`,
    ctx.limits.perIpPerListingPerDay,
    RATE_LIMITS.reservationsPerIpAndListing.windowMs,
  );
  if (!perListing.allowed)
    throw rateLimitedError(
      perListing,
      'This design already has enough reservations from this address today.',
    );
  for (let attempt = 0; attempt < 3; attempt++) {
    const existing = await repo.lockActive(trx, req.owner, listing.id);
    if (existing) return refresh(ctx, trx, audit, req, listing, existing, terms);
    const inserted = await repo.insertIfNoneActive(trx, {
      id: newId(),
      listingId: listing.id,
      designOwnerId: listing.owner_user_id,
      owner: req.owner,
      trust: req.trust,
      networkFingerprint: networkFingerprint(req.from.ip, ctx.fingerprintKey),
      ...terms,
    });
    // Another request for the same person got there first: refresh theirs instead.
    if (inserted) return recordNew(ctx, trx, audit, req, listing, inserted, terms);
  }
  throw new AppError('CONFLICT', 'Your reservation changed at the same moment. Try again.');
}

/**
 * Creates or refreshes the owner's reservation of a listing in one transaction: the listing read
 * once, the terms checked, the reservation written, the interest summary moved, the change audited.
 */
export async function reserve(
  ctx: InterestContext,
  owner: Owner,
  idOrSlug: string,
  body: ReservationRequest,
  from: ReserverContext,
  locale: string | null,
): Promise<{ reservation: Reservation; refreshed: boolean; message: string }> {
  await ctx.controls.requireCapability('interest_reservations');
  await ctx.controls.requireFlag('interestReservations');
  const address = sha256Hex(from.ip ?? 'unknown');
  await enforceLimit(
    ctx.limiter,
    `reserve-ip:${address}`,
    { limit: ctx.limits.perIpPerHour, windowMs: RATE_LIMITS.reservationsPerIp.windowMs },
    'Too many interest reservations from this address. Try again later.',
  );
  const trust: ReserverTrust = owner.userId ? (from.emailVerified ? 'verified' : 'account') : 'visitor';
  const result = await auditedTransaction(ctx, (trx, audit) =>
    reserveIn(ctx, trx, audit, { owner, idOrSlug, body, from, trust, address }),
  );
  ctx.listings.interestSettled();
  return {
    reservation: toReservation(result.row, await ctx.listings.refOfRow(result.listing, locale)),
    refreshed: result.refreshed,
    message: RESERVED_MESSAGE,
  };
}
