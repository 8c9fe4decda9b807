/**
 * Jobs as the owner sees them: create (idempotent by key, rate-limited per user), read, retry
 * when eligible, cancel cooperatively; plus the "Job queue stuck" figures for operations.
 */
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { JobEnqueuer } from '../../platform/jobs';
import type { SignedInUser } from '../../platform/viewer';
import type { JobsContext, JobsDeps } from './context';
import { cancel, enqueue, get, retry } from './owner-flows';
import { exportFor, queueHealth, recentFor, summary } from './queries';
import * as repo from './repo';

export { canRetry, toJob } from './job-view';

export function createJobsService(deps: JobsDeps) {
  const ctx: JobsContext = deps;
  const enqueueJob: JobEnqueuer['enqueue'] = (spec, input, trx) => enqueue(ctx, spec, input, trx);
  return {
    enqueue: enqueueJob,
    get: (jobId: string, user: SignedInUser) => get(ctx, jobId, user),
    retry: (jobId: string, user: SignedInUser) => retry(ctx, jobId, user),
    cancel: (jobId: string, user: SignedInUser) => cancel(ctx, jobId, user),
    /** Whether work for this resource of the owner is still queued or running. */
    hasActiveFor: (ownerUserId: string, resource: { type: string; id: string }, trx?: Transaction<DB>) =>
      repo.hasActiveFor(trx ?? ctx.db, ownerUserId, resource),
    exportFor: (userId: string) => exportFor(ctx, userId),
    recentFor: (userId: string, limit = 10) => recentFor(ctx, userId, limit),
    summary: (jobId: string) => summary(ctx, jobId),
    /** Wakes the job loops: jobs queued inside a transaction are claimable once it commits. */
    wake: () => deps.wake(),
    /** Erasing an account, in its transaction: the jobs it started are deleted (and stop). */
    eraseAllOf: (trx: Transaction<DB>, userId: string) => repo.deleteAllOf(trx, userId),
    /** Jobs by status, for the metrics gauge. */
    countByStatus: () => repo.countByStatus(ctx.db),
    /** The readiness probe of the queue table. */
    ping: () => repo.ping(ctx.db),
    queueHealth: () => queueHealth(ctx),
  };
}

export type JobsService = ReturnType<typeof createJobsService>;
