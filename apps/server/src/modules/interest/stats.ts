/**
 * What the interest module tells the founder dashboard: reservations made per UTC day (with how
 * many of them are cancelled now), cancellations per day of cancelling, and reservations by the
 * source they came from (the attribution they carry, `share` for a share link, else `direct`).
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { DayCount } from '../auth/stats';
import * as repo from './stats-repo';

export function reservationsByDay(
  db: Kysely<DB>,
  from: Date,
  to: Date,
): Promise<Array<DayCount & { cancelled: number }>> {
  return repo.reservationsByDay(db, from, to);
}

export function cancellationsByDay(db: Kysely<DB>, from: Date, to: Date): Promise<DayCount[]> {
  return repo.cancellationsByDay(db, from, to);
}

export function reservationsBySource(
  db: Kysely<DB>,
  from: Date,
  to: Date,
): Promise<Array<{ source: string; n: number }>> {
  return repo.reservationsBySource(db, from, to);
}
