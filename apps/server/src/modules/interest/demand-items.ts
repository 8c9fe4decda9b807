/**
 * The demand review's rows as staff read them: the filters, the totals, the cursor of the
 * per-listing view, and reservations and per-listing totals with the listings and people they name.
 */
import type {
  DemandFilters,
  DemandListingTotals,
  DemandReservation,
  DemandTotals,
  ListingRef,
} from '@kitwright/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { AlertService } from '../../platform/alerts';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { isUuid } from '../../platform/ids';
import { readPeriod } from '../../platform/period';
import type { Profile, Profiles } from '../auth/profiles';
import { unknownProfile } from '../auth/profiles';
import type { ListingRefs } from '../listings/face';
import type * as repo from './demand-repo';
import type { DemandFilter, ListingKey, TotalsRow } from './demand-repo';
import type { ReservationRow } from './repo';

/** The review's filters, as the contracts describe them. */
export type DemandQuery = DemandFilters;

export interface DemandDeps {
  db: Kysely<DB>;
  clock: Clock;
  alerts: AlertService;
  profiles: Profiles;
  /** The listings reservations name (made before this service). */
  listings: ListingRefs;
}

export type DemandContext = DemandDeps;

export function filterOf(query: DemandQuery): DemandFilter {
  const period = readPeriod(query);
  return {
    ...(query.listing_id ? { listingId: query.listing_id } : {}),
    ...(query.designer_id ? { designerId: query.designer_id } : {}),
    ...(query.status ? { status: query.status } : {}),
    ...(query.jurisdiction ? { jurisdiction: query.jurisdiction.toUpperCase() } : {}),
    ...(query.intended_use ? { intendedUse: query.intended_use } : {}),
    ...(query.invite_state ? { inviteState: query.invite_state } : {}),
    ...(query.qualification ? { qualification: query.qualification } : {}),
    ...(query.trust ? { trust: query.trust } : {}),
    ...(query.flagged ? { flagged: query.flagged === 'true' } : {}),
    ...period,
  };
}

export function totalsOf(row: TotalsRow): DemandTotals {
  return {
    reservations: row.reservations,
    active: row.active,
    cancelled: row.cancelled,
    active_quantity: row.active_quantity,
    qualified: row.qualified,
    verified: row.verified,
    visitors: row.visitors,
    households: row.households,
    flagged: row.flagged,
    uk_share: row.active > 0 ? Math.round((row.active_gb / row.active) * 1000) / 1000 : null,
  };
}

export function listingKeyCursor(key: ListingKey): string {
  return Buffer.from(`${key.quantity}|${key.active}|${key.listingId}`).toString('base64url');
}

export function readListingKey(cursor: string): ListingKey {
  const [quantity, active, listingId] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const q = Number(quantity);
  const a = Number(active);
  if (
    !listingId ||
    !isUuid(listingId) ||
    !Number.isSafeInteger(q) ||
    !Number.isSafeInteger(a) ||
    q < 0 ||
    a < 0
  )
    throw new AppError('VALIDATION_FAILED', 'The cursor is not valid.', { fields: { cursor: 'is invalid' } });
  return { quantity: q, active: a, listingId };
}

const deletedListing = (id: string): DemandReservation['listing'] => ({
  id,
  slug: '',
  title: '',
  availability: 'deleted',
});

function shortListing(ref: ListingRef | undefined, id: string): DemandReservation['listing'] {
  return ref
    ? { id: ref.id, slug: ref.slug, title: ref.title, availability: ref.availability }
    : deletedListing(id);
}

/** Listings and people for a set of rows, in two queries, whatever the number of rows. */
async function names(ctx: DemandContext, rows: ReservationRow[]) {
  const refs = await ctx.listings.refs([...new Set(rows.map((r) => r.listing_id))], null);
  const people = await ctx.profiles.byIds([
    ...new Set(
      rows.flatMap((r) => [
        r.design_owner_id,
        ...(r.user_id ? [r.user_id] : []),
        ...(r.qualified_by ? [r.qualified_by] : []),
      ]),
    ),
  ]);
  const person = (id: string): Profile => people.get(id) ?? unknownProfile(id);
  return { refs, person };
}

export async function toItems(ctx: DemandContext, rows: ReservationRow[]): Promise<DemandReservation[]> {
  if (rows.length === 0) return [];
  const { refs, person } = await names(ctx, rows);
  return rows.map((r) => ({
    id: r.id,
    listing: shortListing(refs.get(r.listing_id), r.listing_id),
    designer: person(r.design_owner_id),
    reserver: {
      ...(r.user_id
        ? { kind: 'user' as const, user: person(r.user_id) }
        : { kind: 'visitor' as const, user: null }),
      trust: r.reserver_trust,
      network: r.network_fingerprint,
    },
    review_flag: r.review_flag,
    status: r.status,
    quantity: r.quantity,
    jurisdiction: r.jurisdiction,
    intended_use: r.intended_use,
    conversion_invite_state: r.conversion_invite_state,
    source: r.source,
    qualification: {
      state: r.qualification,
      note: r.qualification_note,
      by: r.qualified_by ? person(r.qualified_by) : null,
      at: r.qualified_at?.toISOString() ?? null,
    },
    cancellation_reason: r.cancellation_reason,
    created_at: r.created_at.toISOString(),
    refreshed_at: r.refreshed_at.toISOString(),
    cancelled_at: r.cancelled_at?.toISOString() ?? null,
  }));
}

export async function listingTotals(
  ctx: DemandContext,
  rows: repo.ListingTotalsRow[],
): Promise<DemandListingTotals[]> {
  if (rows.length === 0) return [];
  const refs = await ctx.listings.refs(
    rows.map((r) => r.listing_id),
    null,
  );
  const people = await ctx.profiles.byIds([...new Set(rows.map((r) => r.design_owner_id))]);
  return rows.map((r) => ({
    listing: shortListing(refs.get(r.listing_id), r.listing_id),
    designer: people.get(r.design_owner_id) ?? unknownProfile(r.design_owner_id),
    totals: totalsOf(r),
  }));
}
