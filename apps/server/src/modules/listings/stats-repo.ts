/** SQL of the published public designs the founder dashboard counts (by UTC day of publication). */
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';

export async function publicPublishedByDay(db: Kysely<DB>, from: Date, to: Date) {
  const r = await sql<{ day: string; n: number }>`
    SELECT to_char(day, 'YYYY-MM-DD') AS day, n FROM (
      SELECT (published_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS n
      FROM listings WHERE visibility = 'public' AND published_at >= ${from} AND published_at < ${to}
      GROUP BY 1) counted
    ORDER BY 1`.execute(db);
  return r.rows;
}
