/**
 * SQL of the reservation figures the founder dashboard counts: per day from interest_reservation_days,
 * and a period's households and flagged bursts from the reservations themselves.
 */
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * Reservations made per UTC day, source (the attribution they carry, `share` for a share link,
 * else `direct`) and reserver tier (verified account, unverified account, visitor session) in whole UTC days [fromDay, toDay), with how many of them are cancelled now, and
 * the cancellations made on each day. The trigger of migration 0018 keeps the days equal to the rows.
 */
export async function reservationDays(db: Kysely<DB>, fromDay: string, toDay: string) {
  const r = await sql<{
    day: string;
    source: string;
    trust: 'verified' | 'account' | 'visitor';
    made: number;
    made_cancelled: number;
    cancellations: number;
  }>`
    SELECT to_char(day, 'YYYY-MM-DD') AS day, source_label AS source, reserver_trust AS trust, made, made_cancelled,
      cancellations
    FROM interest_reservation_days
    WHERE day >= ${fromDay}::date AND day < ${toDay}::date
      AND (made > 0 OR cancellations > 0)
    ORDER BY 1, 2, 3`.execute(db);
  return r.rows;
}

/**
 * The reservations made in [from, to): all of them, the distinct households (network fingerprints)
 * among those not flagged for review, and the flagged ones (bursts from one network). A
 * reservation without a fingerprint (made before migration 0016) is in the raw count only.
 */
export async function reservationHouseholds(db: Kysely<DB>, from: Date, to: Date) {
  return db
    .selectFrom('interest_reservations')
    .select([
      sql<number>`count(*)::int`.as('raw'),
      sql<number>`count(DISTINCT network_fingerprint) FILTER (WHERE review_flag IS NULL)::int`.as(
        'households',
      ),
      sql<number>`count(*) FILTER (WHERE review_flag IS NOT NULL)::int`.as('flagged'),
    ])
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .executeTakeFirstOrThrow();
}
