/**
 * The job runner under failure and contention: killed workers, racing workers, duplicate
 * requests, long jobs, dead letters, cancellation and the queue-stuck condition. On PostgreSQL
 * the killed worker is a real separate process; on the embedded database (one process only) it
 * is a worker that stops dead without releasing its lease.
 */

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { type RawBuilder, sql } from 'kysely';
import Type from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createJobQueue } from '../src/modules/jobs/queue';
import { defineJob } from '../src/platform/jobs';
import { createLogger } from '../src/platform/logging';
import { createMesherPool, MesherThreadError } from '../src/platform/mesher/pool';
import { createJobRunner } from '../src/workers/job-runner';
import { bearer, register } from './support/auth-helpers';
import { createDraft, drain, STL_MODELS, upload } from './support/create-helpers';
import { createTestApp, type TestApp } from './support/test-app';
import {
  countingHandler,
  createEffectsTable,
  effects,
  insertJobs,
  slowFirstAttemptHandler,
  testJob,
  threeStepHandler,
} from './support/test-jobs';

const silent = createLogger('silent');

async function until(check: () => Promise<boolean>, timeoutMs = 30_000, what = 'condition') {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const statusOf = async (t: TestApp, id: string) =>
  await t.database.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('job runner reliability', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await createEffectsTable(t.database.db);
  });
  afterAll(async () => t.close());

  it('two workers race for one hundred jobs: each job runs once', async () => {
    const ids = await insertJobs(t.database.db, 'test_count', 100);
    const runners = ['a', 'b'].map((w) =>
      createJobRunner({
        queue: createJobQueue(t.database.db),
        jobs: [countingHandler(t.database.db, w)],
        logger: silent,
        leaseMs: 5000,
        concurrency: 2,
        pollMs: 20,
        workerId: w,
      }),
    );
    for (const r of runners) r.start();
    await until(
      async () => (await effects(t.database.db, 'completed')).length >= 100,
      60_000,
      '100 completions',
    );
    await Promise.all(runners.map((r) => r.stop()));
    const ran = await effects(t.database.db, 'ran');
    const completed = await effects(t.database.db, 'completed');
    expect(ran).toHaveLength(100);
    expect(new Set(ran.map((r) => r.job_id)).size).toBe(100);
    expect(completed).toHaveLength(100);
    const rows = await t.database.db
      .selectFrom('jobs')
      .select(['status', 'attempts'])
      .where('id', 'in', ids)
      .execute();
    expect(rows.every((r) => r.status === 'succeeded' && r.attempts === 1)).toBe(true);
    if (process.env.DATABASE_URL) {
      // On a real server both workers took part.
      expect(new Set(ran.map((r) => r.worker))).toEqual(new Set(['a', 'b']));
    }
  });

  it('a worker killed in the middle of a job: another completes it after the lease expires, exactly once', async () => {
    const [id] = await insertJobs(t.database.db, 'test_slow', 1);
    const jobId = id as string;
    let stopFirst: () => void;
    if (process.env.DATABASE_URL) {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', path.join(import.meta.dirname, 'support/job-worker-process.ts')],
        {
          env: { ...process.env, ...t.testDb.env, LEASE_MS: '1000' },
          stdio: 'pipe',
        },
      );
      stopFirst = () => child.kill('SIGKILL');
    } else {
      const first = createJobRunner({
        queue: createJobQueue(t.database.db),
        jobs: [slowFirstAttemptHandler(t.database.db, 'child')],
        logger: silent,
        leaseMs: 1000,
        concurrency: 1,
        pollMs: 20,
        workerId: 'child-worker',
      });
      first.start();
      stopFirst = () => first.crash();
    }
    await until(
      async () => (await effects(t.database.db)).some((e) => e.job_id === jobId && e.kind === 'started:1'),
      60_000,
      'first attempt',
    );
    stopFirst();
    expect((await statusOf(t, jobId)).lease_owner).toBe('child-worker');
    const second = createJobRunner({
      queue: createJobQueue(t.database.db),
      jobs: [slowFirstAttemptHandler(t.database.db, 'survivor')],
      logger: silent,
      leaseMs: 1000,
      concurrency: 1,
      pollMs: 50,
      workerId: 'survivor',
    });
    second.start();
    await until(async () => (await statusOf(t, jobId)).status === 'succeeded', 30_000, 'completion');
    await second.stop();
    const row = await statusOf(t, jobId);
    expect(row).toMatchObject({ status: 'succeeded', attempts: 2, artefacts: { finished_by: 'survivor' } });
    const done = (await effects(t.database.db, 'completed')).filter((e) => e.job_id === jobId);
    expect(done).toEqual([{ job_id: jobId, worker: 'survivor', kind: 'completed' }]);
  });

  it('heartbeats keep a long job with its worker: nobody else claims it', async () => {
    const [id] = await insertJobs(t.database.db, 'test_steps', 1);
    const make = (w: string) =>
      createJobRunner({
        queue: createJobQueue(t.database.db),
        jobs: [threeStepHandler(t.database.db, w, 400)],
        logger: silent,
        leaseMs: 300,
        concurrency: 1,
        pollMs: 20,
        workerId: w,
      });
    const a = make('keeper');
    a.start();
    await until(async () => (await statusOf(t, id as string)).status === 'running', 10_000, 'start');
    const b = make('thief');
    b.start();
    await until(async () => (await statusOf(t, id as string)).status === 'succeeded', 20_000, 'completion');
    await Promise.all([a.stop(), b.stop()]);
    const steps = (await effects(t.database.db)).filter((e) => e.job_id === id);
    expect(steps.map((s) => s.worker)).toEqual(['keeper', 'keeper', 'keeper']);
    expect((await statusOf(t, id as string)).attempts).toBe(1);
  });

  it('dead-letters a job whose workers keep dying, and lets its owner retry it', async () => {
    const [id] = await insertJobs(t.database.db, 'test_slow', 1, {}, 2);
    const jobId = id as string;
    for (let attempt = 1; attempt <= 2; attempt++) {
      const r = createJobRunner({
        queue: createJobQueue(t.database.db),
        jobs: [slowFirstAttemptHandler(t.database.db, `dies-${attempt}`)],
        logger: silent,
        leaseMs: 300,
        concurrency: 1,
        pollMs: 20,
      });
      // Make every attempt hang like the first (the handler hangs when it sees attempt 1): the
      // job is queued the first time and left running with an expired lease after a crash.
      await t.database.db.updateTable('jobs').set({ attempts: 0 }).where('id', '=', jobId).execute();
      r.start();
      await until(
        async () => (await effects(t.database.db)).filter((e) => e.job_id === jobId).length >= attempt,
        10_000,
        `attempt ${attempt}`,
      );
      r.crash();
      await t.database.db.updateTable('jobs').set({ attempts: attempt }).where('id', '=', jobId).execute();
      await new Promise((res) => setTimeout(res, 400));
    }
    const sweeper = createJobRunner({
      queue: createJobQueue(t.database.db),
      jobs: [slowFirstAttemptHandler(t.database.db, 'sweeper')],
      logger: silent,
      leaseMs: 300,
      concurrency: 1,
    });
    expect(await sweeper.runOnce()).toBeNull();
    const dead = await statusOf(t, jobId);
    expect(dead).toMatchObject({
      status: 'dead',
      error_code: 'WORKER_LOST',
      error_retryable: true,
      lease_owner: null,
    });
    expect(dead.dead_lettered_at).not.toBeNull();
    expect((await t.maintenance.checkQueue())?.dead).toBeGreaterThanOrEqual(1);
  });

  it('cancels a running job between steps', async () => {
    const owner = await register(t.app);
    const [id] = await insertJobs(t.database.db, 'test_steps', 1);
    await t.database.db
      .updateTable('jobs')
      .set({ owner_user_id: owner.user.id })
      .where('id', '=', id as string)
      .execute();
    const r = createJobRunner({
      queue: createJobQueue(t.database.db),
      jobs: [threeStepHandler(t.database.db, 'w', 300)],
      logger: silent,
      leaseMs: 300,
      concurrency: 1,
      pollMs: 20,
    });
    r.start();
    await until(
      async () => (await effects(t.database.db)).some((e) => e.job_id === id && e.kind === 'step:one'),
      10_000,
      'step one',
    );
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/jobs/${id}/cancel`,
      headers: bearer(owner.access_token),
    });
    expect(cancel.json()).toMatchObject({ status: 'running', cancel_requested: true });
    await until(async () => (await statusOf(t, id as string)).status === 'cancelled', 10_000, 'cancellation');
    await r.stop();
    const steps = (await effects(t.database.db)).filter((e) => e.job_id === id).map((e) => e.kind);
    expect(steps).not.toContain('step:three');
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/jobs/${id}/cancel`,
      headers: bearer(owner.access_token),
    });
    expect(again.statusCode).toBe(409);
    const retry = await t.app.inject({
      method: 'POST',
      url: `/api/jobs/${id}/retry`,
      headers: bearer(owner.access_token),
    });
    expect(retry.json().error.code).toBe('INVALID_STATE');
  });

  it('computes "Job queue stuck" from queue age and dead letters, and keeps its alert open only while it holds', async () => {
    const old = await insertJobs(t.database.db, 'test_nobody_runs', 5);
    await t.database.db
      .updateTable('jobs')
      .set({ run_at: sql`now() - interval '10 minutes'` })
      .where('id', 'in', old)
      .execute();
    const health = await t.maintenance.checkQueue();
    expect(health?.stuck).toBe(true);
    expect(health?.queue_age_p95_seconds).toBeGreaterThan(300);
    // The evaluator's rule: it must hold on two checks in a row before anyone is paged.
    expect(
      (await t.maintenance.evaluateAlerts()).results.find((r) => r.key === 'job_queue_stuck')?.action,
    ).toBe('pending');
    await t.maintenance.evaluateAlerts();
    const open = await t.database.db
      .selectFrom('alerts')
      .selectAll()
      .where('alert_key', '=', 'job_queue_stuck')
      .where('state', '=', 'open')
      .executeTakeFirst();
    expect(open).toMatchObject({ severity: 'P1', owner: 'Pipeline owner' });
    await t.database.db
      .updateTable('jobs')
      .set({ status: 'cancelled', finished_at: sql`now()` })
      .where('id', 'in', old)
      .execute();
    await t.database.db.deleteFrom('jobs').where('status', '=', 'dead').execute();
    await t.maintenance.evaluateAlerts();
    expect(
      (
        await t.database.db
          .selectFrom('alerts')
          .select('state')
          .where('alert_key', '=', 'job_queue_stuck')
          .executeTakeFirst()
      )?.state,
    ).toBe('resolved');
  });

  it('a poke wakes every idle loop, not only the last one to fall asleep', async () => {
    let started = 0;
    let bothStarted!: () => void;
    const barrier = new Promise<void>((resolve) => {
      bothStarted = resolve;
    });
    // Each job holds its loop until the other job has started: only two awake loops can finish them.
    const pair = defineJob(testJob('test_pair', Type.Object({})), {
      async run(ctx) {
        started++;
        if (started === 2) bothStarted();
        await new Promise<void>((resolve, reject) => {
          void barrier.then(resolve);
          ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason));
        });
        return {};
      },
    });
    // A minute between polls: within this test only a poke can start anything.
    const r = createJobRunner({
      queue: createJobQueue(t.database.db),
      jobs: [pair],
      logger: silent,
      leaseMs: 5000,
      concurrency: 2,
      pollMs: 60_000,
    });
    r.start();
    await until(async () => r.idleLoops() === 2, 10_000, 'both loops asleep');
    const ids = await insertJobs(t.database.db, 'test_pair', 2);
    r.poke();
    await until(async () => started === 2, 20_000, 'both jobs started by one poke');
    await until(
      async () =>
        (await t.database.db.selectFrom('jobs').select('status').where('id', 'in', ids).execute()).every(
          (j) => j.status === 'succeeded',
        ),
      10_000,
      'both jobs done',
    );
    await r.stop();
  });

  it('counts only recent dead letters, so "Job queue stuck" clears as they age', async () => {
    const threshold = t.config.jobs.deadLetterThreshold;
    const ids = await insertJobs(t.database.db, 'test_nobody_runs', threshold + 1);
    const deadSince = (age: RawBuilder<Date>) =>
      t.database.db
        .updateTable('jobs')
        .set({ status: 'dead', dead_lettered_at: age, finished_at: sql`now()` })
        .where('id', 'in', ids)
        .execute();
    await deadSince(sql<Date>`now() - interval '25 hours'`);
    const aged = await t.maintenance.checkQueue();
    expect(aged?.limits.dead_letter_window_hours).toBe(24);
    expect(aged?.dead).toBeLessThanOrEqual(threshold);
    expect(aged?.stuck).toBe(false);

    const alertState = async () =>
      (
        await t.database.db
          .selectFrom('alerts')
          .select('state')
          .where('alert_key', '=', 'job_queue_stuck')
          .orderBy('first_seen_at', 'desc')
          .executeTakeFirst()
      )?.state;
    await deadSince(sql<Date>`now() - interval '1 hour'`);
    expect((await t.maintenance.checkQueue())?.dead).toBeGreaterThan(threshold);
    await t.maintenance.evaluateAlerts();
    await t.maintenance.evaluateAlerts();
    expect(await alertState()).toBe('open');
    // Nothing else changes: the dead jobs stay dead, and the alert clears once they leave the window.
    await deadSince(sql<Date>`now() - interval '24 hours 1 minute'`);
    await t.maintenance.evaluateAlerts();
    expect(await alertState()).toBe('resolved');
  });
});

describe('jobs through the API', () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof register>>;
  beforeAll(async () => {
    t = await createTestApp({ env: { JOB_RATE_PER_USER_PER_HOUR: '6' } });
    owner = await register(t.app);
  });
  afterAll(async () => t.close());

  it('the same idempotency key, sent concurrently, makes one job', async () => {
    const draft = await createDraft(t.app, owner.access_token, { mode: 'B', prompt: 'a pyramid' });
    const sends = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.app.inject({
          method: 'POST',
          url: `/api/design-drafts/${draft.id}/model-jobs`,
          headers: { ...bearer(owner.access_token), 'idempotency-key': 'same-key-123' },
        }),
      ),
    );
    const ids = new Set(sends.map((s) => s.json().id));
    expect(ids.size).toBe(1);
    expect(sends.filter((s) => s.statusCode === 202)).toHaveLength(1);
    const rows = await t.database.db
      .selectFrom('jobs')
      .select('id')
      .where('idempotency_key', '=', 'same-key-123')
      .execute();
    expect(rows).toHaveLength(1);
    // Repeats, even concurrent ones, are not counted against the hourly budget.
    const budget = await t.database.db
      .selectFrom('rate_limits')
      .select('count')
      .where('key', '=', `jobs:${owner.user.id}`)
      .executeTakeFirstOrThrow();
    expect(budget.count).toBe(1);
  });

  it('pushes job progress to the owner over the WebSocket', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const ws = new WebSocket(`${address.replace('http', 'ws')}/api/ws`);
    const received: Array<{ type: string; topic?: string; data?: { status: string; progress: number } }> = [];
    ws.on('message', (d) => received.push(JSON.parse(String(d))));
    await new Promise((r) => ws.once('open', r));
    ws.send(JSON.stringify({ type: 'auth', access_token: owner.access_token }));
    await until(async () => received.some((m) => m.type === 'ready'), 5000, 'ready');
    const draft = await createDraft(t.app, owner.access_token, {
      mode: 'B',
      prompt: 'a red arch 20 blocks wide',
    });
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/design-drafts/${draft.id}/model-jobs`,
      headers: bearer(owner.access_token),
    });
    await drain(t);
    const mine = () =>
      received.filter(
        (m) => m.topic === 'job' && (m.data as unknown as { id: string }).id === started.json().id,
      );
    await until(async () => mine().some((m) => m.data?.status === 'succeeded'), 5000, 'job events');
    const statuses = mine().map((m) => m.data?.status);
    expect(statuses).toContain('running');
    expect(statuses.at(-1)).toBe('succeeded');
    const progress = mine().map((m) => m.data?.progress ?? 0);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    ws.close();
  });

  it('a failed job carries a safe error and emits generation_job_failed', async () => {
    const up = await upload(
      t.app,
      owner.access_token,
      fs.readFileSync(path.join(STL_MODELS, 'polytopes/tetrahedron.bin.stl')),
      't.stl',
    );
    const draft = await createDraft(t.app, owner.access_token, {
      mode: 'A',
      source_upload_id: up.json().upload.id,
    });
    // The stored source, and the mesh validated from it at upload, disappear before the job runs.
    const file = await t.database.db
      .selectFrom('media_files')
      .select(['storage_key', 'validated_mesh'])
      .where('id', '=', up.json().upload.id)
      .executeTakeFirstOrThrow();
    fs.rmSync(path.join(t.storageDir, file.storage_key));
    fs.rmSync(path.join(t.storageDir, (file.validated_mesh as { storage_key: string }).storage_key));
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/design-drafts/${draft.id}/model-jobs`,
      headers: bearer(owner.access_token),
    });
    await drain(t);
    const failed = (
      await t.app.inject({ url: `/api/jobs/${started.json().id}`, headers: bearer(owner.access_token) })
    ).json();
    expect(failed).toMatchObject({
      status: 'failed',
      can_retry: false,
      error: { code: 'SOURCE_MISSING', retryable: false },
    });
    expect(JSON.stringify(failed.error)).not.toMatch(/ENOENT|\/tmp|storage|stack/i);
    const event = await t.database.db
      .selectFrom('product_events')
      .selectAll()
      .where('name', '=', 'generation_job_failed')
      .executeTakeFirstOrThrow();
    expect(event.properties).toEqual({
      job_id: failed.id,
      job_type: 'model',
      stage: 'fetch_source',
      safe_error_code: 'SOURCE_MISSING',
      retryable: false,
    });
    const retry = await t.app.inject({
      method: 'POST',
      url: `/api/jobs/${failed.id}/retry`,
      headers: bearer(owner.access_token),
    });
    expect(retry.statusCode).toBe(409);
  });

  it('limits expensive work per user', async () => {
    const draft = await createDraft(t.app, owner.access_token, { mode: 'B', prompt: 'a bridge' });
    let limited = null;
    for (let i = 0; i < 8 && !limited; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/design-drafts/${draft.id}/model-jobs`,
        headers: bearer(owner.access_token),
      });
      if (res.statusCode === 429) limited = res;
    }
    expect(limited?.json().error.code).toBe('RATE_LIMITED');
    expect(Number(limited?.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts retries against the same hourly budget as new jobs', async () => {
    const person = await register(t.app);
    const [id] = await insertJobs(t.database.db, 'model', 1);
    const jobId = id as string;
    const fail = () =>
      t.database.db
        .updateTable('jobs')
        .set({
          owner_user_id: person.user.id,
          status: 'failed',
          error_code: 'TRANSLATION_UNAVAILABLE',
          error_message: 'try again',
          error_retryable: true,
          finished_at: sql`now()`,
        })
        .where('id', '=', jobId)
        .execute();
    const retry = () =>
      t.app.inject({ method: 'POST', url: `/api/jobs/${jobId}/retry`, headers: bearer(person.access_token) });
    for (let i = 0; i < t.config.jobs.perUserPerHour; i++) {
      await fail();
      expect((await retry()).statusCode).toBe(200);
    }
    await fail();
    const refused = await retry();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RATE_LIMITED');
    expect((await statusOf(t, jobId)).status).toBe('failed');
    // The budget is shared: no new job either.
    const draft = await createDraft(t.app, person.access_token, { mode: 'B', prompt: 'a gate' });
    const start = await t.app.inject({
      method: 'POST',
      url: `/api/design-drafts/${draft.id}/model-jobs`,
      headers: bearer(person.access_token),
    });
    expect(start.statusCode).toBe(429);
  });
});

describe('the mesher thread budget', () => {
  const bunny = new Uint8Array(fs.readFileSync(path.join(STL_MODELS, 'objects/bunny.bin.stl')));
  const task = {
    kind: 'pipeline' as const,
    source: { bytes: bunny },
    size: 96,
    hollowWallThickness: null,
    colour: null,
    upAxis: 'y' as const,
    useCase: 'free_standing',
    timeBudgetMs: 60_000,
    maxFileBytes: 1e8,
    strict: true,
  };

  it('stops a task that runs over its time budget', async () => {
    const pool = createMesherPool({ size: 1, memoryMb: 1024 });
    try {
      await expect(pool.run(task, { timeoutMs: 50 })).rejects.toMatchObject({ reason: 'timeout' });
      // The pool replaces the terminated thread.
      const ok = await pool.run(
        { kind: 'prompt', prompt: 'a planter', size: 16, locale: 'en', useCase: 'decorative' },
        { timeoutMs: 60_000 },
      );
      expect(ok.kind).toBe('prompt');
    } finally {
      await pool.close();
    }
  });

  it('stops a task that needs more memory than its budget', async () => {
    const pool = createMesherPool({ size: 1, memoryMb: 8 });
    try {
      const err = await pool.run(task, { timeoutMs: 60_000 }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(MesherThreadError);
      expect((err as MesherThreadError).reason).toMatch(/memory|crashed/);
    } finally {
      await pool.close();
    }
  });
});
