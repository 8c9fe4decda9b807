/**
 * Jobs as the owner sees them: create (idempotent by key, rate-limited per user), read, retry
 * when eligible, cancel cooperatively; plus the "Job queue stuck" figures for operations.
 */
import { type Job, type JobType, type QueueHealth, TERMINAL_JOB_STATUSES } from '@kitwright/contracts';

import type { Kysely, Transaction } from 'kysely';
import type { Config } from '../../config';
import type { DB } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { isUuid } from '../../platform/ids';
import type { JobEnqueuer, JobRow, JobStepState } from '../../platform/jobs';
import { type RateLimiter, rateLimitedError } from '../../platform/rate-limits';
import { hasRole, type SignedInUser } from '../../platform/viewer';
import * as repo from './repo';

const TERMINAL = new Set<string>(TERMINAL_JOB_STATUSES);

/** Only a failed-but-retryable or dead job is retried; succeeded and degraded ones finished. */
export function canRetry(row: Pick<JobRow, 'status' | 'error_retryable'>): boolean {
  return row.status === 'dead' || (row.status === 'failed' && row.error_retryable === true);
}

export function toJob(row: JobRow): Job {
  return {
    id: row.id,
    type: row.type as JobType,
    status: row.status,
    resource: row.resource_type && row.resource_id ? { type: row.resource_type, id: row.resource_id } : null,
    idempotency_key: row.idempotency_key,
    steps: row.steps as JobStepState[],
    current_step: row.current_step,
    progress: Math.round(row.progress * 1000) / 1000,
    attempts: row.attempts,
    max_attempts: row.max_attempts,
    retries: row.retries,
    lease_expires_at: row.lease_expires_at?.toISOString() ?? null,
    error: row.error_code
      ? { code: row.error_code, message: row.error_message ?? '', retryable: row.error_retryable === true }
      : null,
    degraded_reason: row.status === 'degraded' ? (row.degraded_reason ?? '') : null,
    artefacts: row.artefacts,
    can_retry: canRetry(row),
    can_cancel: !TERMINAL.has(row.status),
    cancel_requested: row.cancel_requested_at !== null,
    created_at: row.created_at.toISOString(),
    started_at: row.started_at?.toISOString() ?? null,
    finished_at: row.finished_at?.toISOString() ?? null,
  };
}

const HOUR = 3600_000;

export function createJobsService(deps: {
  db: Kysely<DB>;
  limiter: RateLimiter;
  config: Config;
  wake: () => void;
}) {
  const { db, config } = deps;

  /** Starting work (a new job, or a retry) counts against the person's hourly budget. */
  async function spend(userId: string) {
    const decision = await deps.limiter.hit(`jobs:${userId}`, config.jobs.perUserPerHour, HOUR);
    if (!decision.allowed)
      throw rateLimitedError(
        decision,
        'You have started a lot of processing in the last hour. Try again later.',
      );
  }

  async function findOwned(jobId: string, user: SignedInUser): Promise<JobRow> {
    if (!isUuid(jobId)) throw new AppError('NOT_FOUND');
    const row = await repo.findJob(db, jobId);
    // Someone else's job is indistinguishable from no job, unless staff are looking.
    if (!row || (row.owner_user_id !== user.id && !hasRole(user.role, 'staff')))
      throw new AppError('NOT_FOUND');
    return row;
  }

  /**
   * Queues a job of a declared kind (platform/jobs.ts jobSpec): the payload is the kind's payload
   * type, checked by the compiler here and by the runner against the schema before it runs.
   */
  const enqueue: JobEnqueuer['enqueue'] = async (spec, input, trx) => {
    const q = trx ?? db;
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
    if (input.ownerUserId) await spend(input.ownerUserId);
    const job = await repo.insertJob(
      q,
      { ...input, type: spec.type, steps: input.steps ?? spec.steps },
      config.jobs.maxAttempts,
    );
    if (job) {
      deps.wake();
      return { job, created: true };
    }
    // A concurrent request with the same key made it: a repeat, which costs nothing.
    if (input.ownerUserId) await deps.limiter.refund(`jobs:${input.ownerUserId}`, HOUR);
    const raced = await existing();
    if (!raced) throw new AppError('CONFLICT');
    return { job: raced, created: false };
  };

  return {
    enqueue,

    async get(jobId: string, user: SignedInUser): Promise<Job> {
      return toJob(await findOwned(jobId, user));
    },

    async retry(jobId: string, user: SignedInUser): Promise<Job> {
      const row = await findOwned(jobId, user);
      // A retry runs the work again, so it costs like a new job; staff retrying after an incident
      // are operating the queue and are not limited.
      if (canRetry(row) && !hasRole(user.role, 'staff')) await spend(user.id);
      const updated = await repo.requeueForRetry(db, row.id);
      if (!updated) {
        throw new AppError(
          'INVALID_STATE',
          'Only a job that failed for a reason that may pass can be retried.',
          { status: row.status },
        );
      }
      deps.wake();
      return toJob(updated);
    },

    async cancel(jobId: string, user: SignedInUser): Promise<Job> {
      const row = await findOwned(jobId, user);
      const queued = await repo.cancelQueued(db, row.id);
      if (queued) return toJob(queued);
      // A running job stops at its next step boundary; the worker records the cancellation.
      const running = await repo.requestCancel(db, row.id);
      if (running) return toJob(running);
      throw new AppError('INVALID_STATE', 'This job has already finished.', { status: row.status });
    },

    /** Whether work for this resource of the owner is still queued or running. */
    hasActiveFor: (ownerUserId: string, resource: { type: string; id: string }, trx?: Transaction<DB>) =>
      repo.hasActiveFor(trx ?? db, ownerUserId, resource),

    /** Every job a person started, in short (their account export). */
    async exportFor(userId: string) {
      return (await repo.allOf(db, userId)).map((r) => ({
        id: r.id,
        type: r.type,
        status: r.status,
        resource: r.resource_type && r.resource_id ? { type: r.resource_type, id: r.resource_id } : null,
        error_code: r.error_code,
        created_at: r.created_at.toISOString(),
        finished_at: r.finished_at?.toISOString() ?? null,
      }));
    },

    /** A person's recent jobs with safe error codes only (what support staff see about them). */
    async recentFor(userId: string, limit = 10) {
      return (await repo.recentOf(db, userId, limit)).map((r) => ({
        id: r.id,
        type: r.type,
        status: r.status,
        error_code: r.error_code,
        created_at: r.created_at.toISOString(),
        finished_at: r.finished_at?.toISOString() ?? null,
      }));
    },

    /** One job in short (a support conversation about it), or null. */
    async summary(jobId: string) {
      const row = isUuid(jobId) ? await repo.findJob(db, jobId) : undefined;
      return row
        ? { id: row.id, type: row.type, status: row.status, owner_user_id: row.owner_user_id }
        : null;
    },

    /** Wakes the job loops: jobs queued inside a transaction are claimable once it commits. */
    wake: () => deps.wake(),

    /** Erasing an account, in its transaction: the jobs it started are deleted (and stop). */
    eraseAllOf: (trx: Transaction<DB>, userId: string) => repo.deleteAllOf(trx, userId),

    /** Jobs by status, for the metrics gauge. */
    countByStatus: () => repo.countByStatus(db),

    /** The readiness probe of the queue table. */
    ping: () => repo.ping(db),

    async queueHealth(): Promise<QueueHealth> {
      const windowHours = config.jobs.deadLetterWindowHours;
      // Only recent dead letters count (repo.queueFigures): a dead job stays dead, and counting all
      // of them would keep the alert open forever once the threshold was passed.
      const r = await repo.queueFigures(db, windowHours);
      const p95 = Math.round(Number(r.p95 ?? 0) * 10) / 10;
      return {
        queued: r.queued,
        running: r.running,
        dead: r.dead,
        queue_age_p95_seconds: p95,
        limits: {
          queue_age_p95_seconds: config.jobs.queueAgeP95LimitSeconds,
          dead_letters: config.jobs.deadLetterThreshold,
          dead_letter_window_hours: windowHours,
        },
        stuck: p95 > config.jobs.queueAgeP95LimitSeconds || r.dead > config.jobs.deadLetterThreshold,
      };
    },
  };
}

export type JobsService = ReturnType<typeof createJobsService>;
