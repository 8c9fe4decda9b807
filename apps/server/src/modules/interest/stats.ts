/**
 * What the interest module tells the founder dashboard: reservations made per UTC day and source
 * (the attribution they carry, `share` for a share link, else `direct`) with how many of them are
 * cancelled now, and cancellations per day of cancelling.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { DayCount } from '../auth/stats';
import * as repo from './stats-repo';

export function reservationsMade(
  db: Kysely<DB>,
  from: Date,
  to: Date,
): Promise<Array<DayCount & { source: string; cancelled: number }>> {
  return repo.reservationsMade(db, from, to);
}

export function cancellationsByDay(db: Kysely<DB>, from: Date, to: Date): Promise<DayCount[]> {
  return repo.cancellationsByDay(db, from, to);
}
