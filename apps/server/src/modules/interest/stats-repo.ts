/** SQL of the reservation figures the founder dashboard counts. */
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * Reservations made in the period per UTC day and source (the attribution they carry, `share` for a
 * share link, else `direct`), with how many of them are cancelled now. Read from the index alone.
 */
export async function reservationsMade(db: Kysely<DB>, from: Date, to: Date) {
  const r = await sql<{ day: string; source: string; n: number; cancelled: number }>`
    SELECT to_char(day, 'YYYY-MM-DD') AS day, source, n, cancelled FROM (
      SELECT (created_at AT TIME ZONE 'UTC')::date AS day, source_label AS source,
        count(*)::int AS n, (count(*) FILTER (WHERE status = 'cancelled'))::int AS cancelled
      FROM interest_reservations WHERE created_at >= ${from} AND created_at < ${to}
      GROUP BY 1, 2) made
    ORDER BY 1, 2`.execute(db);
  return r.rows;
}

/** Cancellations per UTC day of cancelling. */
export async function cancellationsByDay(db: Kysely<DB>, from: Date, to: Date) {
  const r = await sql<{ day: string; n: number }>`
    SELECT to_char((cancelled_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, count(*)::int AS n
    FROM interest_reservations WHERE cancelled_at >= ${from} AND cancelled_at < ${to}
    GROUP BY 1 ORDER BY 1`.execute(db);
  return r.rows;
}
