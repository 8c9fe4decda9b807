/**
 * The demand review as CSV: the matching reservations or the per-listing totals, read in keyset
 * batches so an export of any size never holds more than one batch.
 */
import type { DemandReservation } from '@kitwright/contracts';
import { csvRow } from '../../platform/csv';
import { type DemandContext, type DemandQuery, filterOf, listingTotals, toItems } from './demand-items';
import type { ListingKey } from './demand-repo';
import * as repo from './demand-repo';

/** Rows read per query while an export streams (each batch is one keyset page). */
export const EXPORT_BATCH = 1000;

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

/**
 * The matching reservations (or the per-listing totals) as CSV, read in keyset batches so an
 * export of any size never holds more than one batch. Filters are checked before the first
 * line, so a bad filter is a 400, not a broken download.
 */
export function exportCsv(
  ctx: DemandContext,
  query: DemandQuery & { view?: 'reservations' | 'listings' },
): AsyncIterable<string> {
  const filter = filterOf(query);
  if (query.view === 'listings') {
    return (async function* () {
      yield csvRow(LISTING_COLUMNS);
      let after: ListingKey | null = null;
      for (;;) {
        const rows = await repo.totalsByListing(ctx.db, filter, after, EXPORT_BATCH);
        for (const t of await listingTotals(ctx, rows))
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
      const rows = await repo.page(ctx.db, filter, after, EXPORT_BATCH);
      for (const item of await toItems(ctx, rows)) yield reservationLine(item);
      const last = rows.at(-1);
      if (rows.length < EXPORT_BATCH || !last) return;
      after = { at: last.created_at, id: last.id };
    }
  })();
}
