/**
 * SQL of the founder dashboard's read model: product events counted per UTC day, name, first-touch
 * source and device class (founder_event_days), and how far the rollup has gone (founder_rollup_state).
 */
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';

export interface DayRow {
  day: string;
  name: string;
  source: string;
  device_class: string;
  events: number;
}

/**
 * The mark, locked until the transaction ends, and the database's time less the settle lag; null
 * when another reader holds the lock (it is rolling up; this one reads what is not rolled up live).
 */
export async function lockMark(trx: Transaction<DB>, lagMs: number) {
  const r = await sql<{ rolled_up_to: Date; upto: Date }>`
    SELECT rolled_up_to, now() - make_interval(secs => ${lagMs / 1000}) AS upto
    FROM founder_rollup_state FOR UPDATE SKIP LOCKED`.execute(trx);
  const row = r.rows[0];
  return row ? { mark: new Date(row.rolled_up_to), upto: new Date(row.upto) } : null;
}

/** The mark and the database's time less the settle lag, without a lock. */
export async function peekMark(q: Kysely<DB>, lagMs: number) {
  const r = await sql<{ rolled_up_to: Date; upto: Date }>`
    SELECT rolled_up_to, now() - make_interval(secs => ${lagMs / 1000}) AS upto
    FROM founder_rollup_state`.execute(q);
  const row = r.rows[0];
  return { mark: new Date(row?.rolled_up_to ?? 0), upto: new Date(row?.upto ?? 0) };
}

export async function readMark(q: Kysely<DB>) {
  const r = await sql<{ rolled_up_to: Date }>`SELECT rolled_up_to FROM founder_rollup_state`.execute(q);
  return new Date(r.rows[0]?.rolled_up_to ?? 0);
}

/** Adds counts to the days (a new group is inserted, a known one grows). */
export async function addCounts(trx: Transaction<DB>, rows: readonly DayRow[], mark: Date) {
  for (let i = 0; i < rows.length; i += 500) {
    const batch = rows.slice(i, i + 500);
    await trx
      .insertInto('founder_event_days')
      .values(batch.map((r) => ({ ...r })))
      .onConflict((oc) =>
        oc
          .columns(['day', 'name', 'source', 'device_class'])
          .doUpdateSet({ events: sql`founder_event_days.events + excluded.events` }),
      )
      .execute();
  }
  await trx.updateTable('founder_rollup_state').set({ rolled_up_to: mark }).execute();
}

/** The rolled-up counts of the named events over whole UTC days [fromDay, toDay). */
export async function countsBetween(q: Kysely<DB>, fromDay: string, toDay: string, names: readonly string[]) {
  const r = await sql<DayRow>`
    SELECT to_char(day, 'YYYY-MM-DD') AS day, name, source, device_class, events
    FROM founder_event_days
    WHERE day >= ${fromDay}::date AND day < ${toDay}::date AND name IN (${sql.join([...names])})`.execute(q);
  return r.rows;
}

/**
 * The first UTC day with a rolled-up event the server recorded, if any (session_started is the
 * only event a client sends, with a time it chooses, so it does not say when the beta began).
 */
export async function firstDay(q: Kysely<DB>) {
  const r = await sql<{ day: string | null }>`
    SELECT to_char(min(day), 'YYYY-MM-DD') AS day FROM founder_event_days
    WHERE name <> 'session_started'`.execute(q);
  return r.rows[0]?.day ?? null;
}
