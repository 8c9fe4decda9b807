/**
 * What the jobs module tells the founder dashboard: jobs that ended failed or dead, per UTC day,
 * type and safe error code (the code the job recorded; `UNKNOWN` when it recorded none).
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import * as repo from './stats-repo';

export function failedJobs(
  db: Kysely<DB>,
  from: Date,
  to: Date,
): Promise<Array<{ day: string; type: string; error_code: string; n: number }>> {
  return repo.failedJobs(db, from, to);
}
