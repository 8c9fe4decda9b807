/** SQL of the sign-ups the founder dashboard counts (people with the user role, by UTC day). */
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';

export async function signUpsByDay(db: Kysely<DB>, from: Date, to: Date) {
  const r = await sql<{ day: string; n: number }>`
    SELECT to_char(day, 'YYYY-MM-DD') AS day, n FROM (
      SELECT (created_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS n
      FROM users WHERE role = 'user' AND created_at >= ${from} AND created_at < ${to}
      GROUP BY 1) counted
    ORDER BY 1`.execute(db);
  return r.rows;
}
