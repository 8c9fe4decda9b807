/** SQL for the local mirror of product events (owned by platform/product-events.ts). */
import type { Insertable, Kysely } from 'kysely';
import type { DB, ProductEventsTable } from '../db/schema';

export async function insertEvents(db: Kysely<DB>, events: Insertable<ProductEventsTable>[]) {
  if (events.length === 0) return;
  await db.insertInto('product_events').values(events).execute();
}

/** One page of the events recorded with a user, by id (time-ordered), after `afterId`. */
export function pageOfUser(q: Kysely<DB>, userId: string, afterId: string | null, limit: number) {
  let query = q
    .selectFrom('product_events')
    .select(['id', 'name', 'version', 'consent_class', 'properties', 'route', 'occurred_at'])
    .where('user_id', '=', userId);
  if (afterId) query = query.where('id', '>', afterId);
  return query.orderBy('id').limit(limit).execute();
}

/** Deletes the events recorded with a user or with their (claimed) visitor sessions; returns how many. */
export async function deleteOf(
  q: Kysely<DB>,
  userId: string,
  sessionIds: readonly string[],
): Promise<number> {
  const byUser = await q.deleteFrom('product_events').where('user_id', '=', userId).returning('id').execute();
  const bySession =
    sessionIds.length > 0
      ? await q
          .deleteFrom('product_events')
          .where('session_id', 'in', [...sessionIds])
          .returning('id')
          .execute()
      : [];
  return byUser.length + bySession.length;
}
