/**
 * The durable job runner (ARCHITECTURE.md, Jobs): workers claim jobs with FOR UPDATE SKIP LOCKED,
 * hold a lease that a heartbeat renews, and a job whose lease expired is claimed again (attempts
 * + 1) until its attempt limit, then dead-lettered. Every write about a running job is fenced by
 * the lease owner, so a worker that lost its lease can never finish a job twice.
 */
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { Logger } from 'pino';
import type { DB, JobsTable } from '../db/schema';
import { newId } from '../platform/ids';

export type JobRow = Selectable<JobsTable>;

export interface JobStepState {
  name: string;
  status: 'pending' | 'running' | 'done' | 'failed' | 'skipped';
  progress: number;
}

/** A failure with a code and message that are safe to show, and whether trying again may help. */
export class JobError extends Error {
  constructor(
    readonly code: string,
    readonly safeMessage: string,
    readonly retryable: boolean,
    options?: { cause?: unknown },
  ) {
    super(safeMessage, options);
    this.name = 'JobError';
  }
}

export interface JobContext {
  job: JobRow;
  /** Aborts when the job is cancelled, its lease is lost, or the worker stops. */
  signal: AbortSignal;
  /** Runs one named step; cancellation is honoured before it starts. */
  step<T>(name: string, work: (progress: (fraction: number) => void) => Promise<T>): Promise<T>;
  /**
   * For work that reports its own stages (the mesher pipeline): finishes the running step and
   * starts `name`. Cancellation is honoured here too.
   */
  enter(name: string): Promise<void>;
  /** Progress of the running step, 0 to 1. */
  progress(fraction: number): void;
  logger: Logger;
}

export interface JobHandler {
  type: string;
  run(ctx: JobContext): Promise<Record<string, unknown>>;
  /** Effects of success, in the transaction that marks the job succeeded (fenced by the lease). */
  onSucceeded?(trx: Transaction<DB>, job: JobRow, artefacts: Record<string, unknown>): Promise<void>;
  /** Effects of a final failure (not of a retry), in the same transaction. */
  onFailed?(trx: Transaction<DB>, job: JobRow, error: JobError): Promise<void>;
}

export interface JobRunnerOptions {
  db: Kysely<DB>;
  handlers: JobHandler[];
  logger: Logger;
  leaseMs: number;
  concurrency: number;
  pollMs?: number;
  workerId?: string;
  /** Called after every change a watcher may care about (progress, state). */
  onChange?: (job: JobRow) => void | Promise<void>;
  /** Called when a handler crashed (an error that is not a JobError): the error tracker. */
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

/** Moves jobs whose lease expired after their last attempt to the dead-letter state. */
export async function deadLetterExpired(db: Kysely<DB>): Promise<JobRow[]> {
  const rows = await sql<JobRow>`
    UPDATE jobs SET status = 'dead', dead_lettered_at = now(), finished_at = now(), updated_at = now(),
      lease_owner = NULL, lease_expires_at = NULL,
      error_code = 'WORKER_LOST', error_message = 'The job stopped responding on every attempt.', error_retryable = true
    WHERE status = 'running' AND lease_expires_at < now() AND attempts >= max_attempts
    RETURNING *`.execute(db);
  return rows.rows;
}

export function createJobRunner(options: JobRunnerOptions) {
  const { db, logger } = options;
  const workerId = options.workerId ?? `worker-${newId()}`;
  const handlers = new Map(options.handlers.map((h) => [h.type, h]));
  const types = [...handlers.keys()];
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

  const notify = async (job: JobRow | undefined) => {
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
      for (const dead of await deadLetterExpired(db)) await notify(dead);
    }
    const claimed = await sql<JobRow>`
      WITH next AS (
        SELECT id FROM jobs
        WHERE type = ANY(${types}::text[])
          AND ((status = 'queued' AND run_at <= now())
               OR (status = 'running' AND lease_expires_at < now() AND attempts < max_attempts))
        ORDER BY run_at, id
        LIMIT 1
        FOR UPDATE SKIP LOCKED
      )
      UPDATE jobs j SET status = 'running', lease_owner = ${workerId},
        lease_expires_at = now() + ${options.leaseMs} * interval '1 millisecond',
        attempts = j.attempts + 1, started_at = coalesce(j.started_at, now()), updated_at = now()
      FROM next WHERE j.id = next.id
      RETURNING j.*`.execute(db);
    return claimed.rows[0] ?? null;
  }

  /** Writes to the job only while this worker still holds its lease. */
  function fenced(q: Kysely<DB>, jobId: string) {
    return q
      .updateTable('jobs')
      .where('id', '=', jobId)
      .where('lease_owner', '=', workerId)
      .where('status', '=', 'running');
  }

  async function execute(job: JobRow): Promise<void> {
    const handler = handlers.get(job.type);
    if (!handler) return;
    const controller = new AbortController();
    active.set(job.id, controller);
    const log = logger.child({ job_id: job.id, worker: job.type, correlation_id: job.correlation_id });
    const steps = (job.steps as JobStepState[]).map((s) => ({ ...s }));
    let lastWrite = 0;

    const heartbeat = setInterval(
      async () => {
        try {
          const row = await fenced(db, job.id)
            .set({
              lease_expires_at: sql`now() + ${options.leaseMs} * interval '1 millisecond'`,
              updated_at: sql`now()`,
            })
            .returning(['cancel_requested_at'])
            .executeTakeFirst();
          if (!row) controller.abort(new JobStopped('lease_lost'));
          else if (row.cancel_requested_at) controller.abort(new JobStopped('cancelled'));
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
      const snapshot = { steps: JSON.stringify(steps), current, progress: Math.min(1, overall()) };
      writes = writes.then(async () => {
        try {
          const row = await fenced(db, job.id)
            .set({
              steps: snapshot.steps,
              current_step: snapshot.current,
              progress: snapshot.progress,
              updated_at: sql`now()`,
            })
            .returningAll()
            .executeTakeFirst();
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
    const ctx: JobContext = {
      job,
      signal: controller.signal,
      logger: log,
      async enter(name) {
        checkStopped();
        for (const s of steps) {
          if (s.status === 'running') {
            s.status = 'done';
            s.progress = 1;
          }
        }
        const state = stateOf(name);
        state.status = 'running';
        state.progress = 0;
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
        const current = stateOf(name);
        current.status = 'running';
        current.progress = 0;
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

    try {
      const started = performance.now();
      const artefacts = await handler.run(ctx);
      await writes;
      checkStopped();
      const done = await db.transaction().execute(async (trx) => {
        const row = await fenced(trx, job.id)
          .set({
            status: 'succeeded',
            artefacts: JSON.stringify(artefacts),
            steps: JSON.stringify(
              steps.map((s) =>
                s.status === 'pending'
                  ? { ...s, status: 'skipped' }
                  : s.status === 'running'
                    ? { ...s, status: 'done', progress: 1 }
                    : s,
              ),
            ),
            progress: 1,
            current_step: null,
            lease_owner: null,
            lease_expires_at: null,
            finished_at: sql`now()`,
            updated_at: sql`now()`,
            error_code: null,
            error_message: null,
            error_retryable: null,
          })
          .returningAll()
          .executeTakeFirst();
        if (row) await handler.onSucceeded?.(trx, row, artefacts);
        return row;
      });
      if (done)
        log.info(
          { stage: 'job', status: 'succeeded', duration_ms: Math.round(performance.now() - started) },
          'job succeeded',
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
        const row = await fenced(db, job.id)
          .set({
            status: 'cancelled',
            lease_owner: null,
            lease_expires_at: null,
            finished_at: sql`now()`,
            updated_at: sql`now()`,
            current_step: null,
          })
          .returningAll()
          .executeTakeFirst();
        log.info({ stage: 'job', status: 'cancelled' }, 'job cancelled');
        await notify(row);
      } else if (stopped?.reason === 'shutdown') {
        // Hand the job back at once rather than waiting for the lease to expire.
        const row = await fenced(db, job.id)
          .set({
            status: 'queued',
            lease_owner: null,
            lease_expires_at: null,
            attempts: sql`attempts - 1`,
            updated_at: sql`now()`,
          })
          .returningAll()
          .executeTakeFirst();
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
        const row = await db.transaction().execute(async (trx) => {
          const updated = await fenced(trx, job.id)
            .set(
              retryAgain
                ? {
                    status: 'queued',
                    run_at: sql`now() + ${backoffMs(job.attempts)} * interval '1 millisecond'`,
                    lease_owner: null,
                    lease_expires_at: null,
                    error_code: failure.code,
                    error_message: failure.safeMessage,
                    error_retryable: true,
                    updated_at: sql`now()`,
                  }
                : {
                    status: 'failed',
                    lease_owner: null,
                    lease_expires_at: null,
                    error_code: failure.code,
                    error_message: failure.safeMessage,
                    error_retryable: failure.retryable,
                    steps: JSON.stringify(
                      steps.map((s) => (s.status === 'running' ? { ...s, status: 'failed' } : s)),
                    ),
                    finished_at: sql`now()`,
                    updated_at: sql`now()`,
                  },
            )
            .returningAll()
            .executeTakeFirst();
          if (updated && !retryAgain) await handler.onFailed?.(trx, updated, failure);
          return updated;
        });
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
