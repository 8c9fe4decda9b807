/** SQL of the failed jobs the founder dashboard counts (failed or dead, by the time they ended). */
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';

export async function failedJobs(db: Kysely<DB>, from: Date, to: Date) {
  const r = await sql<{ day: string; type: string; error_code: string; n: number }>`
    SELECT to_char((finished_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, type,
      coalesce(error_code, 'UNKNOWN') AS error_code, count(*)::int AS n
    FROM jobs WHERE status IN ('failed', 'dead') AND finished_at >= ${from} AND finished_at < ${to}
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`.execute(db);
  return r.rows;
}
