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

/** What the dispatcher reads of a claimed event. */
export interface DispatchRow {
  id: string;
  name: string;
  version: number;
  consent_class: 'essential' | 'analytics';
  emitter: 'server' | 'client';
  properties: Record<string, unknown>;
  user_id: string | null;
  session_id: string | null;
  route: string | null;
  source_attribution: Record<string, unknown>;
  occurred_at: Date;
}

/**
 * Claims up to `limit` undispatched events that are due (oldest received first) until `leaseUntil`,
 * counting the attempt. Rows another worker is claiming at the same moment are skipped (SKIP
 * LOCKED), and a claimed row is not due again before its lease ends, so two workers never hold the
 * same row at once.
 */
export async function claimForDispatch(
  db: Kysely<DB>,
  now: Date,
  leaseUntil: Date,
  limit: number,
): Promise<DispatchRow[]> {
  const result = await sql<DispatchRow>`
    UPDATE product_events SET dispatch_after = ${leaseUntil}, dispatch_attempts = dispatch_attempts + 1
    WHERE id IN (
      SELECT id FROM product_events
      WHERE dispatched_at IS NULL AND (dispatch_after IS NULL OR dispatch_after <= ${now})
      ORDER BY received_at, id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id, name, version, consent_class, emitter, properties, user_id, session_id, route,
      source_attribution, occurred_at`.execute(db);
  return result.rows
    .map((r) => ({ ...r, occurred_at: new Date(r.occurred_at) }))
    .sort((a, b) => a.occurred_at.getTime() - b.occurred_at.getTime() || a.id.localeCompare(b.id));
}

/** The provider accepted these events. */
export async function markDispatched(db: Kysely<DB>, ids: readonly string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('product_events')
    .set({ dispatched_at: now, dispatch_after: null })
    .where('id', 'in', [...ids])
    .execute();
}

/** The provider failed: the events are due again at `retryAt`. */
export async function postpone(db: Kysely<DB>, ids: readonly string[], retryAt: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('product_events')
    .set({ dispatch_after: retryAt })
    .where('id', 'in', [...ids])
    .where('dispatched_at', 'is', null)
    .execute();
}

/** Makes up to `limit` dispatched events that occurred at or after `from` due again; returns how many. */
export async function requeueBatch(db: Kysely<DB>, from: Date, limit: number): Promise<number> {
  const result = await sql`
    UPDATE product_events SET dispatched_at = NULL, dispatch_after = NULL
    WHERE id IN (
      SELECT id FROM product_events
      WHERE occurred_at >= ${from} AND dispatched_at IS NOT NULL
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )`.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}

/** How many events wait for dispatch (due or not). */
export async function undispatchedCount(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('product_events')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('dispatched_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Deletes up to `limit` events that occurred before `before` (retention); returns how many. */
export async function pruneBefore(db: Kysely<DB>, before: Date, limit: number): Promise<number> {
  const result = await sql`
    DELETE FROM product_events WHERE id IN (
      SELECT id FROM product_events WHERE occurred_at < ${before} LIMIT ${limit}
    )`.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}

/** A failed dispatch: starts the failure period unless one is running; returns its start. */
export async function recordFailure(db: Kysely<DB>, now: Date, error: string): Promise<Date> {
  const row = await sql<{ failing_since: Date }>`
    UPDATE analytics_dispatch_state
    SET failing_since = coalesce(failing_since, ${now}), last_failure_at = ${now},
      last_error = ${error.slice(0, 500)}
    WHERE id = 1
    RETURNING failing_since`.execute(db);
  const since = row.rows[0]?.failing_since;
  return since ? new Date(since) : now;
}

/** A successful dispatch: ends the failure period; returns when it had started (null if none). */
export async function recordSuccess(db: Kysely<DB>, now: Date): Promise<Date | null> {
  const row = await sql<{ was: Date | null }>`
    UPDATE analytics_dispatch_state AS s
    SET failing_since = NULL, last_success_at = ${now}, last_error = NULL
    FROM (SELECT failing_since AS was FROM analytics_dispatch_state WHERE id = 1 FOR UPDATE) AS old
    WHERE s.id = 1
    RETURNING old.was`.execute(db);
  const was = row.rows[0]?.was;
  return was ? new Date(was) : null;
}

export function dispatchState(db: Kysely<DB>) {
  return db.selectFrom('analytics_dispatch_state').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
}
