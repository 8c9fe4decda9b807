/**
 * Runs once per test run. On PGlite it migrates one database and saves its data directory, which
 * every test file then loads (far faster than migrating each time). On PostgreSQL it prepares the
 * extensions that every per-file schema shares.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, openPglite } from '../../src/db/connection';
import { migrate, readMigrations } from '../../src/db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string | null;
  }
}

export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query("SELECT pg_advisory_lock(hashtext('kitwright-test-setup'))");
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public');
    await client.query("SELECT pg_advisory_unlock(hashtext('kitwright-test-setup'))");
    await client.end();
    project.provide('pgliteTemplate', null);
    return;
  }
  const migrations = await readMigrations();
  const key = createHash('sha256')
    .update(migrations.map((m) => m.checksum).join(','))
    .digest('hex')
    .slice(0, 16);
  const file = path.join(os.tmpdir(), `kitwright-pglite-template-${key}.tar.gz`);
  const exists = await fs.stat(file).then(
    () => true,
    () => false,
  );
  if (!exists) {
    const lite = await openPglite(null);
    const database = await openDatabase({ url: null, dataDir: '', schema: null, poolSize: 1 }, lite);
    await migrate(database.db);
    await database.close();
    const dump = await lite.dumpDataDir('gzip');
    await lite.close();
    const tmp = `${file}.${process.pid}.tmp`;
    await fs.writeFile(tmp, Buffer.from(await dump.arrayBuffer()));
    await fs.rename(tmp, file);
  }
  project.provide('pgliteTemplate', file);
}
