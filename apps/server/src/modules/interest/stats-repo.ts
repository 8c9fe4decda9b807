/** SQL of the reservation figures the founder dashboard counts (from interest_reservation_days). */
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * Reservations made per UTC day, source (the attribution they carry, `share` for a share link,
 * else `direct`) and reserver tier (verified account, unverified account, visitor session) in whole UTC days [fromDay, toDay), with how many of them are cancelled now, and
 * the cancellations made on each day. The trigger of migration 0018 keeps the days equal to the rows.
 */
export async function reservationDays(db: Kysely<DB>, fromDay: string, toDay: string) {
  const r = await sql<{
    day: string;
    source: string;
    trust: 'verified' | 'account' | 'visitor';
    made: number;
    made_cancelled: number;
    cancellations: number;
  }>`
    SELECT to_char(day, 'YYYY-MM-DD') AS day, source_label AS source, reserver_trust AS trust, made, made_cancelled,
      cancellations
    FROM interest_reservation_days
    WHERE day >= ${fromDay}::date AND day < ${toDay}::date
      AND (made > 0 OR cancellations > 0)
    ORDER BY 1, 2, 3`.execute(db);
  return r.rows;
}
