/**
 * Demand review for staff and founders: every interest reservation with who made it, for which
 * listing and designer; the totals of the filtered set, overall and per listing (active, cancelled,
 * quantity, qualified, UK share); qualification by staff (audited); and CSV exports of both. The
 * founder reads this to choose which designs go to A.5, so every figure is counted by the database
 * from the rows the filters select, never from a page of them.
 */
import type {
  DemandFilters,
  DemandListingTotals,
  DemandReservation,
  DemandTotals,
  ListingRef,
  QualificationState,
} from '@kitwright/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { AlertService } from '../../platform/alerts';
import { auditedTransaction } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import { csvRow } from '../../platform/csv';
import { AppError } from '../../platform/errors';
import { isUuid } from '../../platform/ids';
import { pageOf, readTimeCursor } from '../../platform/pagination';
import { readPeriod } from '../../platform/period';
import type { Profile, Profiles } from '../auth/profiles';
import { unknownProfile } from '../auth/profiles';
import type { ListingsApi } from '../listings/face';
import type { DemandFilter, ListingKey, TotalsRow } from './demand-repo';
import * as repo from './demand-repo';
import type { ReservationRow } from './repo';

/** The query of every demand-review operation (filters as the contracts give them). */
/** The review's filters, as the contracts describe them. */
export type DemandQuery = DemandFilters;

/** Rows read per query while an export streams (each batch is one keyset page). */
export const EXPORT_BATCH = 1000;

function filterOf(query: DemandQuery): DemandFilter {
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

function totalsOf(row: TotalsRow): DemandTotals {
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

function listingKeyCursor(key: ListingKey): string {
  return Buffer.from(`${key.quantity}|${key.active}|${key.listingId}`).toString('base64url');
}

function readListingKey(cursor: string): ListingKey {
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

const RESERVATION_COLUMNS = [
  'reservation_id',
  'created_at',
  'status',
  'listing_id',
  'listing_title',
  'designer_username',
  'reserver_kind',
  'reserver_username',
  'reserver_trust',
  'network',
  'review_flag',
  'quantity',
  'jurisdiction',
  'intended_use',
  'conversion_invite_state',
  'qualification',
  'qualification_note',
  'source_surface',
  'cancelled_at',
  'cancellation_reason',
] as const;

const LISTING_COLUMNS = [
  'listing_id',
  'listing_title',
  'designer_username',
  'reservations',
  'active',
  'cancelled',
  'active_quantity',
  'qualified',
  'verified',
  'visitors',
  'households',
  'flagged',
  'uk_share',
] as const;

export function createDemandReview(deps: {
  db: Kysely<DB>;
  clock: Clock;
  alerts: AlertService;
  profiles: Profiles;
  /** Created after this service, so reached lazily. */
  listings: () => ListingsApi;
}) {
  const { db, clock } = deps;

  /** Listings and people for a set of rows, in two queries, whatever the number of rows. */
  async function names(rows: ReservationRow[]) {
    const refs = await deps.listings().refs([...new Set(rows.map((r) => r.listing_id))], null);
    const people = await deps.profiles.byIds([
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

  async function toItems(rows: ReservationRow[]): Promise<DemandReservation[]> {
    if (rows.length === 0) return [];
    const { refs, person } = await names(rows);
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

  async function listingTotals(rows: repo.ListingTotalsRow[]): Promise<DemandListingTotals[]> {
    if (rows.length === 0) return [];
    const refs = await deps.listings().refs(
      rows.map((r) => r.listing_id),
      null,
    );
    const people = await deps.profiles.byIds([...new Set(rows.map((r) => r.design_owner_id))]);
    return rows.map((r) => ({
      listing: shortListing(refs.get(r.listing_id), r.listing_id),
      designer: people.get(r.design_owner_id) ?? unknownProfile(r.design_owner_id),
      totals: totalsOf(r),
    }));
  }

  function reservationLine(item: DemandReservation): string {
    return csvRow([
      item.id,
      item.created_at,
      item.status,
      item.listing.id,
      item.listing.title,
      item.designer.username,
      item.reserver.kind,
      item.reserver.user?.username ?? null,
      item.reserver.trust,
      item.reserver.network,
      item.review_flag,
      item.quantity,
      item.jurisdiction,
      item.intended_use,
      item.conversion_invite_state,
      item.qualification.state,
      item.qualification.note,
      typeof item.source.surface === 'string' ? item.source.surface : null,
      item.cancelled_at,
      item.cancellation_reason,
    ]);
  }

  return {
    /** A page of matching reservations, newest first, and the totals of all of them. */
    async list(query: DemandQuery & { cursor?: string; limit?: number }) {
      const filter = filterOf(query);
      const limit = query.limit ?? 50;
      const after = query.cursor ? readTimeCursor(query.cursor) : null;
      const [rows, totals] = await Promise.all([
        repo.page(db, filter, after, limit + 1),
        repo.totals(db, filter),
      ]);
      const { page, next_cursor } = pageOf(rows, limit, (r) => ({ at: r.created_at, id: r.id }));
      return { items: await toItems(page), next_cursor, totals: totalsOf(totals) };
    },

    /** Totals per listing of the matching reservations, most active quantity first. */
    async byListing(query: DemandQuery & { cursor?: string; limit?: number }) {
      const filter = filterOf(query);
      const limit = query.limit ?? 50;
      const after = query.cursor ? readListingKey(query.cursor) : null;
      const rows = await repo.totalsByListing(db, filter, after, limit + 1);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      const next_cursor =
        rows.length > limit && last
          ? listingKeyCursor({
              quantity: last.active_quantity,
              active: last.active,
              listingId: last.listing_id,
            })
          : null;
      return { items: await listingTotals(page), next_cursor };
    },

    /**
     * The matching reservations (or the per-listing totals) as CSV, read in keyset batches so an
     * export of any size never holds more than one batch. Filters are checked before the first
     * line, so a bad filter is a 400, not a broken download.
     */
    exportCsv(query: DemandQuery & { view?: 'reservations' | 'listings' }): AsyncIterable<string> {
      const filter = filterOf(query);
      if (query.view === 'listings') {
        return (async function* () {
          yield csvRow(LISTING_COLUMNS);
          let after: ListingKey | null = null;
          for (;;) {
            const rows = await repo.totalsByListing(db, filter, after, EXPORT_BATCH);
            for (const t of await listingTotals(rows))
              yield csvRow([
                t.listing.id,
                t.listing.title,
                t.designer.username,
                t.totals.reservations,
                t.totals.active,
                t.totals.cancelled,
                t.totals.active_quantity,
                t.totals.qualified,
                t.totals.verified,
                t.totals.visitors,
                t.totals.households,
                t.totals.flagged,
                t.totals.uk_share,
              ]);
            const last = rows.at(-1);
            if (rows.length < EXPORT_BATCH || !last) return;
            after = { quantity: last.active_quantity, active: last.active, listingId: last.listing_id };
          }
        })();
      }
      return (async function* () {
        yield csvRow(RESERVATION_COLUMNS);
        let after: { at: Date; id: string } | null = null;
        for (;;) {
          const rows = await repo.page(db, filter, after, EXPORT_BATCH);
          for (const item of await toItems(rows)) yield reservationLine(item);
          const last = rows.at(-1);
          if (rows.length < EXPORT_BATCH || !last) return;
          after = { at: last.created_at, id: last.id };
        }
      })();
    },

    /** Marks a reservation qualified, not qualified or unreviewed again, with a note (audited). */
    async qualify(
      staffId: string,
      reservationId: string,
      change: { state: QualificationState; note?: string },
    ): Promise<DemandReservation> {
      if (!isUuid(reservationId)) throw new AppError('NOT_FOUND');
      const note = change.note?.trim() || null;
      const row = await auditedTransaction({ db, clock, alerts: deps.alerts }, async (trx, audit) => {
        const current = await repo.lockById(trx, reservationId);
        if (!current) throw new AppError('NOT_FOUND');
        const updated = await repo.setQualification(trx, current.id, {
          state: change.state,
          note,
          by: staffId,
          at: clock.now(),
        });
        await audit({
          actor: { type: 'user', id: staffId },
          action: 'interest.qualification_set',
          resourceType: 'interest_reservation',
          resourceId: current.id,
          details: {
            listing_id: current.listing_id,
            from: current.qualification,
            to: updated.qualification,
            note_given: note !== null,
          },
        });
        return updated;
      });
      return (await toItems([row]))[0] as DemandReservation;
    },
  };
}

export type DemandReview = ReturnType<typeof createDemandReview>;
