/** What the jobs flows share: their dependencies, the hourly budget and the owner check. */
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { DB } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { isUuid } from '../../platform/ids';
import type { JobRow } from '../../platform/jobs';
import { type RateLimiter, rateLimitedError } from '../../platform/rate-limits';
import { hasRole, type SignedInUser } from '../../platform/viewer';
import * as repo from './repo';

export interface JobsDeps {
  db: Kysely<DB>;
  limiter: RateLimiter;
  config: Config;
  wake: () => void;
}

export type JobsContext = JobsDeps;

export const HOUR = 3600_000;

/** Starting work (a new job, or a retry) counts against the person's hourly budget. */
export async function spend(ctx: JobsContext, userId: string) {
  const decision = await ctx.limiter.hit(`jobs:${userId}`, ctx.config.jobs.perUserPerHour, HOUR);
  if (!decision.allowed)
    throw rateLimitedError(
      decision,
      'You have started a lot of processing in the last hour. Try again later.',
    );
}

export async function findOwned(ctx: JobsContext, jobId: string, user: SignedInUser): Promise<JobRow> {
  if (!isUuid(jobId)) throw new AppError('NOT_FOUND');
  const row = await repo.findJob(ctx.db, jobId);
  // Someone else's job is indistinguishable from no job, unless staff are looking.
  if (!row || (row.owner_user_id !== user.id && !hasRole(user.role, 'staff')))
    throw new AppError('NOT_FOUND');
  return row;
}
