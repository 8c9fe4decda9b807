import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/connection';
import { createLogger } from '../src/platform/logging';
import { createFsStorage } from '../src/providers/storage/fs-storage';
import { createTestApp, type TestApp, testConfig } from './support/test-app';

describe('health, liveness and readiness', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('reports status, version, release, uptime and phase', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      status: 'ok',
      version: '0.9.0-beta.1',
      release: t.config.release,
      phase: 'A',
    });
    expect(typeof body.uptime_seconds).toBe('number');
  });

  it('livez answers without touching dependencies', async () => {
    const res = await t.app.inject('/api/livez');
    expect(res.json()).toEqual({ status: 'alive' });
  });

  it('readyz checks the database, file storage and the job queue table', async () => {
    const res = await t.app.inject('/api/readyz');
    expect(res.statusCode).toBe(200);
    expect(res.json().checks.map((c: { name: string; ok: boolean }) => [c.name, c.ok])).toEqual([
      ['database', true],
      ['storage', true],
      ['job_queue', true],
    ]);
  });

  it('names file storage when it cannot be written', async () => {
    await fs.rm(t.storageDir, { recursive: true, force: true });
    await fs.writeFile(t.storageDir, 'a file where the storage directory should be');
    try {
      const res = await t.app.inject('/api/readyz');
      expect(res.statusCode).toBe(503);
      const body = res.json();
      expect(body.error.code).toBe('DEPENDENCY_UNAVAILABLE');
      expect(body.error.details.failing).toEqual(['storage']);
      expect(body.error.correlation_id).toBe(res.headers['x-request-id']);
    } finally {
      await fs.rm(t.storageDir, { force: true });
    }
    expect((await t.app.inject('/api/readyz')).statusCode).toBe(200);
  });

  it('names the job queue when its table is unreachable; the evaluator checks readiness itself and pages after three failures in a row', async () => {
    const openAlerts = () =>
      t.database.db
        .selectFrom('alerts')
        .selectAll()
        .where('alert_key', '=', 'app_unavailable')
        .where('state', '=', 'open')
        .execute();
    await sql`ALTER TABLE jobs RENAME TO jobs_moved`.execute(t.database.db);
    try {
      const res = await t.app.inject('/api/readyz');
      expect(res.statusCode).toBe(503);
      expect(res.json().error.details.failing).toEqual(['job_queue']);
      // Polling from outside pages nobody: only the evaluator's rule opens the incident.
      expect((await openAlerts()).length).toBe(0);
      for (let i = 1; i <= 4; i++) {
        await t.maintenance.evaluateAlerts();
        const open = await openAlerts();
        expect(open.length).toBe(i >= 3 ? 1 : 0);
        if (i === 3) expect(open[0]?.details).toMatchObject({ failing: ['job_queue'] });
      }
    } finally {
      await sql`ALTER TABLE jobs_moved RENAME TO jobs`.execute(t.database.db);
    }
    expect((await t.app.inject('/api/readyz')).statusCode).toBe(200);
    await t.maintenance.evaluateAlerts();
    const alert = await t.database.db
      .selectFrom('alerts')
      .selectAll()
      .where('alert_key', '=', 'app_unavailable')
      .executeTakeFirst();
    expect(alert?.state).toBe('resolved');
  });
});

describe('readiness with the database unreachable', () => {
  it('answers 503 naming the database and the job queue', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kitwright-nodb-'));
    const config = testConfig({}, dir);
    // A PostgreSQL address where nothing listens: every query fails to connect.
    const database = await openDatabase({
      url: 'postgres://postgres@127.0.0.1:1/none',
      dataDir: '',
      schema: null,
      poolSize: 1,
    });
    const logs: string[] = [];
    const { app } = await buildApp({
      config,
      database,
      logger: createLogger('info', { write: (l: string) => void logs.push(l) }),
      storage: createFsStorage(config.storage.dir),
    });
    try {
      const res = await app.inject('/api/readyz');
      expect(res.statusCode).toBe(503);
      expect(res.json().error.details.failing).toEqual(['database', 'job_queue']);
      expect(JSON.stringify(res.json())).not.toContain('127.0.0.1');
    } finally {
      await app.close();
      await database.close();
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
