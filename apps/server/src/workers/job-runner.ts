/**
 * The durable job runner (ARCHITECTURE.md, Jobs): workers claim jobs with FOR UPDATE SKIP LOCKED,
 * hold a lease that a heartbeat renews, and a job whose lease expired is claimed again (attempts
 * + 1) until its attempt limit, then dead-lettered. Every write about a running job is fenced by
 * the lease owner, so a worker that lost its lease can never finish a job twice.
 */
import type { Logger } from 'pino';
import { runCorrelated } from '../platform/correlation';
import { newId } from '../platform/ids';
import {
  type JobContext,
  type JobDefinition,
  JobError,
  type JobQueue,
  type JobRow,
  type JobStepState,
} from '../platform/jobs';
import { compileChecks, payloadInvalid, resultInvalid } from './job-checks';

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

type StopReason = 'cancelled' | 'lease_lost' | 'shutdown';

class JobStopped extends Error {
  constructor(readonly reason: StopReason) {
    super(reason);
  }
}

export function backoffMs(attempts: number): number {
  const base = Math.min(60_000, 1000 * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (0.75 + Math.random() * 0.5));
}

export function createJobRunner(options: JobRunnerOptions) {
  const { queue, logger } = options;
  const workerId = options.workerId ?? `worker-${newId()}`;
  const definitions = new Map(options.jobs.map((d) => [d.type, { definition: d, checks: compileChecks(d) }]));
  const types = [...definitions.keys()];
  const pollMs = options.pollMs ?? 1000;
  let running = false;
  /** One wake-up per idle loop: poke() wakes every one, not only the last to fall asleep. */
  const sleepers = new Set<() => void>();
  /** Counts pokes, so a loop poked between finding nothing and falling asleep looks again at once. */
  let pokes = 0;
  const wakeAll = () => {
    pokes++;
    for (const wake of [...sleepers]) wake();
  };
  const loops: Promise<void>[] = [];
  const active = new Map<string, AbortController>();

  const notify = async (job: JobRow | null | undefined) => {
    if (job && options.onChange) {
      try {
        await options.onChange(job);
      } catch (err) {
        logger.warn({ err, job_id: job.id }, 'job change listener failed');
      }
    }
  };

  // Sweeping for dead letters on every claim would double the queries per job; once a second is
  // plenty for jobs whose leases last tens of seconds.
  let lastSweep = 0;
  async function claim(): Promise<JobRow | null> {
    if (Date.now() - lastSweep >= Math.min(1000, options.leaseMs)) {
      lastSweep = Date.now();
      for (const dead of await queue.deadLetterExpired()) await notify(dead);
    }
    return queue.claim(types, workerId, options.leaseMs);
  }

  async function execute(job: JobRow): Promise<void> {
    const known = definitions.get(job.type);
    if (!known) return;
    const { definition, checks } = known;
    // Checked before anything runs; a mismatch fails the job below, through the one failure path.
    const stored = checks.payload(job.payload);
    const controller = new AbortController();
    active.set(job.id, controller);
    const log = logger.child({ job_id: job.id, worker: job.type, correlation_id: job.correlation_id });
    const steps = (job.steps as JobStepState[]).map((s) => ({ ...s }));
    let lastWrite = 0;

    const heartbeat = setInterval(
      async () => {
        try {
          const row = await queue.heartbeat(job.id, workerId, options.leaseMs);
          if (!row) controller.abort(new JobStopped('lease_lost'));
          else if (row.cancelRequested) controller.abort(new JobStopped('cancelled'));
        } catch (err) {
          log.warn({ err }, 'heartbeat failed');
        }
      },
      Math.max(100, Math.floor(options.leaseMs / 3)),
    );

    const overall = () =>
      steps.length
        ? steps.reduce(
            (sum, s) => sum + (s.status === 'done' || s.status === 'skipped' ? 1 : s.progress),
            0,
          ) / steps.length
        : 0;
    // Progress writes and their notifications happen one after another, in order, so a watcher
    // never sees an older state after a newer one; completion waits for them.
    let writes: Promise<void> = Promise.resolve();
    const save = (current: string | null, force: boolean): Promise<void> => {
      const now = Date.now();
      if (!force && now - lastWrite < 250) return writes;
      lastWrite = now;
      const snapshot = { steps: steps.map((s) => ({ ...s })), current, progress: Math.min(1, overall()) };
      writes = writes.then(async () => {
        try {
          const row = await queue.saveProgress(job.id, workerId, snapshot);
          if (!row) controller.abort(new JobStopped('lease_lost'));
          else await notify(row);
        } catch (err) {
          log.warn({ err }, 'progress write failed');
        }
      });
      return writes;
    };
    const checkStopped = () => {
      if (controller.signal.aborted) {
        const reason = controller.signal.reason;
        throw reason instanceof JobStopped ? reason : new JobStopped('shutdown');
      }
    };

    const stateOf = (name: string) => {
      let state = steps.find((s) => s.name === name);
      if (!state) {
        state = { name, status: 'pending', progress: 0 };
        steps.push(state);
      }
      return state;
    };
    /**
     * Makes `name` the one running step: the step that ran before it is done, and a step listed
     * before it that never ran is skipped. So the current step, "step n of N", only moves forward
     * and agrees with the overall progress (a step shown as current never follows one at 0 %).
     */
    const begin = (name: string) => {
      const state = stateOf(name);
      const index = steps.indexOf(state);
      steps.forEach((s, i) => {
        if (s === state) return;
        if (s.status === 'running') {
          s.status = 'done';
          s.progress = 1;
        } else if (s.status === 'pending' && i < index) s.status = 'skipped';
      });
      state.status = 'running';
      state.progress = 0;
      return state;
    };
    let degradedReason: string | null = null;
    const ctx: JobContext = {
      job,
      payload: stored.ok ? stored.value : undefined,
      signal: controller.signal,
      logger: log,
      degrade(reason) {
        const text = reason.trim();
        degradedReason = text.length > 0 ? text.slice(0, 2000) : 'Part of the request was not honoured.';
      },
      async enter(name) {
        checkStopped();
        begin(name);
        await save(name, true);
      },
      progress(fraction) {
        const state = steps.find((s) => s.status === 'running');
        if (!state) return;
        state.progress = Math.max(0, Math.min(1, fraction));
        void save(state.name, false);
      },
      async step(name, work) {
        checkStopped();
        const current = begin(name);
        await save(name, true);
        const result = await work((fraction) => {
          current.progress = Math.max(0, Math.min(1, fraction));
          void save(name, false);
        });
        checkStopped();
        current.status = 'done';
        current.progress = 1;
        // Not forced: the next step's start, or the job's completion, records it.
        void save(name, false);
        return result;
      },
    };

    /** A schema mismatch is a bug somewhere: logged and reported, and the job fails safely. */
    const mismatch = (what: 'payload' | 'result', problems: string[], error: JobError) => {
      log.error({ stage: 'job', error_code: error.code, problems }, `job ${what} does not match its schema`);
      options.onCrash?.(new Error(`job ${what} does not match its schema: ${problems.join('; ')}`), job);
      return error;
    };

    try {
      if (!stored.ok) throw mismatch('payload', stored.problems, payloadInvalid());
      const started = performance.now();
      // Provider calls made by the handler are logged and reported under the job's correlation id.
      const returned = await runCorrelated(
        { correlationId: job.correlation_id ?? job.id, source: 'worker' },
        () => definition.run(ctx),
      );
      await writes;
      checkStopped();
      const result = checks.result(returned);
      if (!result.ok) throw mismatch('result', result.problems, resultInvalid());
      const artefacts = result.value;
      const done = await queue.succeed(
        job.id,
        workerId,
        {
          artefacts,
          degradedReason,
          steps: steps.map((s) =>
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
        log.info(
          { stage: 'job', status: done.status, duration_ms: Math.round(performance.now() - started) },
          `job ${done.status}`,
        );
      await notify(done);
    } catch (err) {
      await writes;
      const stopped =
        err instanceof JobStopped
          ? err
          : controller.signal.reason instanceof JobStopped
            ? controller.signal.reason
            : null;
      if (stopped?.reason === 'lease_lost') {
        log.warn({ stage: 'job' }, 'lease lost; another worker owns the job now');
      } else if (stopped?.reason === 'cancelled') {
        const row = await queue.markCancelled(job.id, workerId);
        log.info({ stage: 'job', status: 'cancelled' }, 'job cancelled');
        await notify(row);
      } else if (stopped?.reason === 'shutdown') {
        // Hand the job back at once rather than waiting for the lease to expire.
        const row = await queue.handBack(job.id, workerId);
        await notify(row);
      } else {
        const failure =
          err instanceof JobError
            ? err
            : new JobError(
                'INTERNAL_ERROR',
                'Something went wrong while processing. Trying again may help.',
                true,
                { cause: err },
              );
        if (!(err instanceof JobError)) {
          log.error({ err, stage: 'job' }, 'job crashed');
          options.onCrash?.(err, job);
        }
        const retryAgain = failure.retryable && job.attempts < job.max_attempts;
        const row = await queue.fail(
          job.id,
          workerId,
          retryAgain
            ? { retryInMs: backoffMs(job.attempts), error: failure }
            : {
                retryInMs: null,
                error: failure,
                steps: steps.map((s) => (s.status === 'running' ? { ...s, status: 'failed' as const } : s)),
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
        await notify(row);
      }
    } finally {
      clearInterval(heartbeat);
      active.delete(job.id);
    }
  }

  async function loop(): Promise<void> {
    while (running) {
      const seen = pokes;
      let job: JobRow | null = null;
      try {
        job = await claim();
      } catch (err) {
        logger.error({ err, stage: 'job-claim' }, 'claiming a job failed');
      }
      if (job) {
        await notify(job);
        await execute(job);
        continue;
      }
      if (seen !== pokes || !running) continue;
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          sleepers.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, pollMs);
        sleepers.add(wake);
      });
    }
  }

  return {
    workerId,
    start() {
      if (running) return;
      running = true;
      for (let i = 0; i < Math.max(1, options.concurrency); i++) loops.push(loop());
    },
    /** Wakes every idle loop (jobs were just queued in this process). */
    poke() {
      wakeAll();
    },
    /** How many loops are asleep waiting for work. */
    idleLoops(): number {
      return sleepers.size;
    },
    /** Claims and runs at most one job; for tests and scripts. */
    async runOnce(): Promise<JobRow | null> {
      const job = await claim();
      if (job) {
        await notify(job);
        await execute(job);
      }
      return job;
    },
    /** Stops claiming; running jobs get `graceMs` to finish, then are handed back to the queue. */
    async stop(graceMs = 10_000) {
      running = false;
      wakeAll();
      const timer = setTimeout(() => {
        for (const c of active.values()) c.abort(new JobStopped('shutdown'));
      }, graceMs);
      await Promise.all(loops.splice(0));
      clearTimeout(timer);
    },
    /** Stops at once without handing jobs back, as a crashed process would (tests only). */
    crash() {
      running = false;
      for (const c of active.values()) c.abort(new JobStopped('lease_lost'));
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
