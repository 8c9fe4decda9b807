/**
 * What the interest module tells the founder dashboard, per UTC day and source (the attribution a
 * reservation carries, `share` for a share link, else `direct`): reservations made, how many of those
 * are cancelled now, and cancellations made that day. Whole UTC days only (`YYYY-MM-DD`, to exclusive).
 * And for a period, the figures the Success target is judged on: raw, distinct households, flagged.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import * as repo from './stats-repo';

export interface ReservationDay {
  day: string;
  source: string;
  /** Who made them: a verified account, an unverified account, or a visitor session. */
  trust: 'verified' | 'account' | 'visitor';
  made: number;
  made_cancelled: number;
  cancellations: number;
}

export function reservationDays(db: Kysely<DB>, fromDay: string, toDay: string): Promise<ReservationDay[]> {
  return repo.reservationDays(db, fromDay, toDay);
}

/** Reservations made in a period: raw, distinct households among the unflagged, and flagged. */
export interface ReservationHouseholds {
  raw: number;
  /** Distinct network fingerprints among the reservations not flagged for review (as the demand review counts households). */
  households: number;
  /** Flagged for review: one of a burst from one network on one listing. */
  flagged: number;
}

export function reservationHouseholds(db: Kysely<DB>, from: Date, to: Date): Promise<ReservationHouseholds> {
  return repo.reservationHouseholds(db, from, to);
}
