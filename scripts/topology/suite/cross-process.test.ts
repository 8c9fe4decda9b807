/**
 * The promises the server makes across processes, checked in the production shape (two API
 * processes, two workers, nginx, s3rver, PostgreSQL): each test reaches the processes directly or
 * through nginx as the promise needs. The destructive ones (restarts, kills) come last.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSmoke } from '../../../smoke/journey';
import {
  type Account,
  BUNNY_STL,
  CUBE_STL,
  call,
  expectStatus,
  type JobView,
  modelForm,
  openSocket,
  promptDraftWithJob,
  publish,
  publishedListing,
  RESERVE_BODY,
  registerAccount,
  settledJob,
  uploadModel,
} from '../client';
import { ROOT, startTopology, type Topology } from '../topology';

const DATABASE_URL =
  process.env.TOPOLOGY_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/kitwright_topology';

describe('the production topology: two API processes, two workers, nginx, s3rver, PostgreSQL', () => {
  let t: Topology;
  let db: pg.Client;
  let api1: string;
  let api2: string;
  let owner: Account;

  beforeAll(async () => {
    t = await startTopology({
      apis: 2,
      workers: 2,
      databaseUrl: DATABASE_URL,
      schema: `topo_${randomUUID().replaceAll('-', '').slice(0, 12)}`,
      // The app too: the launch smoke runs through nginx like a person's browser.
      web: true,
      env: {
        // Ten minutes: a page another process cached can only go stale-free through NOTIFY.
        GALLERY_CACHE_MS: '600000',
        // A killed worker's job is taken over once its lease lapses.
        JOB_LEASE_MS: '4000',
        // Long enough to see readiness fall on a loaded machine before the listener closes.
        SHUTDOWN_DRAIN_MS: '5000',
        REGISTRATIONS_PER_IP_PER_HOUR: '1000',
        RESERVATIONS_PER_IP_PER_HOUR: '1000',
      },
    });
    api1 = t.apiUrl(0);
    api2 = t.apiUrl(1);
    db = new pg.Client({ connectionString: DATABASE_URL, options: `-c search_path=${t.schema}` });
    await db.connect();
    owner = await registerAccount(t.url);
  }, 600_000);

  afterAll(async () => {
    await db?.end();
    await t?.stop();
  }, 120_000);

  it('serves one origin through nginx, round-robin over both API processes, with the real S3 adapter', async () => {
    const ready = await expectStatus<{ checks: { name: string; ok: boolean }[] }>(
      call(t.url, 'GET', '/api/readyz'),
      200,
    );
    expect(ready.checks.map((c) => `${c.name}:${c.ok}`)).toEqual([
      'database:true',
      'storage:true',
      'job_queue:true',
    ]);
    // A file stored through one process is read back through the other: both use s3rver.
    const upload = await uploadModel(api1, owner.token, CUBE_STL, 'cube.stl');
    const content = await fetch(`${api2}/api/media/${upload.id}/content`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(content.status).toBe(200);
    expect(Buffer.from(await content.arrayBuffer()).equals(CUBE_STL)).toBe(true);
    // Each process LISTENs on its direct connection (DATABASE_DIRECT_URL), as it would behind PgBouncer.
    const listeners = await db.query(
      `SELECT application_name FROM pg_stat_activity
        WHERE datname = current_database() AND query LIKE 'LISTEN kitwright_rt_%' ORDER BY 1`,
    );
    expect(listeners.rows.map((r) => r.application_name)).toEqual(
      expect.arrayContaining(['kitwright-api-1-direct', 'kitwright-api-2-direct']),
    );
    expect(listeners.rows.every((r) => String(r.application_name).endsWith('-direct'))).toBe(true);
    // nginx alternates: both processes answer gallery reads (each process's own metrics).
    const before = await perProcessRequests();
    for (let i = 0; i < 6; i++) await expectStatus(call(t.url, 'GET', '/api/gallery/listings'), 200);
    const after = await perProcessRequests();
    expect(after.api1).toBeGreaterThan(before.api1);
    expect(after.api2).toBeGreaterThan(before.api2);
  });

  /** How many gallery reads each API process has answered (from its own metrics). */
  async function perProcessRequests() {
    const read = async (base: string) => {
      const res = await fetch(`${base}/api/metrics`, {
        headers: { authorization: `Bearer ${t.env.METRICS_TOKEN}` },
      });
      const text = await res.text();
      return [
        ...text.matchAll(
          /^http_request_duration_seconds_count\{[^}]*route="\/api\/gallery\/listings"[^}]*\} (\d+)/gm,
        ),
      ].reduce((n, m) => n + Number(m[1]), 0);
    };
    return { api1: await read(api1), api2: await read(api2) };
  }

  it('runs a job queued through API 1 exactly once on a worker, its progress live on a socket held by API 2', async () => {
    const socket = await openSocket(api2, owner.token);
    try {
      const { jobId } = await promptDraftWithJob(api1, owner.token);
      const done = await socket.waitFor(
        (m) =>
          m.type === 'event' &&
          m.topic === 'job' &&
          (m.data as JobView).id === jobId &&
          (m.data as JobView).status === 'succeeded',
      );
      expect(done.data).toMatchObject({ id: jobId, status: 'succeeded', progress: 1 });
      // Progress arrived before the end, through the other process.
      const updates = socket.inbox.filter((m) => m.topic === 'job' && (m.data as JobView).id === jobId);
      expect(updates.length).toBeGreaterThan(1);
      const row = await db.query('SELECT status, attempts FROM jobs WHERE id = $1', [jobId]);
      expect(row.rows).toEqual([{ status: 'succeeded', attempts: 1 }]);
    } finally {
      socket.close();
    }
  });

  it('closes, at once, the socket held by API 2 when the session is revoked through API 1', async () => {
    const person = await registerAccount(t.url);
    const socket = await openSocket(api2, person.token);
    await expectStatus(call(api1, 'POST', '/api/v1/auth/logout', { token: person.token }), 204);
    const closed = await socket.closed;
    expect(closed.code).toBe(4401);
    expect(socket.inbox).toContainEqual({ type: 'error', code: 'SESSION_REVOKED' });
  });

  it('counts sign-in attempts in the database: the limit holds across processes and a forged X-Forwarded-For', async () => {
    const person = await registerAccount(t.url);
    const wrong = (base: string, headers: Record<string, string> = {}) =>
      call(base, 'POST', '/api/v1/auth/login', {
        body: { username: person.username, password: 'not-the-password' },
        headers,
      });
    // Five failures per account and address in 15 minutes, alternating between the processes.
    for (let i = 0; i < 5; i++) expect((await wrong(i % 2 === 0 ? api1 : api2)).status).toBe(401);
    // The sixth, on either process, through nginx with a forged address, is refused.
    const refused = await wrong(t.url, { 'x-forwarded-for': '203.0.113.9' });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ error: { code: 'RATE_LIMITED' } });
    expect((await wrong(api2)).status).toBe(429);
  });

  it('keeps one active reservation per person and listing when both processes are asked at once', async () => {
    const listing = await publishedListing(t.url, owner.token, 'A tower to reserve');
    const fan = await registerAccount(t.url);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call(i % 2 === 0 ? api1 : api2, 'POST', `/api/listings/${listing.id}/interest`, {
          token: fan.token,
          body: RESERVE_BODY,
        }),
      ),
    );
    // Every answer is a real one (made, or the same reservation again, or a refusal): never a 5xx.
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBeLessThan(500);
    expect(answers.some((a) => a.status === 201)).toBe(true);
    const active = await db.query(
      `SELECT count(*)::int AS n FROM interest_reservations WHERE listing_id = $1 AND user_id = $2 AND status = 'active'`,
      [listing.id, fan.userId],
    );
    expect(active.rows[0].n).toBe(1);
  });

  it('drops every process’s cached gallery page when a listing is published through one of them', async () => {
    const title = `Gallery news ${randomUUID().slice(0, 8)}`;
    const { draftId, jobId } = await promptDraftWithJob(api1, owner.token);
    expect((await settledJob(api1, owner.token, jobId)).status).toBe('succeeded');
    const titles = async (base: string) => {
      const page = await expectStatus<{ items: { title: string }[] }>(
        call(base, 'GET', '/api/gallery/listings?sort=newest'),
        200,
      );
      return page.items.map((i) => i.title);
    };
    // API 2 caches the page for ten minutes (GALLERY_CACHE_MS) before the listing exists.
    expect(await titles(api2)).not.toContain(title);
    await publish(api1, owner.token, draftId, title);
    // Only the announcement through NOTIFY can make API 2 show it well before ten minutes.
    const deadline = Date.now() + 30_000;
    while (!(await titles(api2)).includes(title)) {
      if (Date.now() > deadline) throw new Error('API 2 still serves its cached page');
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(await titles(api1)).toContain(title);
  });

  it('shows a flag changed by another process on every API process after the documented second', async () => {
    const flagOn = async (base: string) =>
      (await expectStatus<{ flags: Record<string, boolean> }>(call(base, 'GET', '/api/app-shell'), 200)).flags
        .adminBeta;
    // Both processes have read (and cached) the flag as on (its default).
    expect([await flagOn(api1), await flagOn(api2)]).toEqual([true, true]);
    const admin = await new Promise<{ code: number | null; out: string }>((resolve) => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', 'apps/server/src/cli/admin.ts', 'flags', 'set', 'adminBeta', 'off'],
        { cwd: ROOT, env: { ...process.env, ...t.env } },
      );
      let out = '';
      child.stdout.on('data', (d) => {
        out += d;
      });
      child.stderr.on('data', (d) => {
        out += d;
      });
      child.on('close', (code) => resolve({ code, out }));
    });
    expect(admin.out).toContain('adminBeta is now off');
    // decisions.md: other processes see a change within one second (their flags cache's age).
    await new Promise((r) => setTimeout(r, 1100));
    expect([await flagOn(api1), await flagOn(api2)]).toEqual([false, false]);
  });

  it('answers 503 fast, never 500 or a hang, while the database kills its connections, and recovers', async () => {
    const appConnections = () =>
      db.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND application_name LIKE 'kitwright-%' AND pid <> pg_backend_pid()`,
      );
    const statuses: number[] = [];
    let stop = false;
    // Four readers at once through nginx while every app connection is terminated five times.
    const reader = async () => {
      while (!stop) {
        const a = await call(t.url, 'GET', '/api/gallery/listings?sort=newest&q=tower');
        statuses.push(a.status);
        if (a.status === 503) expect(a.body).toMatchObject({ error: { code: 'DEPENDENCY_UNAVAILABLE' } });
      }
    };
    const load = Promise.all([reader(), reader(), reader(), reader()]);
    for (let i = 0; i < 5; i++) {
      await appConnections();
      await new Promise((r) => setTimeout(r, 200));
    }
    stop = true;
    await load;
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    // Afterwards both processes and the workers carry on: a job queued now completes.
    expect((await call(api1, 'GET', '/api/readyz')).status).toBe(200);
    expect((await call(api2, 'GET', '/api/readyz')).status).toBe(200);
    const { jobId } = await promptDraftWithJob(t.url, owner.token);
    expect((await settledJob(t.url, owner.token, jobId)).status).toBe('succeeded');
  });

  it('loses no request and no upload while API 1 restarts under steady load (SIGTERM, drain, start again)', async () => {
    // A person of its own uploads different bytes all along (well within 60 uploads an hour).
    const uploader = await registerAccount(t.url);
    const stored: { status: number; id: string | null; bytes: Buffer }[] = [];
    let uploading = true;
    const uploads = (async () => {
      for (let n = 0; uploading && n < 40; n++) {
        const bytes = Buffer.from(CUBE_STL);
        bytes.write(`restart upload ${n} ${randomUUID()}`.padEnd(80, ' '), 0, 'ascii');
        const answer = await call(t.url, 'POST', '/api/media/uploads', {
          token: uploader.token,
          form: modelForm(bytes),
        });
        stored.push({
          status: answer.status,
          id: (answer.body as { upload?: { id: string } } | null)?.upload?.id ?? null,
          bytes,
        });
        await new Promise((r) => setTimeout(r, 250));
      }
    })();
    const failures: string[] = [];
    const run = new Promise<autocannon.Result>((resolve, reject) => {
      const load = autocannon(
        {
          url: `${t.url}/api/gallery/listings`,
          connections: 4,
          duration: 12,
          // A slow answer on a loaded two-core machine is not a lost one: only a failure counts.
          timeout: 60,
        },
        (err, result) => (err ? reject(err) : resolve(result)),
      );
      load.on('reqError', (err: Error) => failures.push(String(err)));
    });
    await new Promise((r) => setTimeout(r, 2000));
    // readyz turns 503 on API 1 once it has the signal, while it still serves (SHUTDOWN_DRAIN_MS).
    t.apis[0]?.child.kill('SIGTERM');
    let readiness = await call(api1, 'GET', '/api/readyz');
    while (readiness.status === 200) readiness = await call(api1, 'GET', '/api/readyz');
    expect(readiness.status).toBe(503);
    expect(readiness.body).toMatchObject({ error: { code: 'DEPENDENCY_UNAVAILABLE' } });
    expect(JSON.stringify(readiness.body)).toContain('accepting');
    expect(await t.apis[0]?.exited).toBe(0);
    await t.restartApi(0);
    const result = await run;
    uploading = false;
    await uploads;
    expect(
      { errors: result.errors, timeouts: result.timeouts, resets: result.resets },
      `autocannon errors, timeouts and resets: ${failures.join('; ')}`,
    ).toEqual({ errors: 0, timeouts: 0, resets: 0 });
    expect(result.non2xx).toBe(0);
    expect(result['2xx']).toBeGreaterThan(0);
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.filter((u) => u.status !== 201)).toEqual([]);
    // Every upload that was answered is there, whole, read back through either process.
    for (const [i, u] of stored.entries()) {
      const res = await fetch(`${i % 2 === 0 ? api1 : api2}/api/media/${u.id}/content`, {
        headers: { authorization: `Bearer ${uploader.token}` },
      });
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(u.bytes)).toBe(true);
    }
  });

  it('finishes, exactly once, on the other worker a job whose worker was SIGKILLed mid-way', async () => {
    const maker = await registerAccount(t.url);
    const upload = await uploadModel(t.url, maker.token, BUNNY_STL, 'bunny.stl');
    const draft = await expectStatus<{ id: string }>(
      call(t.url, 'POST', '/api/design-drafts', {
        token: maker.token,
        body: {
          mode: 'A',
          source_upload_id: upload.id,
          title: 'Bunny',
          settings: { size: 64, up_axis: 'y' },
        },
      }),
      201,
    );
    const model = await expectStatus<JobView>(
      call(t.url, 'POST', `/api/design-drafts/${draft.id}/model-jobs`, { token: maker.token }),
      202,
    );
    expect((await settledJob(t.url, maker.token, model.id)).status).toBe('succeeded');
    const kit = await expectStatus<JobView>(
      call(t.url, 'POST', `/api/design-drafts/${draft.id}/block-kit-jobs`, { token: maker.token }),
      202,
    );
    // The worker holding the job's lease is the one killed.
    let leaseOwner: string | null = null;
    for (let i = 0; i < 600 && !leaseOwner; i++) {
      const row = await db.query(`SELECT lease_owner FROM jobs WHERE id = $1 AND status = 'running'`, [
        kit.id,
      ]);
      leaseOwner = row.rows[0]?.lease_owner ?? null;
      if (!leaseOwner) await new Promise((r) => setTimeout(r, 50));
    }
    expect(leaseOwner).not.toBeNull();
    const victim = t.workers.find((w) => w.output().includes(`worker ${leaseOwner} is processing`));
    expect(victim).toBeDefined();
    victim?.child.kill('SIGKILL');
    await victim?.exited;
    const done = await settledJob(t.url, maker.token, kit.id);
    expect(done.status).toBe('succeeded');
    const row = await db.query('SELECT status, attempts, lease_owner FROM jobs WHERE id = $1', [kit.id]);
    // The first attempt died with its worker; the second, on the other worker, completed it.
    expect(row.rows[0]).toMatchObject({ status: 'succeeded', attempts: 2 });
    const draftAfter = await expectStatus<{ stage: string }>(
      call(t.url, 'GET', `/api/design-drafts/${draft.id}`, { token: maker.token }),
      200,
    );
    expect(draftAfter.stage).toBe('kit_ready');
  });

  // Last: after the restarts and the killed worker, a person's whole journey still works through nginx.
  it('passes the launch smoke (the RC1 journey in Chromium) through nginx, and leaves nothing behind', async () => {
    const lines: string[] = [];
    const result = await runSmoke({
      baseUrl: t.url,
      chromiumPath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      outDir: path.join(ROOT, 'test-results/smoke-topology'),
      stepTimeoutMs: 180_000,
      log: (line) => lines.push(line),
    });
    expect(result.failure, lines.join('\n')).toBeUndefined();
    expect(result.cleanupProblems).toEqual([]);
    expect(result.ok).toBe(true);
  }, 900_000);
});
