/**
 * What the drafts module tells the founder dashboard: drafts saved (created) per UTC day, and the
 * "Upload validation spike" signal's figures.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { DayCount } from '../auth/stats';
import type { DraftsContext } from './context';
import * as draftsRepo from './repo';
import * as repo from './stats-repo';

export function draftsByDay(db: Kysely<DB>, from: Date, to: Date): Promise<DayCount[]> {
  return repo.draftsByDay(db, from, to);
}

/** The "Upload validation spike" signal: checked upload drafts made in [from, to), and the invalid ones. */
export function uploadValidation(ctx: DraftsContext, from: Date, to: Date) {
  return draftsRepo.uploadValidationCounts(ctx.db, from, to);
}
