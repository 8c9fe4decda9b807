/** SQL for the rate_limits counters (owned by platform/rate-limits.ts). */
import { type Kysely, type SqlBool, sql } from 'kysely';
import type { DB } from '../db/schema';
import { deleteBatch } from './batch-delete';

/** Takes the key's slot when its last event is older than `earliest`; true when taken. */
export async function takeSlotIfFree(
  db: Kysely<DB>,
  key: string,
  now: Date,
  earliest: Date,
): Promise<boolean> {
  const taken = await sql<{ key: string }>`
    INSERT INTO rate_limits (key, window_start, count, last_at) VALUES (${key}, ${now}, 1, ${now})
    ON CONFLICT (key) DO UPDATE SET last_at = EXCLUDED.last_at, window_start = EXCLUDED.window_start, count = 1
      WHERE rate_limits.last_at <= ${earliest}
    RETURNING key`.execute(db);
  return taken.rows.length > 0;
}

export function read(db: Kysely<DB>, key: string) {
  return db
    .selectFrom('rate_limits')
    .select(['count', 'window_start', 'last_at'])
    .where('key', '=', key)
    .executeTakeFirst();
}

/** Counts one event in the window that starts at `window` (one statement, so bursts count exactly). */
export async function countInWindow(db: Kysely<DB>, key: string, window: Date, now: Date): Promise<number> {
  const result = await sql<{ count: number }>`
    INSERT INTO rate_limits (key, window_start, count, last_at) VALUES (${key}, ${window}, 1, ${now})
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.window_start = EXCLUDED.window_start THEN rate_limits.count + 1 ELSE 1 END,
      window_start = EXCLUDED.window_start,
      last_at = EXCLUDED.last_at
    RETURNING count`.execute(db);
  return result.rows[0]?.count ?? 1;
}

export async function uncount(db: Kysely<DB>, key: string, window: Date) {
  await db
    .updateTable('rate_limits')
    .set({ count: sql`greatest(count - 1, 0)` })
    .where('key', '=', key)
    .where('window_start', '=', window)
    .execute();
}

export async function remove(db: Kysely<DB>, key: string) {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}

export async function removePrefix(db: Kysely<DB>, prefix: string) {
  const pattern = `${prefix.replaceAll('\\', '\\\\').replaceAll('%', '\\%').replaceAll('_', '\\_')}%`;
  await db.deleteFrom('rate_limits').where('key', 'like', pattern).execute();
}

/** Deletes up to `limit` counters whose last event is before `before`; returns how many. */
export function pruneIdle(db: Kysely<DB>, before: Date, limit: number): Promise<number> {
  return deleteBatch(db, 'rate_limits', sql<SqlBool>`last_at < ${before}`, limit);
}
