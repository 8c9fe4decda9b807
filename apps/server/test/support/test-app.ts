/**
 * Builds the real app on a fresh database for a test file: a PGlite loaded from the migrated
 * template, or, when DATABASE_URL is set, a new schema of its own on the PostgreSQL server.
 * Log lines are captured so tests can assert on them.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { type AppDeps, type AppHandle, buildApp } from '../../src/app';
import { type Config, loadConfig } from '../../src/config';
import { type Database, openDatabase, openPglite } from '../../src/db/connection';
import { migrate } from '../../src/db/migrate';
import { createImagePool, type ImagePool } from '../../src/platform/images/pool';
import { createLogger } from '../../src/platform/logging';
import { createFsStorage } from '../../src/providers/storage/fs-storage';
import { resetToSnapshot, type Snapshot, takeSnapshot } from './test-db-reuse';

export interface TestDatabase {
  database: Database;
  /** Environment that points another process (a CLI, a worker) at this same database. */
  env: Record<string, string>;
  cleanup(): Promise<void>;
}

/**
 * Embedded databases a finished file gave back, reset to the template (test-db-reuse.ts), kept
 * for this worker's next files: loading a PGlite is most of what opening a test app costs.
 */
const SHELF_SIZE = 2;
const shelf: PGlite[] = [];
let pgliteSnapshot: Snapshot | null = null;
/** How this worker's embedded databases were come by and given back, for the reuse test. */
export const testDatabaseCounts = { opened: 0, reused: 0, shelved: 0, discarded: 0 };

export async function openTestDatabase(options: { fileBacked?: boolean } = {}): Promise<TestDatabase> {
  const url = process.env.DATABASE_URL;
  if (url) {
    // A new schema each time. Reusing schemas as the embedded databases are reused (below)
    // measured no faster: the PostgreSQL pass is bound by the server's work, not the tests'.
    const schema = `t_${randomUUID().replaceAll('-', '').slice(0, 20)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
    // A test's burst (500 reservations at once) on a machine shared with other test files can
    // queue for a connection longer than production's 5 s load-shedding wait; the tests assert
    // what the requests do, not that wait, so theirs is 30 s.
    const database = await openDatabase({ url, dataDir: '', schema, poolSize: 10, connectTimeoutMs: 30_000 });
    await migrate(database.db);
    return {
      database,
      env: { DATABASE_URL: url, DATABASE_SCHEMA: schema },
      async cleanup() {
        await database.close();
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        await c.end();
      },
    };
  }
  const template = inject('pgliteTemplate');
  if (!template) throw new Error('the PGlite template was not prepared by the global setup');
  const blob = async () => new Blob([await fs.readFile(template)]);
  if (options.fileBacked) {
    const dataRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'kitwright-db-'));
    const lite = await openPglite(path.join(dataRoot, 'pglite'), await blob());
    const database = await openDatabase({ url: null, dataDir: '', schema: null, poolSize: 1 }, lite);
    return {
      database: {
        ...database,
        close: async () => {
          await database.close();
          await lite.close();
        },
      },
      env: { DATA_DIR: dataRoot },
      async cleanup() {
        await database.close().catch(() => {});
        if (!lite.closed) await lite.close();
        await fs.rm(dataRoot, { recursive: true, force: true });
      },
    };
  }
  // In memory: no other process can reach it, so nothing can still be writing to it once the
  // file's own connections are closed.
  let lite = shelf.pop();
  testDatabaseCounts[lite ? 'reused' : 'opened']++;
  if (!lite) {
    lite = await openPglite(null, await blob());
    pgliteSnapshot ??= await takeSnapshot(lite);
  }
  const owned = lite;
  const database = await openDatabase({ url: null, dataDir: '', schema: null, poolSize: 1 }, owned);
  let released = false;
  return {
    database,
    env: {},
    async cleanup() {
      if (released) return;
      released = true;
      await database.close().catch(() => {});
      if (owned.closed) return;
      if (pgliteSnapshot && shelf.length < SHELF_SIZE && (await resetToSnapshot(owned, pgliteSnapshot))) {
        shelf.push(owned);
        testDatabaseCounts.shelved++;
        return;
      }
      testDatabaseCounts.discarded++;
      await owned.close();
    },
  };
}

export interface TestApp extends Omit<AppHandle, 'close'> {
  config: Config;
  database: Database;
  logs: string[];
  storageDir: string;
  testDb: TestDatabase;
  close(): Promise<void>;
}

export function testConfig(env: Record<string, string> = {}, dataDir?: string): Config {
  return loadConfig(
    {
      APP_ENV: 'local',
      LOG_LEVEL: 'info',
      SEED_ON_START: 'false',
      // Tests read their own writes at once.
      GALLERY_CACHE_MS: '0',
      // Tests sign many people up from one address; the limit itself has its own test.
      REGISTRATIONS_PER_IP_PER_HOUR: '100000',
      VISITOR_SESSIONS_PER_IP_PER_HOUR: '100000',
      RESERVATIONS_PER_IP_PER_HOUR: '100000',
      RESERVATIONS_PER_IP_PER_LISTING_PER_DAY: '100000',
      PUBLIC_BASE_URL: 'http://localhost:3000',
      ...(dataDir ? { DATA_DIR: dataDir } : {}),
      ...env,
    },
    dataDir ?? os.tmpdir(),
  );
}

/**
 * One pool of image processes per test worker, shared by the apps its files build: they keep
 * nothing between tasks, so a file need not pay for starting one (about 0.5 s). Closing an app
 * leaves them running; they exit with the worker (their IPC channels close). A test that needs
 * its own passes `images`.
 */
let workerImages: ImagePool | null = null;
function sharedImagePool(): ImagePool {
  workerImages ??= createImagePool({ size: 2, maxQueuedPerOwner: 4, maxQueued: 32 });
  const shared = workerImages;
  return {
    run: (task, options) => shared.run(task, options),
    stats: () => shared.stats(),
    close: async () => {},
  };
}

export async function createTestApp(
  options: {
    env?: Record<string, string>;
    /** Keep the database in a directory (PGlite) so another process or a reopen can read it. */
    fileBacked?: boolean;
    /** Extra routes a test needs (e.g. a slow handler), added before the app is ready. */
    beforeReady?: (app: TestApp['app'], db: Database) => void;
  } & Partial<
    Pick<
      AppDeps,
      | 'clock'
      | 'alertNotifier'
      | 'checkoutSignals'
      | 'releaseCapabilities'
      | 'oauth'
      | 'email'
      | 'translation'
      | 'webDistDir'
      | 'mesher'
      | 'images'
      | 'realtime'
      | 'errorTracker'
      | 'founderRollupLagMs'
      | 'analytics'
      | 'analyticsDispatch'
      | 'wrapPayments'
    >
  > = {},
): Promise<TestApp> {
  const testDb = await openTestDatabase({ fileBacked: options.fileBacked ?? false });
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kitwright-test-'));
  const config = testConfig(options.env, dataDir);
  const logs: string[] = [];
  const logger = createLogger(config.logLevel, { write: (line: string) => void logs.push(line) });
  const storage = createFsStorage(config.storage.dir);
  const handle = await buildApp({
    config,
    database: testDb.database,
    logger,
    storage,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.alertNotifier ? { alertNotifier: options.alertNotifier } : {}),
    ...(options.checkoutSignals ? { checkoutSignals: options.checkoutSignals } : {}),
    ...(options.releaseCapabilities ? { releaseCapabilities: options.releaseCapabilities } : {}),
    ...(options.oauth ? { oauth: options.oauth } : {}),
    ...(options.email ? { email: options.email } : {}),
    ...(options.translation ? { translation: options.translation } : {}),
    ...(options.webDistDir ? { webDistDir: options.webDistDir } : {}),
    ...(options.mesher ? { mesher: options.mesher } : {}),
    images: options.images ?? sharedImagePool(),
    ...(options.realtime ? { realtime: options.realtime } : {}),
    ...(options.errorTracker ? { errorTracker: options.errorTracker } : {}),
    ...(options.founderRollupLagMs !== undefined ? { founderRollupLagMs: options.founderRollupLagMs } : {}),
    ...(options.analytics ? { analytics: options.analytics } : {}),
    ...(options.analyticsDispatch ? { analyticsDispatch: options.analyticsDispatch } : {}),
    ...(options.wrapPayments ? { wrapPayments: options.wrapPayments } : {}),
  });
  options.beforeReady?.(handle.app, testDb.database);
  await handle.app.ready();
  return {
    ...handle,
    config,
    database: testDb.database,
    logs,
    storageDir: config.storage.dir,
    testDb,
    async close() {
      await handle.close();
      await testDb.cleanup();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
