/** SQL of the reservation figures the founder dashboard counts. */
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';

/** Reservations made per UTC day, and how many of those are cancelled now. */
export async function reservationsByDay(db: Kysely<DB>, from: Date, to: Date) {
  const r = await sql<{ day: string; n: number; cancelled: number }>`
    SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*)::int AS n,
      (count(*) FILTER (WHERE status = 'cancelled'))::int AS cancelled
    FROM interest_reservations WHERE created_at >= ${from} AND created_at < ${to}
    GROUP BY 1 ORDER BY 1`.execute(db);
  return r.rows;
}

/** Cancellations per UTC day of cancelling. */
export async function cancellationsByDay(db: Kysely<DB>, from: Date, to: Date) {
  const r = await sql<{ day: string; n: number }>`
    SELECT to_char(cancelled_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*)::int AS n
    FROM interest_reservations WHERE cancelled_at >= ${from} AND cancelled_at < ${to}
    GROUP BY 1 ORDER BY 1`.execute(db);
  return r.rows;
}

/** Reservations made in the period by the source they were made from. */
export async function reservationsBySource(db: Kysely<DB>, from: Date, to: Date) {
  const r = await sql<{ source: string; n: number }>`
    SELECT coalesce(
        nullif(source->'attribution'->>'source', ''),
        nullif(source->'attribution'->>'utm_source', ''),
        CASE WHEN source ? 'share_code' THEN 'share' END,
        'direct') AS source,
      count(*)::int AS n
    FROM interest_reservations WHERE created_at >= ${from} AND created_at < ${to}
    GROUP BY 1 ORDER BY 1`.execute(db);
  return r.rows;
}
