/**
 * One run of a claimed job: its heartbeat, its steps and progress writes, the handler, and how the
 * run ends (succeeded, cancelled, handed back, retried or failed). Every write is fenced by the
 * lease owner (the runner's worker id).
 */
import type { Logger } from 'pino';
import { runCorrelated } from '../platform/correlation';
import {
  type JobContext,
  type JobDefinition,
  JobError,
  type JobRow,
  type JobStepState,
} from '../platform/jobs';
import { type Checked, type JobChecks, payloadInvalid, resultInvalid } from './job-checks';
import { backoffMs, JobStopped, type KnownJob, notify, type RunnerContext } from './job-runner-context';

/** One job running here: its checks, its abort controller, its steps and its pending writes. */
interface JobRun {
  job: JobRow;
  definition: JobDefinition;
  checks: JobChecks;
  /** The stored payload checked against its schema before anything runs. */
  stored: Checked<unknown>;
  controller: AbortController;
  log: Logger;
  steps: JobStepState[];
  lastWrite: number;
  /**
   * Progress writes and their notifications happen one after another, in order, so a watcher
   * never sees an older state after a newer one; completion waits for them.
   */
  writes: Promise<void>;
  degradedReason: string | null;
}

/** Runs a claimed job to its end; a kind this runner does not know is left alone. */
export async function executeJob(rc: RunnerContext, job: JobRow): Promise<void> {
  const known = rc.definitions.get(job.type);
  if (!known) return;
  const run = openRun(rc, job, known);
  const heartbeat = startHeartbeat(rc, run);
  try {
    await runToCompletion(rc, run);
  } catch (err) {
    await endStoppedOrFailed(rc, run, err);
  } finally {
    clearInterval(heartbeat);
    rc.active.delete(job.id);
  }
}

function openRun(rc: RunnerContext, job: JobRow, { definition, checks }: KnownJob): JobRun {
  // Checked before anything runs; a mismatch fails the job, through the one failure path.
  const stored = checks.payload(job.payload);
  const controller = new AbortController();
  rc.active.set(job.id, controller);
  return {
    job,
    definition,
    checks,
    stored,
    controller,
    log: rc.logger.child({ job_id: job.id, worker: job.type, correlation_id: job.correlation_id }),
    steps: (job.steps as JobStepState[]).map((s) => ({ ...s })),
    lastWrite: 0,
    writes: Promise.resolve(),
    degradedReason: null,
  };
}

/** Renews the lease; a lost lease or a cancel request aborts the run. */
function startHeartbeat(rc: RunnerContext, run: JobRun): ReturnType<typeof setInterval> {
  return setInterval(
    async () => {
      try {
        const row = await rc.queue.heartbeat(run.job.id, rc.workerId, rc.options.leaseMs);
        if (!row) run.controller.abort(new JobStopped('lease_lost'));
        else if (row.cancelRequested) run.controller.abort(new JobStopped('cancelled'));
      } catch (err) {
        run.log.warn({ err }, 'heartbeat failed');
      }
    },
    Math.max(100, Math.floor(rc.options.leaseMs / 3)),
  );
}

function overallProgress(steps: JobStepState[]): number {
  return steps.length
    ? steps.reduce((sum, s) => sum + (s.status === 'done' || s.status === 'skipped' ? 1 : s.progress), 0) /
        steps.length
    : 0;
}

/** Queues a progress write (at most one each 250 ms unless forced), in order after the earlier ones. */
function saveProgress(rc: RunnerContext, run: JobRun, current: string | null, force: boolean): Promise<void> {
  const now = Date.now();
  if (!force && now - run.lastWrite < 250) return run.writes;
  run.lastWrite = now;
  const snapshot = {
    steps: run.steps.map((s) => ({ ...s })),
    current,
    progress: Math.min(1, overallProgress(run.steps)),
  };
  run.writes = run.writes.then(async () => {
    try {
      const row = await rc.queue.saveProgress(run.job.id, rc.workerId, snapshot);
      if (!row) run.controller.abort(new JobStopped('lease_lost'));
      else await notify(rc, row);
    } catch (err) {
      run.log.warn({ err }, 'progress write failed');
    }
  });
  return run.writes;
}

function checkStopped(run: JobRun): void {
  if (run.controller.signal.aborted) {
    const reason = run.controller.signal.reason;
    throw reason instanceof JobStopped ? reason : new JobStopped('shutdown');
  }
}

function stateOf(run: JobRun, name: string): JobStepState {
  let state = run.steps.find((s) => s.name === name);
  if (!state) {
    state = { name, status: 'pending', progress: 0 };
    run.steps.push(state);
  }
  return state;
}

/**
 * Makes `name` the one running step: the step that ran before it is done, and a step listed
 * before it that never ran is skipped. So the current step, "step n of N", only moves forward
 * and agrees with the overall progress (a step shown as current never follows one at 0 %).
 */
function beginStep(run: JobRun, name: string): JobStepState {
  const state = stateOf(run, name);
  const index = run.steps.indexOf(state);
  run.steps.forEach((s, i) => {
    if (s === state) return;
    if (s.status === 'running') {
      s.status = 'done';
      s.progress = 1;
    } else if (s.status === 'pending' && i < index) s.status = 'skipped';
  });
  state.status = 'running';
  state.progress = 0;
  return state;
}

/** What the handler is given: the job, its payload, the abort signal and its steps and progress. */
function jobContext(rc: RunnerContext, run: JobRun): JobContext {
  return {
    job: run.job,
    payload: run.stored.ok ? run.stored.value : undefined,
    signal: run.controller.signal,
    logger: run.log,
    degrade(reason) {
      const text = reason.trim();
      run.degradedReason = text.length > 0 ? text.slice(0, 2000) : 'Part of the request was not honoured.';
    },
    async enter(name) {
      checkStopped(run);
      beginStep(run, name);
      await saveProgress(rc, run, name, true);
    },
    progress(fraction) {
      const state = run.steps.find((s) => s.status === 'running');
      if (!state) return;
      state.progress = Math.max(0, Math.min(1, fraction));
      void saveProgress(rc, run, state.name, false);
    },
    async step(name, work) {
      checkStopped(run);
      const current = beginStep(run, name);
      await saveProgress(rc, run, name, true);
      const result = await work((fraction) => {
        current.progress = Math.max(0, Math.min(1, fraction));
        void saveProgress(rc, run, name, false);
      });
      checkStopped(run);
      current.status = 'done';
      current.progress = 1;
      // Not forced: the next step's start, or the job's completion, records it.
      void saveProgress(rc, run, name, false);
      return result;
    },
  };
}

/** A schema mismatch is a bug somewhere: logged and reported, and the job fails safely. */
function mismatch(
  rc: RunnerContext,
  run: JobRun,
  what: 'payload' | 'result',
  problems: string[],
  error: JobError,
): JobError {
  run.log.error({ stage: 'job', error_code: error.code, problems }, `job ${what} does not match its schema`);
  rc.options.onCrash?.(new Error(`job ${what} does not match its schema: ${problems.join('; ')}`), run.job);
  return error;
}

/** Runs the handler and records its result; throws when the run stopped or failed. */
async function runToCompletion(rc: RunnerContext, run: JobRun): Promise<void> {
  const { job, definition, stored } = run;
  if (!stored.ok) throw mismatch(rc, run, 'payload', stored.problems, payloadInvalid());
  const started = performance.now();
  // Provider calls made by the handler are logged and reported under the job's correlation id.
  const returned = await runCorrelated(
    { correlationId: job.correlation_id ?? job.id, source: 'worker' },
    () => definition.run(jobContext(rc, run)),
  );
  await run.writes;
  checkStopped(run);
  const result = run.checks.result(returned);
  if (!result.ok) throw mismatch(rc, run, 'result', result.problems, resultInvalid());
  const artefacts = result.value;
  const done = await rc.queue.succeed(
    job.id,
    rc.workerId,
    {
      artefacts,
      degradedReason: run.degradedReason,
      steps: run.steps.map((s) =>
        s.status === 'pending'
          ? { ...s, status: 'skipped' as const }
          : s.status === 'running'
            ? { ...s, status: 'done' as const, progress: 1 }
            : s,
      ),
    },
    async (trx, row) => {
      await definition.onSucceeded?.(trx, { ...row, payload: stored.value }, artefacts);
    },
  );
  if (done)
    run.log.info(
      { stage: 'job', status: done.status, duration_ms: Math.round(performance.now() - started) },
      `job ${done.status}`,
    );
  await notify(rc, done);
}

/** After a thrown run: a lost lease, a cancel, a shutdown (handed back), or a failure. */
async function endStoppedOrFailed(rc: RunnerContext, run: JobRun, err: unknown): Promise<void> {
  await run.writes;
  const { job, log, controller } = run;
  const stopped =
    err instanceof JobStopped
      ? err
      : controller.signal.reason instanceof JobStopped
        ? controller.signal.reason
        : null;
  if (stopped?.reason === 'lease_lost') {
    log.warn({ stage: 'job' }, 'lease lost; another worker owns the job now');
  } else if (stopped?.reason === 'cancelled') {
    const row = await rc.queue.markCancelled(job.id, rc.workerId);
    log.info({ stage: 'job', status: 'cancelled' }, 'job cancelled');
    await notify(rc, row);
  } else if (stopped?.reason === 'shutdown') {
    // Hand the job back at once rather than waiting for the lease to expire.
    const row = await rc.queue.handBack(job.id, rc.workerId);
    await notify(rc, row);
  } else {
    await recordFailure(rc, run, err);
  }
}

/** A failed run: retried later while it may be, failed for good otherwise (a crash is reported). */
async function recordFailure(rc: RunnerContext, run: JobRun, err: unknown): Promise<void> {
  const { job, log, definition, stored } = run;
  const failure =
    err instanceof JobError
      ? err
      : new JobError(
          'INTERNAL_ERROR',
          'Something went wrong while processing. Trying again may help.',
          true,
          {
            cause: err,
          },
        );
  if (!(err instanceof JobError)) {
    log.error({ err, stage: 'job' }, 'job crashed');
    rc.options.onCrash?.(err, job);
  }
  const retryAgain = failure.retryable && job.attempts < job.max_attempts;
  const row = await rc.queue.fail(
    job.id,
    rc.workerId,
    retryAgain
      ? { retryInMs: backoffMs(job.attempts), error: failure }
      : {
          retryInMs: null,
          error: failure,
          steps: run.steps.map((s) => (s.status === 'running' ? { ...s, status: 'failed' as const } : s)),
        },
    async (trx, updated) => {
      // A payload that did not match its schema gives the handler nothing to act on.
      if (stored.ok) await definition.onFailed?.(trx, { ...updated, payload: stored.value }, failure);
    },
  );
  log.info(
    { stage: 'job', status: retryAgain ? 'retry_scheduled' : 'failed', error_code: failure.code },
    'job failed',
  );
  await notify(rc, row);
}
