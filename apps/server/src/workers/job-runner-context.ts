/** What the job runner's loops and runs share: its options, its definitions and its live state. */
import type { Logger } from 'pino';
import type { JobDefinition, JobQueue, JobRow } from '../platform/jobs';
import type { JobChecks } from './job-checks';

export interface JobRunnerOptions {
  queue: JobQueue;
  /** The kinds of work this runner claims and runs (platform/jobs.ts defineJob). */
  jobs: JobDefinition[];
  logger: Logger;
  leaseMs: number;
  concurrency: number;
  pollMs?: number;
  workerId?: string;
  /** Called after every change a watcher may care about (progress, state). */
  onChange?: (job: JobRow) => void | Promise<void>;
  /**
   * Called when a handler crashed (an error that is not a JobError), or a payload or result did not
   * match its schema (a bug somewhere): the error tracker.
   */
  onCrash?: (err: unknown, job: JobRow) => void;
}

export interface KnownJob {
  definition: JobDefinition;
  checks: JobChecks;
}

export interface RunnerContext {
  options: JobRunnerOptions;
  queue: JobQueue;
  logger: Logger;
  workerId: string;
  definitions: Map<string, KnownJob>;
  types: string[];
  pollMs: number;
  running: boolean;
  /** One wake-up per idle loop: poke() wakes every one, not only the last to fall asleep. */
  sleepers: Set<() => void>;
  /** Counts pokes, so a loop poked between finding nothing and falling asleep looks again at once. */
  pokes: number;
  loops: Promise<void>[];
  /** The abort controller of each job running here. */
  active: Map<string, AbortController>;
  /** When expired leases were last swept for dead letters (ms since the epoch). */
  lastSweep: number;
}

export type StopReason = 'cancelled' | 'lease_lost' | 'shutdown';

export class JobStopped extends Error {
  constructor(readonly reason: StopReason) {
    super(reason);
  }
}

export function backoffMs(attempts: number): number {
  const base = Math.min(60_000, 1000 * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (0.75 + Math.random() * 0.5));
}

/** Tells the watcher of job changes; a failing watcher is logged, never the job's problem. */
export async function notify(rc: RunnerContext, job: JobRow | null | undefined): Promise<void> {
  if (job && rc.options.onChange) {
    try {
      await rc.options.onChange(job);
    } catch (err) {
      rc.logger.warn({ err, job_id: job.id }, 'job change listener failed');
    }
  }
}
