/** The job queue a runner works through (platform/jobs.ts JobQueue), over the jobs repo. */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { JobQueue } from '../../platform/jobs';
import * as repo from './repo';

export function createJobQueue(db: Kysely<DB>): JobQueue {
  return {
    deadLetterExpired: () => repo.deadLetterExpired(db),
    claim: (types, workerId, leaseMs) => repo.claimNext(db, types, workerId, leaseMs),
    async heartbeat(jobId, workerId, leaseMs) {
      const row = await repo.extendLease(db, jobId, workerId, leaseMs);
      return row ? { cancelRequested: row.cancel_requested_at !== null } : null;
    },
    saveProgress: async (jobId, workerId, progress) =>
      (await repo.writeProgress(db, jobId, workerId, progress)) ?? null,
    succeed: (jobId, workerId, result, effects) =>
      db.transaction().execute(async (trx) => {
        const row = await repo.markSucceeded(trx, jobId, workerId, result);
        if (!row) return null;
        await effects(trx, row);
        return row;
      }),
    fail: (jobId, workerId, outcome, effects) =>
      db.transaction().execute(async (trx) => {
        const { error } = outcome;
        if (outcome.retryInMs !== null) {
          return (
            (await repo.scheduleRetry(trx, jobId, workerId, {
              inMs: outcome.retryInMs,
              code: error.code,
              message: error.safeMessage,
            })) ?? null
          );
        }
        const row = await repo.markFailed(trx, jobId, workerId, {
          code: error.code,
          message: error.safeMessage,
          retryable: error.retryable,
          steps: outcome.steps,
        });
        if (!row) return null;
        await effects(trx, row);
        return row;
      }),
    markCancelled: async (jobId, workerId) => (await repo.markCancelled(db, jobId, workerId)) ?? null,
    handBack: async (jobId, workerId) => (await repo.handBack(db, jobId, workerId)) ?? null,
  };
}
