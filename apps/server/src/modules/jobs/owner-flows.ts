/** Queueing jobs, and what their owners do with them: read, retry and cancel. */
import type { Job, JobType } from '@kitwright/contracts';
import type { Transaction } from 'kysely';
import type { Static, TSchema } from 'typebox';
import type { DB } from '../../db/schema';
import { AppError } from '../../platform/errors';
import type { EnqueueInput, JobRow, JobSpec } from '../../platform/jobs';
import { hasRole, type SignedInUser } from '../../platform/viewer';
import { findOwned, HOUR, type JobsContext, spend } from './context';
import { canRetry, toJob } from './job-view';
import * as repo from './repo';

/**
 * Queues a job of a declared kind (platform/jobs.ts jobSpec): the payload is the kind's payload
 * type, checked by the compiler here and by the runner against the schema before it runs.
 */
export async function enqueue<S extends JobSpec<TSchema, TSchema, JobType>>(
  ctx: JobsContext,
  spec: S,
  input: EnqueueInput<Static<S['payload']>>,
  trx?: Transaction<DB>,
): Promise<{ job: JobRow; created: boolean }> {
  const q = trx ?? ctx.db;
  const existing = async () =>
    input.idempotencyKey
      ? repo.findByIdempotencyKey(q, {
          type: spec.type,
          idempotencyKey: input.idempotencyKey,
          ownerUserId: input.ownerUserId,
        })
      : undefined;
  const before = await existing();
  if (before) return { job: before, created: false };
  if (input.ownerUserId) await spend(ctx, input.ownerUserId);
  const job = await repo.insertJob(
    q,
    { ...input, type: spec.type, steps: input.steps ?? spec.steps },
    ctx.config.jobs.maxAttempts,
  );
  if (job) {
    ctx.wake();
    return { job, created: true };
  }
  // A concurrent request with the same key made it: a repeat, which costs nothing.
  if (input.ownerUserId) await ctx.limiter.refund(`jobs:${input.ownerUserId}`, HOUR);
  const raced = await existing();
  if (!raced) throw new AppError('CONFLICT');
  return { job: raced, created: false };
}

export async function get(ctx: JobsContext, jobId: string, user: SignedInUser): Promise<Job> {
  return toJob(await findOwned(ctx, jobId, user));
}

export async function retry(ctx: JobsContext, jobId: string, user: SignedInUser): Promise<Job> {
  const row = await findOwned(ctx, jobId, user);
  // A retry runs the work again, so it costs like a new job; staff retrying after an incident
  // are operating the queue and are not limited.
  if (canRetry(row) && !hasRole(user.role, 'staff')) await spend(ctx, user.id);
  const updated = await repo.requeueForRetry(ctx.db, row.id);
  if (!updated) {
    throw new AppError('INVALID_STATE', 'Only a job that failed for a reason that may pass can be retried.', {
      status: row.status,
    });
  }
  ctx.wake();
  return toJob(updated);
}

export async function cancel(ctx: JobsContext, jobId: string, user: SignedInUser): Promise<Job> {
  const row = await findOwned(ctx, jobId, user);
  const queued = await repo.cancelQueued(ctx.db, row.id);
  if (queued) return toJob(queued);
  // A running job stops at its next step boundary; the worker records the cancellation.
  const running = await repo.requestCancel(ctx.db, row.id);
  if (running) return toJob(running);
  throw new AppError('INVALID_STATE', 'This job has already finished.', { status: row.status });
}
