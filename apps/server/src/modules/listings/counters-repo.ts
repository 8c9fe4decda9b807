/**
 * SQL for a listing's counters: the interest summary and save count other modules move in their
 * transactions, and the views counted once per viewer per day (with their per-day markers).
 */
import { type Kysely, type SqlBool, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { deleteBatch } from '../../platform/batch-delete';

type Q = Kysely<DB> | Transaction<DB>;

/** Differences to a listing's interest summary, moved by the interest module in its transaction. */
export interface InterestDelta {
  reservations: number;
  quantity: number;
  /** Reservations by signed-in people with a verified email address. */
  verified: number;
  /** Reservations by anonymous visitor sessions. */
  visitors: number;
  /** Networks (households) with at least one active reservation. */
  households: number;
}

/** Moves the interest summary by the given differences (counts always equal the rows). */
export async function adjustInterest(q: Q, listingId: string, d: InterestDelta) {
  await q
    .updateTable('listings')
    .set({
      reservation_count: sql`reservation_count + ${d.reservations}`,
      reservation_quantity: sql`reservation_quantity + ${d.quantity}`,
      verified_reservation_count: sql`verified_reservation_count + ${d.verified}`,
      visitor_reservation_count: sql`visitor_reservation_count + ${d.visitors}`,
      household_count: sql`household_count + ${d.households}`,
    })
    .where('id', '=', listingId)
    .execute();
}

/** Moves the save count; returns the new count. */
export async function adjustSaves(q: Q, listingId: string, by: number): Promise<number> {
  const row = await q
    .updateTable('listings')
    .set({ save_count: sql`greatest(save_count + ${by}, 0)` })
    .where('id', '=', listingId)
    .returning('save_count')
    .executeTakeFirst();
  return row?.save_count ?? 0;
}

/**
 * Counts the view when this viewer has not viewed the listing on this day yet, in one statement;
 * true when it counted.
 */
export async function countView(q: Q, listingId: string, viewerKey: string, day: string): Promise<boolean> {
  const result = await sql<{ id: string }>`
    WITH marker AS (
      INSERT INTO listing_views (listing_id, viewer_key, day) VALUES (${listingId}, ${viewerKey}, ${day})
      ON CONFLICT DO NOTHING RETURNING listing_id
    )
    UPDATE listings SET view_count = view_count + 1
    WHERE id IN (SELECT listing_id FROM marker)
    RETURNING id`.execute(q);
  return result.rows.length > 0;
}

/** Deletes up to `limit` view markers of days before `firstKeptDay`; returns how many. */
export function pruneViewMarkers(q: Q, firstKeptDay: string, limit: number): Promise<number> {
  return deleteBatch(q, 'listing_views', sql<SqlBool>`day < ${firstKeptDay}::date`, limit);
}

/** Deletes the per-day view markers of these viewers (the counts they added stay). */
export async function deleteViewMarkersOf(trx: Transaction<DB>, viewerKeys: readonly string[]) {
  if (viewerKeys.length === 0) return;
  await trx
    .deleteFrom('listing_views')
    .where('viewer_key', 'in', [...viewerKeys])
    .execute();
}
