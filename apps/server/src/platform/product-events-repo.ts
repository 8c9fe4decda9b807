/** SQL for the local mirror of product events (owned by platform/product-events.ts). */
import { type Insertable, type Kysely, sql } from 'kysely';
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

/** A count of events for the founder dashboard's rollup: one UTC day, name, first-touch source and device. */
export interface EventDayCount {
  day: string;
  name: string;
  source: string;
  device_class: string;
  events: number;
}

/**
 * Events received after `after` (and up to `upto`, when given), counted per UTC day of occurrence,
 * name, first-touch source and device class. The first touch is the event's own (a session_started
 * carries it) or else the earliest session_started of its visitor session, else of its user; the
 * source is that touch's `source` (or `utm_source`), then the event's own attribution, else
 * `direct`; the device class is the touch's, else `unknown`.
 */
export async function countsReceived(
  q: Kysely<DB>,
  after: Date,
  upto: Date | null,
): Promise<EventDayCount[]> {
  const r = await sql<EventDayCount>`
    SELECT to_char(e.occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, e.name,
      left(coalesce(
        nullif(e.properties->'first_touch_attribution'->>'source', ''),
        nullif(e.properties->'first_touch_attribution'->>'utm_source', ''),
        ts.source, tu.source,
        nullif(e.properties->'source_attribution'->>'source', ''),
        nullif(e.properties->'source_attribution'->>'utm_source', ''),
        'direct'), 256) AS source,
      left(coalesce(nullif(e.properties->>'device_class', ''), ts.device_class, tu.device_class, 'unknown'), 32)
        AS device_class,
      count(*)::int AS events
    FROM product_events e
    LEFT JOIN LATERAL (
      SELECT coalesce(nullif(s.properties->'first_touch_attribution'->>'source', ''),
          nullif(s.properties->'first_touch_attribution'->>'utm_source', '')) AS source,
        nullif(s.properties->>'device_class', '') AS device_class
      FROM product_events s
      WHERE e.name <> 'session_started' AND e.session_id IS NOT NULL
        AND s.name = 'session_started' AND s.session_id = e.session_id
      ORDER BY s.occurred_at LIMIT 1
    ) ts ON true
    LEFT JOIN LATERAL (
      SELECT coalesce(nullif(s.properties->'first_touch_attribution'->>'source', ''),
          nullif(s.properties->'first_touch_attribution'->>'utm_source', '')) AS source,
        nullif(s.properties->>'device_class', '') AS device_class
      FROM product_events s
      WHERE e.name <> 'session_started' AND e.user_id IS NOT NULL
        AND s.name = 'session_started' AND s.user_id = e.user_id
      ORDER BY s.occurred_at LIMIT 1
    ) tu ON true
    WHERE e.received_at > ${after} ${upto ? sql`AND e.received_at <= ${upto}` : sql``}
    GROUP BY 1, 2, 3, 4`.execute(q);
  return r.rows;
}
