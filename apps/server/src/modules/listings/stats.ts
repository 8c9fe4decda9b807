/**
 * What the listings module tells the founder dashboard: listings published with public visibility
 * per UTC day (a listing counts on the day it was first published, whatever it became later).
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { DayCount } from '../auth/stats';
import * as repo from './stats-repo';

export function publicPublishedByDay(db: Kysely<DB>, from: Date, to: Date): Promise<DayCount[]> {
  return repo.publicPublishedByDay(db, from, to);
}
