/** SQL for error events: the local error tracker's store, grouped for the founder. */
import { type Insertable, type Kysely, sql } from 'kysely';
import type { DB, ErrorEventsTable } from '../../db/schema';

export async function insertEvent(db: Kysely<DB>, values: Insertable<ErrorEventsTable>) {
  await db.insertInto('error_events').values(values).execute();
}

/** Every event of one correlation id, in order. */
export function byCorrelationId(db: Kysely<DB>, correlationId: string, limit: number) {
  return db
    .selectFrom('error_events')
    .selectAll()
    .where('correlation_id', '=', correlationId)
    .orderBy('occurred_at', 'asc')
    .limit(limit)
    .execute();
}

/** Events since a time grouped by fingerprint, with the latest of each group's details. */
export function groupsSince(db: Kysely<DB>, since: Date, source: string | undefined, limit: number) {
  let groups = db
    .selectFrom('error_events')
    .select([
      'fingerprint',
      sql<string>`(array_agg(source ORDER BY occurred_at DESC))[1]`.as('source'),
      sql<string>`(array_agg(kind ORDER BY occurred_at DESC))[1]`.as('kind'),
      sql<string | null>`(array_agg(code ORDER BY occurred_at DESC))[1]`.as('code'),
      sql<string>`(array_agg(message ORDER BY occurred_at DESC))[1]`.as('message'),
      sql<string | null>`(array_agg(route ORDER BY occurred_at DESC))[1]`.as('route'),
      sql<number>`count(*)::int`.as('count'),
      sql<Date>`min(occurred_at)`.as('first_seen'),
      sql<Date>`max(occurred_at)`.as('last_seen'),
      sql<string | null>`(array_agg(correlation_id ORDER BY occurred_at DESC))[1]`.as('last_correlation_id'),
    ])
    .where('occurred_at', '>=', since)
    .groupBy('fingerprint')
    .orderBy('last_seen', 'desc')
    .limit(limit);
  if (source) groups = groups.where('source', '=', source as 'server');
  return groups.execute();
}

/** Events recorded while these actors (`user:<id>`, `visitor:<id>`) used the app, oldest first. */
export function byActors(db: Kysely<DB>, actors: readonly string[]) {
  return db
    .selectFrom('error_events')
    .select(['occurred_at', 'source', 'kind', 'code', 'route', 'correlation_id'])
    .where('actor', 'in', [...actors])
    .orderBy('occurred_at')
    .execute();
}

/** The events stay (they are about the software) without saying whose request it was. */
export async function forgetActors(db: Kysely<DB>, actors: readonly string[]) {
  await db
    .updateTable('error_events')
    .set({ actor: null })
    .where('actor', 'in', [...actors])
    .execute();
}

/** Retention: deletes up to `limit` error events that happened before `before`; returns how many. */
export async function pruneBefore(db: Kysely<DB>, before: Date, limit: number): Promise<number> {
  const result = await sql`
    DELETE FROM error_events WHERE id IN (
      SELECT id FROM error_events WHERE occurred_at < ${before} LIMIT ${limit}
    )`.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}
