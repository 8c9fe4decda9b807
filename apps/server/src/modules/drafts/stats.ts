/** What the drafts module tells the founder dashboard: drafts saved (created) per UTC day. */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { DayCount } from '../auth/stats';
import * as repo from './stats-repo';

export function draftsByDay(db: Kysely<DB>, from: Date, to: Date): Promise<DayCount[]> {
  return repo.draftsByDay(db, from, to);
}
