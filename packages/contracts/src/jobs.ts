/**
 * The job vocabulary (spec: the Job resource): the kinds of work the server queues and the states a
 * job goes through. Each kind's payload and result are declared with its handler on the server
 * (`defineJob`, apps/server/src/platform/jobs.ts); these names are what the API and the app see.
 */

/** The kinds of work the server queues; a job's `type`. */
export const JOB_TYPES = ['model', 'block_kit', 'translation', 'media_purge', 'payment_event'] as const;
export type JobType = (typeof JOB_TYPES)[number];

/**
 * A job's state. `succeeded` and `degraded` both finished with a usable result; `degraded` says part
 * of the request was not honoured (the job's `degraded_reason` says which). Terminal: succeeded,
 * degraded, failed, cancelled, dead. Only failed (retryable) and dead jobs may be retried.
 */
export const JOB_STATUSES = [
  'queued',
  'running',
  'succeeded',
  'degraded',
  'failed',
  'cancelled',
  'dead',
] as const;
/** The states a job never leaves (nothing more happens to it unless a failed or dead one is retried). */
export const TERMINAL_JOB_STATUSES = ['succeeded', 'degraded', 'failed', 'cancelled', 'dead'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
