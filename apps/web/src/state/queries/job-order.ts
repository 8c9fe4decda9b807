/**
 * Which of two answers about one job is the newer. A job's state reaches the app twice, pushed
 * over the socket and read by the poll; an answer read before a push can arrive after it, and
 * showing it would move the job backwards ("Step 6 of 6", then step 5 at 0 %). A job only moves
 * forward within one attempt, so the answer further along wins; a retry or a new attempt starts
 * again and always wins.
 */
import type { Job } from '@kitwright/contracts';
import { TERMINAL_JOB_STATUSES } from '@kitwright/contracts/constants';

const FINISHED = new Set<Job['status']>(TERMINAL_JOB_STATUSES);

function rank(job: Job): number {
  return job.status === 'queued' ? 0 : job.status === 'running' ? 1 : 2;
}

function stepIndex(job: Job): number {
  return job.steps.findIndex((s) => s.name === job.current_step);
}

/** The answer to keep: `next`, unless it is an older state of the same attempt than `before`. */
export function newerJob(before: Job | undefined, next: Job): Job {
  if (!before || before.id !== next.id) return next;
  if (next.retries !== before.retries || next.attempts !== before.attempts)
    return next.retries > before.retries ||
      (next.retries === before.retries && next.attempts > before.attempts)
      ? next
      : before;
  if (rank(next) !== rank(before)) return rank(next) > rank(before) ? next : before;
  if (FINISHED.has(next.status)) return next;
  if (next.cancel_requested !== before.cancel_requested) return next.cancel_requested ? next : before;
  if (stepIndex(next) !== stepIndex(before)) return stepIndex(next) > stepIndex(before) ? next : before;
  return next.progress >= before.progress ? next : before;
}
