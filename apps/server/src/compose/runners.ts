/** The job runners' factory over every face's kinds of work (compose.ts hands it to the app). */
import { toJob } from '../modules/jobs/face';
import { createJobQueue } from '../modules/jobs/queue';
import type { JobDefinition, JobRow } from '../platform/jobs';
import type { AppJob, ModuleFace } from '../platform/module';
import { createJobRunner, type JobRunner } from '../workers/job-runner';

import type { composePlatform, ServiceDeps } from './platform';

export interface RunnerOptions {
  concurrency?: number;
  pollMs?: number;
  workerId?: string;
  leaseMs?: number;
  /** Kinds of work besides the app's own (tests define their own with defineJob). */
  extraJobs?: JobDefinition[];
}

/** A job's stored step (its `steps` column is JSON), or null when it is not one. */
function stepOf(step: unknown): { name: string; status: string } | null {
  if (typeof step !== 'object' || step === null || !('name' in step) || !('status' in step)) return null;
  const { name, status } = step;
  return typeof name === 'string' && typeof status === 'string' ? { name, status } : null;
}

/** The job runners' factory over every face's kinds of work. */
export function runnersOf(
  deps: ServiceDeps,
  faces: readonly ModuleFace[],
  parts: Pick<ReturnType<typeof composePlatform>, 'platform' | 'errorTracker' | 'wakers'>,
) {
  const { config, logger } = deps;
  const { errorTracker, wakers } = parts;
  const { db, events, publisher } = parts.platform;

  /** The app's kinds of work (each a contract job type), as the runner runs them. */
  const jobDefinitions: AppJob[] = faces.flatMap((face) => face.jobs ?? []);

  /** Every change of a job reaches its owner live; a final failure emits generation_job_failed. */
  const onJobChange = async (row: JobRow) => {
    if (row.owner_user_id) await publisher.publish(row.owner_user_id, 'job', toJob(row));
    if ((row.status === 'failed' || row.status === 'dead') && row.error_code) {
      const failedStep = (Array.isArray(row.steps) ? row.steps : [])
        .map(stepOf)
        .find((s) => s !== null && (s.status === 'failed' || s.status === 'running'));
      await events.emit(
        'generation_job_failed',
        {
          job_id: row.id,
          job_type: row.type,
          stage: failedStep?.name ?? row.current_step ?? 'unknown',
          safe_error_code: row.error_code,
          retryable: row.status === 'dead' || row.error_retryable === true,
        },
        { userId: row.owner_user_id, route: `job:${row.type}`, correlationId: row.correlation_id },
      );
    }
  };
  const queue = createJobQueue(db);
  const createRunner = (options: RunnerOptions = {}): JobRunner => {
    const runner = createJobRunner({
      queue,
      jobs: [...jobDefinitions, ...(options.extraJobs ?? [])],
      logger,
      leaseMs: options.leaseMs ?? config.jobs.leaseMs,
      concurrency: options.concurrency ?? config.jobs.concurrency,
      ...(options.pollMs ? { pollMs: options.pollMs } : {}),
      ...(options.workerId ? { workerId: options.workerId } : {}),
      onChange: onJobChange,
      // A handler that crashed (not a JobError) goes to the error tracker with the job's correlation id.
      onCrash: (err, job) =>
        errorTracker.capture({
          source: 'worker',
          kind: 'job',
          code: 'INTERNAL_ERROR',
          message: err instanceof Error ? err.message : String(err),
          stack: err instanceof Error ? err.stack : null,
          route: `job:${job.type}`,
          correlationId: job.correlation_id,
          actor: job.owner_user_id ? `user:${job.owner_user_id}` : null,
        }),
    });
    wakers.add(runner.poke);
    return runner;
  };

  return createRunner;
}
