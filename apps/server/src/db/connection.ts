/**
 * Opens the one database the server uses: embedded PGlite in DATA_DIR when DATABASE_URL is unset,
 * a PostgreSQL server through node-postgres when it is set. Both run the same Kysely code over
 * the pg driver (PGlite through its node-postgres adapter), so SQL is PostgreSQL everywhere.
 */
import fs from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../config';
import { lockDataDir } from './data-dir-lock';
import type { DB } from './schema';

export type DatabaseDriver = 'pglite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  driver: DatabaseDriver;
  /**
   * Connection settings for a dedicated session client (LISTEN/NOTIFY, the migration lock), only for
   * PostgreSQL: DATABASE_DIRECT_URL when set (DATABASE_URL may be a transaction-pooling PgBouncer).
   */
  pgConfig: pg.PoolConfig | null;
  close(): Promise<void>;
}

/** bigint (count(*), bigserial) as a JS number: our counts stay far below 2^53. */
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === 20) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  },
};

export function pglitePoolConfig(lite: PGlite): pg.PoolConfig {
  return { ...createPgConfig(lite), types };
}

export const PGLITE_EXTENSIONS = { pg_trgm };

export async function openPglite(dataDir: string | null, loadDataDir?: Blob): Promise<PGlite> {
  if (dataDir) await fs.mkdir(dataDir, { recursive: true });
  return PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    extensions: PGLITE_EXTENSIONS,
  });
}

/** What opening a database needs; the timeout and direct URL have defaults for tools and tests. */
export type DatabaseSettings = Omit<Config['database'], 'connectTimeoutMs' | 'directUrl'> &
  Partial<Pick<Config['database'], 'connectTimeoutMs' | 'directUrl'>>;

export async function openDatabase(config: DatabaseSettings, existing?: PGlite): Promise<Database> {
  if (config.url) {
    const session = config.schema ? { options: `-c search_path=${config.schema},public` } : {};
    const poolConfig: pg.PoolConfig = {
      connectionString: config.url,
      max: config.poolSize,
      types,
      // A request never waits for a connection forever: past this it fails (503, platform/errors.ts).
      connectionTimeoutMillis: config.connectTimeoutMs ?? 5000,
      ...session,
    };
    const pgConfig: pg.PoolConfig = {
      connectionString: config.directUrl ?? config.url,
      types,
      connectionTimeoutMillis: config.connectTimeoutMs ?? 5000,
      ...session,
    };
    const pool = new pg.Pool(poolConfig);
    // An idle client that loses its connection must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    // Nor one checked out between two statements (a transaction waiting on other work) when the
    // server terminates it: node-postgres emits 'error' on the client, and an event without a
    // listener would crash the process. Its next statement fails (503) and the pool drops it.
    pool.on('connect', (client) => {
      client.on('error', () => {});
    });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, driver: 'postgres', pgConfig, close: () => db.destroy() };
  }
  // A directory this process opens itself is locked against other processes (data-dir-lock.ts).
  const unlock = existing || !config.dataDir ? async () => {} : await lockDataDir(config.dataDir);
  let lite: PGlite;
  try {
    lite = existing ?? (await openPglite(config.dataDir));
  } catch (err) {
    await unlock();
    throw err;
  }
  const pool = new pg.Pool(pglitePoolConfig(lite));
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    driver: 'pglite',
    pgConfig: null,
    async close() {
      await db.destroy();
      if (!existing) await lite.close();
      await unlock();
    },
  };
}
