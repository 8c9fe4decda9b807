/**
 * The durable job runner (ARCHITECTURE.md, Jobs): workers claim jobs with FOR UPDATE SKIP LOCKED,
 * hold a lease that a heartbeat renews, and a job whose lease expired is claimed again (attempts
 * + 1) until its attempt limit, then dead-lettered. Every write about a running job is fenced by
 * the lease owner, so a worker that lost its lease can never finish a job twice.
 */
import { newId } from '../platform/ids';
import type { JobRow } from '../platform/jobs';
import { compileChecks } from './job-checks';
import { executeJob } from './job-run';
import { type JobRunnerOptions, JobStopped, notify, type RunnerContext } from './job-runner-context';

export { backoffMs, type JobRunnerOptions } from './job-runner-context';

export function createJobRunner(options: JobRunnerOptions) {
  const definitions = new Map(options.jobs.map((d) => [d.type, { definition: d, checks: compileChecks(d) }]));
  const rc: RunnerContext = {
    options,
    queue: options.queue,
    logger: options.logger,
    workerId: options.workerId ?? `worker-${newId()}`,
    definitions,
    types: [...definitions.keys()],
    pollMs: options.pollMs ?? 1000,
    running: false,
    sleepers: new Set(),
    pokes: 0,
    loops: [],
    active: new Map(),
    lastSweep: 0,
  };
  return {
    workerId: rc.workerId,
    start: () => start(rc),
    /** Wakes every idle loop (jobs were just queued in this process). */
    poke: () => wakeAll(rc),
    /** How many loops are asleep waiting for work. */
    idleLoops: (): number => rc.sleepers.size,
    /** Claims and runs at most one job; for tests and scripts. */
    runOnce: () => runOnce(rc),
    /** Stops claiming; running jobs get `graceMs` to finish, then are handed back to the queue. */
    stop: (graceMs = 10_000) => stop(rc, graceMs),
    /** Stops at once without handing jobs back, as a crashed process would (tests only). */
    crash: () => crash(rc),
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;

function wakeAll(rc: RunnerContext): void {
  rc.pokes++;
  for (const wake of [...rc.sleepers]) wake();
}

/**
 * The next job to run here, if any. Sweeping for dead letters on every claim would double the
 * queries per job; once a second is plenty for jobs whose leases last tens of seconds.
 */
async function claim(rc: RunnerContext): Promise<JobRow | null> {
  if (Date.now() - rc.lastSweep >= Math.min(1000, rc.options.leaseMs)) {
    rc.lastSweep = Date.now();
    for (const dead of await rc.queue.deadLetterExpired()) await notify(rc, dead);
  }
  return rc.queue.claim(rc.types, rc.workerId, rc.options.leaseMs);
}

/** One of the runner's loops: claim and run, or sleep until poked or the poll interval passes. */
async function loop(rc: RunnerContext): Promise<void> {
  while (rc.running) {
    const seen = rc.pokes;
    let job: JobRow | null = null;
    try {
      job = await claim(rc);
    } catch (err) {
      rc.logger.error({ err, stage: 'job-claim' }, 'claiming a job failed');
    }
    if (job) {
      await notify(rc, job);
      await executeJob(rc, job);
      continue;
    }
    if (seen !== rc.pokes || !rc.running) continue;
    await new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        rc.sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, rc.pollMs);
      rc.sleepers.add(wake);
    });
  }
}

function start(rc: RunnerContext): void {
  if (rc.running) return;
  rc.running = true;
  for (let i = 0; i < Math.max(1, rc.options.concurrency); i++) rc.loops.push(loop(rc));
}

async function runOnce(rc: RunnerContext): Promise<JobRow | null> {
  const job = await claim(rc);
  if (job) {
    await notify(rc, job);
    await executeJob(rc, job);
  }
  return job;
}

async function stop(rc: RunnerContext, graceMs: number): Promise<void> {
  rc.running = false;
  wakeAll(rc);
  const timer = setTimeout(() => {
    for (const c of rc.active.values()) c.abort(new JobStopped('shutdown'));
  }, graceMs);
  await Promise.all(rc.loops.splice(0));
  clearTimeout(timer);
}

function crash(rc: RunnerContext): void {
  rc.running = false;
  for (const c of rc.active.values()) c.abort(new JobStopped('lease_lost'));
}
