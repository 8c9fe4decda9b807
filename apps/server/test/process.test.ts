/**
 * The real server process and the operator commands, run as a newcomer would run them, against a
 * database of this test's own. Also graceful shutdown with a request in flight.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PHASE_GATES } from '@kitwright/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, openPglite } from '../src/db/connection';
import { lockDataDir } from '../src/db/data-dir-lock';
import { createAlertService, logAlertNotifier } from '../src/platform/alerts';
import { OPERATOR } from '../src/platform/audit';
import { systemClock } from '../src/platform/clock';
import { createDeliveryControls } from '../src/platform/delivery-controls';
import { createLogger } from '../src/platform/logging';
import { createShutdown } from '../src/platform/shutdown';
import { bearer, register } from './support/auth-helpers';
import { createDraft } from './support/create-helpers';
import { createTestApp, openTestDatabase, type TestDatabase } from './support/test-app';

const SERVER_DIR = path.resolve(import.meta.dirname, '..');

function run(args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
      cwd: SERVER_DIR,
      env: { ...process.env, ...env },
    });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    child.on('close', (code) => resolve({ code, out }));
  });
}

async function reopen(testDb: TestDatabase) {
  if (testDb.env.DATABASE_URL) {
    return openDatabase({
      url: testDb.env.DATABASE_URL,
      dataDir: '',
      schema: testDb.env.DATABASE_SCHEMA ?? null,
      poolSize: 2,
    });
  }
  const lite = await openPglite(path.join(testDb.env.DATA_DIR ?? '', 'pglite'));
  const database = await openDatabase({ url: null, dataDir: '', schema: null, poolSize: 1 }, lite);
  return {
    ...database,
    close: async () => {
      await database.close();
      await lite.close();
    },
  };
}

// Each test starts real `node --import tsx` processes: bounded generously, because CI machines are
// shared. The first start on a fresh checkout also builds the web app (one to two minutes on two
// busy cores, beside the other test worker) and meshes the whole demo gallery.
const PROCESS_TEST_MS = 180_000;
const FIRST_START_MS = 330_000;

describe('npm start and the operator commands', { timeout: PROCESS_TEST_MS }, () => {
  let testDb: TestDatabase;
  let env: Record<string, string>;
  let storageDir: string;
  beforeAll(async () => {
    testDb = await openTestDatabase({ fileBacked: true });
    await testDb.database.close();
    storageDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kitwright-files-'));
    env = {
      ...testDb.env,
      STORAGE_DIR: storageDir,
      APP_ENV: 'local',
      LOG_LEVEL: 'info',
      PORT: '0',
      SEED_ON_START: 'true',
    };
  });
  afterAll(async () => {
    await testDb.cleanup();
    await fs.rm(storageDir, { recursive: true, force: true });
  });

  it('starts, prints its URL, serves the API with demo accounts, and stops cleanly on SIGTERM', {
    timeout: FIRST_START_MS + 30_000,
  }, async () => {
    const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: SERVER_DIR,
      env: { ...process.env, ...env },
    });
    let out = '';
    child.stderr?.on('data', (d) => {
      out += d;
    });
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => {
        // Stopped, so the database it holds is free for the next test and the failure is this one.
        child.kill('SIGKILL');
        reject(new Error(`server did not start within ${FIRST_START_MS / 1000} s:\n${out}`));
      }, FIRST_START_MS);
      child.stdout?.on('data', (d) => {
        out += d;
        const match = /is running at (http:\/\/\S+)/.exec(out);
        if (match?.[1]) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      });
    });
    const health = await (await fetch(`${url}/api/health`)).json();
    expect(out).toContain('Preparing the demo gallery (first run only)');
    // Every demo design is made: a newcomer's first start warns about nothing.
    expect(out).not.toContain('could not be made');
    expect(health).toMatchObject({ status: 'ok', phase: 'A' });
    expect((await fetch(`${url}/api/readyz`)).status).toBe(200);
    const exit = new Promise<number | null>((resolve) => child.on('close', resolve));
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
    expect(out).toContain('"msg":"stopped cleanly"');

    const database = await reopen(testDb);
    try {
      const users = await database.db
        .selectFrom('users')
        .select(['username', 'role'])
        .orderBy('username')
        .execute();
      expect(users).toEqual(
        expect.arrayContaining([
          { username: 'demo', role: 'user' },
          { username: 'founder', role: 'founder' },
          { username: 'staff', role: 'staff' },
        ]),
      );
      // A believable gallery: 40+ public listings by several designers, made by the mesher,
      // translated, saved and reserved.
      const listings = await database.db
        .selectFrom('listings as l')
        .innerJoin('listing_details as d', 'd.listing_id', 'l.id')
        .select(['l.owner_user_id', 'd.i18n', 'l.part_count', 'l.save_count', 'l.reservation_count'])
        .where('l.moderation_state', '=', 'approved')
        .execute();
      expect(listings.length).toBeGreaterThanOrEqual(40);
      expect(new Set(listings.map((l) => l.owner_user_id)).size).toBeGreaterThanOrEqual(5);
      expect(listings.every((l) => l.part_count > 0 && Object.keys(l.i18n as object).length === 2)).toBe(
        true,
      );
      expect(listings.reduce((n, l) => n + l.save_count, 0)).toBeGreaterThan(20);
      expect(listings.reduce((n, l) => n + l.reservation_count, 0)).toBeGreaterThan(20);
    } finally {
      await database.close();
    }
  });

  it('exits non-zero, saying why, when its port is taken, instead of staying alive with the database open', async () => {
    const blocker = net.createServer();
    const port = await new Promise<number>((resolve) =>
      blocker.listen(0, '127.0.0.1', () => resolve((blocker.address() as net.AddressInfo).port)),
    );
    try {
      const result = await run(['src/main.ts'], {
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
      });
      expect(result.code).toBe(1);
      expect(result.out).toContain('the port is already in use');
      // The database it opened was closed: this test's next process opens it again.
      const database = await reopen(testDb);
      await database.close();
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });

  it('checks its port before anything else: a taken port on a first run fails at once, nothing migrated or seeded', async () => {
    const blocker = net.createServer();
    const port = await new Promise<number>((resolve) =>
      blocker.listen(0, '127.0.0.1', () => resolve((blocker.address() as net.AddressInfo).port)),
    );
    // A first run: an empty data directory (embedded database, whatever this pass uses), seeding on.
    const fresh = await fs.mkdtemp(path.join(os.tmpdir(), 'kitwright-fresh-'));
    try {
      const result = await run(['src/main.ts'], {
        APP_ENV: 'local',
        LOG_LEVEL: 'info',
        DATABASE_URL: '',
        DATA_DIR: fresh,
        SEED_ON_START: 'true',
        PORT: String(port),
        HOST: '127.0.0.1',
      });
      expect(result.code).toBe(1);
      expect(result.out).toContain('the port is already in use');
      expect(result.out).not.toContain('Preparing the demo gallery');
      expect(result.out).not.toContain('database migrated');
      // No database was opened, so none was made, migrated or seeded, and no file was stored.
      expect(await fs.readdir(fresh)).toEqual([]);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
      await fs.rm(fresh, { recursive: true, force: true });
    }
  });

  it('refuses to open an embedded data directory another live process holds, saying which', async () => {
    if (!testDb.env.DATA_DIR) return; // PostgreSQL: the server is shared by design
    // This test's own process holds the directory's lock, as a running server would.
    const release = await lockDataDir(path.join(testDb.env.DATA_DIR, 'pglite'));
    try {
      const result = await run(['src/main.ts'], { ...env, PORT: '0' });
      expect(result.code).toBe(1);
      expect(result.out).toContain(`is in use by another Kitwright process (pid ${process.pid},`);
      expect(result.out).not.toContain('    at ');
    } finally {
      await release();
    }
  });

  it('changes flags, refuses an early phase, and opens A.5 once its gates pass, through npm run admin', async () => {
    const set = await run(['src/cli/admin.ts', 'flags', 'set', 'modeB', 'off'], env);
    expect(set.out).toContain('modeB is now off (audited)');
    expect(set.code).toBe(0);
    const decide = (...args: string[]) =>
      run(['src/cli/admin.ts', 'phase', 'decide', 'A.5', '--reason', 'too early', ...args], env);
    const untagged = await decide();
    expect(untagged.code).toBe(64);
    expect(untagged.out).toContain('--release-tag');
    const badTag = await decide('--release-tag', 'phase-a5-preorder-20261131.1');
    expect(badTag.code).toBe(64);
    expect(badTag.out).toContain('--release-tag: 2026-11-31 in the release tag is not a calendar date');
    const phase = await decide('--release-tag', 'phase-a5-preorder-20261127.1');
    expect(phase.code).toBe(1);
    expect(phase.out).toContain('Refused (GATE_NOT_MET)');
    // Once every A.5 gate is recorded as passed, the same command opens A.5. All but the last are
    // recorded through the service the command calls (each command is a process of its own, 4-6 s
    // on a busy machine); the last through the command.
    const gates = [...PHASE_GATES['A.5']];
    const last = gates.pop() as string;
    const database = await reopen(testDb);
    try {
      const logger = createLogger('silent');
      const alerts = createAlertService(database.db, logAlertNotifier(logger), logger);
      const controls = createDeliveryControls({ db: database.db, clock: systemClock, alerts });
      for (const gate of gates)
        await controls.recordGate({ gate, passed: true, version: '1', evidence: 'reviewed' }, OPERATOR);
    } finally {
      await database.close();
    }
    const recorded = await run(
      ['src/cli/admin.ts', 'gates', 'record', last, '--passed', '--version', '1', '--evidence', 'reviewed'],
      env,
    );
    expect(recorded.code, recorded.out).toBe(0);
    expect(recorded.out).toContain(`Recorded ${last} as passed (v1, audited)`);
    const opened = await decide('--release-tag', 'phase-a5-preorder-20261127.1');
    expect(opened.code, opened.out).toBe(0);
    expect(opened.out).toContain('Delivery phase is now A.5, opened by release phase-a5-preorder-20261127.1');
    expect((await run(['src/cli/admin.ts', 'phase'], env)).out).toContain('Delivery phase: A.5');
    const list = await run(['src/cli/admin.ts', 'flags'], env);
    expect(list.out).toMatch(/off\s+modeB/);
  });

  it('verifies the audit chain and names the first broken entry', async () => {
    const ok = await run(['src/cli/audit-verify.ts'], env);
    expect(ok.code).toBe(0);
    expect(ok.out).toMatch(/Audit chain intact: \d+ entries verified\./);
    const database = await reopen(testDb);
    try {
      await sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_update`.execute(database.db);
      await sql`UPDATE audit_log SET actor_id = 'someone-else' WHERE seq = 1`.execute(database.db);
      const row = await database.db
        .selectFrom('audit_log')
        .select('id')
        .where('seq', '=', 1)
        .executeTakeFirstOrThrow();
      await database.close();
      const broken = await run(['src/cli/audit-verify.ts'], env);
      expect(broken.code).toBe(2);
      expect(broken.out).toContain(`BROKEN at entry seq=1 id=${row.id}`);
    } finally {
      await database.close().catch(() => {});
    }
  });
});

describe('graceful shutdown', { timeout: PROCESS_TEST_MS }, () => {
  it('lets an in-flight request finish and commit before the database closes', async () => {
    const order: string[] = [];
    const t = await createTestApp({
      fileBacked: true,
      beforeReady(app, db) {
        app.post('/api/test/slow-write', async () => {
          order.push('request started');
          await new Promise((r) => setTimeout(r, 400));
          await db.db
            .insertInto('feature_flags')
            .values({ key: 'modeB', enabled: false, updated_by: 'slow-request' })
            .execute();
          order.push('request committed');
          return { ok: true };
        });
      },
    });
    try {
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const pending = fetch(`${address}/api/test/slow-write`, { method: 'POST' });
      while (!order.includes('request started')) await new Promise((r) => setTimeout(r, 10));
      const shutdown = createShutdown(
        t.app,
        [
          async () => {
            order.push('database closing');
            await t.database.close();
          },
        ],
        createLogger('silent'),
      );
      const [res, clean] = await Promise.all([pending, shutdown('SIGTERM')]);
      expect(res.status).toBe(200);
      expect(clean).toBe(true);
      expect(order).toEqual(['request started', 'request committed', 'database closing']);
      await expect(fetch(`${address}/api/health`)).rejects.toThrow();
      const database = await reopen(t.testDb);
      try {
        const row = await database.db
          .selectFrom('feature_flags')
          .selectAll()
          .where('key', '=', 'modeB')
          .executeTakeFirst();
        expect(row?.updated_by).toBe('slow-request');
      } finally {
        await database.close();
      }
    } finally {
      await t.testDb.cleanup();
    }
  });
});

describe('npm run worker', { timeout: PROCESS_TEST_MS }, () => {
  it('runs jobs in a separate process on PostgreSQL, and refuses to share the embedded database', async () => {
    const testDb = await openTestDatabase({ fileBacked: !process.env.DATABASE_URL });
    try {
      if (!process.env.DATABASE_URL) {
        await testDb.database.close();
        const refused = await run(['src/main.ts', '--role', 'worker'], { ...testDb.env, APP_ENV: 'local' });
        expect(refused.code).toBe(1);
        expect(refused.out).toContain('A separate worker process needs a PostgreSQL server');
        return;
      }
      // The worker process serves this app's schema; the app here only takes requests.
      const api = await createTestApp();
      try {
        const env = {
          ...api.testDb.env,
          APP_ENV: 'local',
          LOG_LEVEL: 'info',
          SEED_ON_START: 'false',
          JOB_CONCURRENCY: '2',
        };
        const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', '--role', 'worker'], {
          cwd: SERVER_DIR,
          env: { ...process.env, ...env },
        });
        let out = '';
        child.stdout.on('data', (d) => {
          out += d;
        });
        child.stderr.on('data', (d) => {
          out += d;
        });
        const user = await register(api.app);
        const draft = await createDraft(api.app, user.access_token, { mode: 'B', prompt: 'a small house' });
        const job = await api.app.inject({
          method: 'POST',
          url: `/api/design-drafts/${draft.id}/model-jobs`,
          headers: bearer(user.access_token),
        });
        const deadline = Date.now() + 60_000;
        let status = 'queued';
        while (status !== 'succeeded' && Date.now() < deadline) {
          await new Promise((r) => setTimeout(r, 100));
          status = (
            await api.app.inject({ url: `/api/jobs/${job.json().id}`, headers: bearer(user.access_token) })
          ).json().status;
        }
        expect(status, out).toBe('succeeded');
        expect(out).toMatch(/Kitwright worker worker-\S+ is processing jobs \(concurrency 2\)/);
        const exit = new Promise<number | null>((resolve) => child.on('close', resolve));
        child.kill('SIGTERM');
        expect(await exit).toBe(0);
      } finally {
        await api.close();
      }
    } finally {
      await testDb.cleanup();
    }
  });
});
