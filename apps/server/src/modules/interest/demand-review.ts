/**
 * Demand review for staff and founders: every interest reservation with who made it, for which
 * listing and designer; the totals of the filtered set, overall and per listing (active, cancelled,
 * quantity, qualified, UK share); qualification by staff (audited); and CSV exports of both
 * (demand-export.ts). The founder reads this to choose which designs go to A.5, so every figure is
 * counted by the database from the rows the filters select, never from a page of them.
 */
import type { DemandReservation, QualificationState } from '@kitwright/contracts';
import { auditedTransaction } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { isUuid } from '../../platform/ids';
import { pageOf, readTimeCursor } from '../../platform/pagination';
import { exportCsv } from './demand-export';
import {
  type DemandContext,
  type DemandDeps,
  type DemandQuery,
  filterOf,
  listingKeyCursor,
  listingTotals,
  readListingKey,
  toItems,
  totalsOf,
} from './demand-items';
import * as repo from './demand-repo';

export { EXPORT_BATCH } from './demand-export';
export type { DemandDeps, DemandQuery } from './demand-items';

type Paged = { cursor?: string; limit?: number };

/** A page of matching reservations, newest first, and the totals of all of them. */
async function list(ctx: DemandContext, query: DemandQuery & Paged) {
  const filter = filterOf(query);
  const limit = query.limit ?? 50;
  const after = query.cursor ? readTimeCursor(query.cursor) : null;
  const [rows, totals] = await Promise.all([
    repo.page(ctx.db, filter, after, limit + 1),
    repo.totals(ctx.db, filter),
  ]);
  const { page, next_cursor } = pageOf(rows, limit, (r) => ({ at: r.created_at, id: r.id }));
  return { items: await toItems(ctx, page), next_cursor, totals: totalsOf(totals) };
}

/** Totals per listing of the matching reservations, most active quantity first. */
async function byListing(ctx: DemandContext, query: DemandQuery & Paged) {
  const filter = filterOf(query);
  const limit = query.limit ?? 50;
  const after = query.cursor ? readListingKey(query.cursor) : null;
  const rows = await repo.totalsByListing(ctx.db, filter, after, limit + 1);
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
  return { items: await listingTotals(ctx, page), next_cursor };
}

/** Marks a reservation qualified, not qualified or unreviewed again, with a note (audited). */
async function qualify(
  ctx: DemandContext,
  staffId: string,
  reservationId: string,
  change: { state: QualificationState; note?: string },
): Promise<DemandReservation> {
  if (!isUuid(reservationId)) throw new AppError('NOT_FOUND');
  const note = change.note?.trim() || null;
  const row = await auditedTransaction(ctx, async (trx, audit) => {
    const current = await repo.lockById(trx, reservationId);
    if (!current) throw new AppError('NOT_FOUND');
    const updated = await repo.setQualification(trx, current.id, {
      state: change.state,
      note,
      by: staffId,
      at: ctx.clock.now(),
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
  return (await toItems(ctx, [row]))[0] as DemandReservation;
}

export function createDemandReview(deps: DemandDeps) {
  const ctx: DemandContext = deps;
  return {
    list: (query: DemandQuery & Paged) => list(ctx, query),
    byListing: (query: DemandQuery & Paged) => byListing(ctx, query),
    exportCsv: (query: DemandQuery & { view?: 'reservations' | 'listings' }) => exportCsv(ctx, query),
    qualify: (staffId: string, reservationId: string, change: { state: QualificationState; note?: string }) =>
      qualify(ctx, staffId, reservationId, change),
  };
}

export type DemandReview = ReturnType<typeof createDemandReview>;
