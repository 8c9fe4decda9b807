/**
 * What the interest module's flows share: their dependencies (listings through the narrow
 * interface reservations use) and the module's own helpers, as plain functions of the context.
 */
import type { Reservation } from '@kitwright/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { AlertService } from '../../platform/alerts';
import type { Actor } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { DeliveryControls } from '../../platform/delivery-controls';
import type { RateLimiter } from '../../platform/rate-limits';
import type { Owner } from '../../platform/viewer';
import type { ListingRef, ListingsForInterest } from '../listings/face';
import type { NotificationsApi } from '../notifications/face';
import type { ReservationRow } from './repo';
import * as repo from './repo';

export interface InterestDeps {
  db: Kysely<DB>;
  clock: Clock;
  alerts: AlertService;
  controls: DeliveryControls;
  notifications: Pick<NotificationsApi, 'notify'>;
  /** The listings reserved: made before this service (listings hear of reservations through hooks). */
  listings: ListingsForInterest;
  limiter: RateLimiter;
  /** Reservations per address (config; defaults in RATE_LIMITS). */
  limits: { perIpPerHour: number; perIpPerListingPerDay: number };
  /** The key network fingerprints are made with (platform/network.ts). */
  fingerprintKey: Buffer;
}

export type InterestContext = InterestDeps;

export function actorOf(owner: Owner): Actor {
  return owner.userId ? { type: 'user', id: owner.userId } : { type: 'anonymous', id: owner.visitorId };
}

export function toReservation(r: ReservationRow, listing: ListingRef | undefined): Reservation {
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

/** Reservations with the listings they name, in the reader's language. */
export async function toReservations(
  ctx: InterestContext,
  rows: ReservationRow[],
  locale: string | null,
): Promise<Reservation[]> {
  if (rows.length === 0) return [];
  const refs = await ctx.listings.refs(
    rows.map((r) => r.listing_id),
    locale,
  );
  return rows.map((r) => toReservation(r, refs.get(r.listing_id)));
}

/**
 * Moves the listing's interest summary for one reservation coming (+1) or going (-1): the raw
 * count and quantity, its holder's tier, and the household count when it is the first or last
 * active reservation from its network. Returns the network's active count after the move.
 */
export async function counted(
  ctx: InterestContext,
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
  await ctx.listings.adjustInterest(trx, r.listing_id, {
    reservations: sign,
    quantity: sign * r.quantity,
    verified: r.reserver_trust === 'verified' ? sign : 0,
    visitors: r.reserver_trust === 'visitor' ? sign : 0,
    households,
  });
  return networkActive;
}
