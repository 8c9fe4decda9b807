/** What the auth module tells the founder dashboard: sign-ups (user role) per UTC day in a period. */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import * as repo from './stats-repo';

export interface DayCount {
  day: string;
  n: number;
}

export function signUpsByDay(db: Kysely<DB>, from: Date, to: Date): Promise<DayCount[]> {
  return repo.signUpsByDay(db, from, to);
}
