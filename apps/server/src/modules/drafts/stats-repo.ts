/** SQL of the saved drafts the founder dashboard counts (drafts created, by UTC day). */
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';

export async function draftsByDay(db: Kysely<DB>, from: Date, to: Date) {
  const r = await sql<{ day: string; n: number }>`
    SELECT to_char(day, 'YYYY-MM-DD') AS day, n FROM (
      SELECT (created_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS n
      FROM design_drafts WHERE created_at >= ${from} AND created_at < ${to}
      GROUP BY 1) counted
    ORDER BY 1`.execute(db);
  return r.rows;
}
