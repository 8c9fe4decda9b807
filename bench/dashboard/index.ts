/**
 * bench/dashboard: the founder dashboard (GET /api/admin/beta) on 1,000,000 product events and
 * 100,000 interest reservations in PostgreSQL, for launch week, the first 30 days and a custom
 * 60 days, read at a fixed rate by a few founders at once, with p50/p95/p99 from every response;
 * plus the time of the first read, which rolls the whole event history up once.
 * Run: npm run bench -- dashboard
 * (DATABASE_URL defaults to postgres://postgres@127.0.0.1:5432/kitwright_bench; BENCH_EVENTS,
 * BENCH_RESERVATIONS, BENCH_RATE, BENCH_SECONDS change the sizes.)
 */
import pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/connection';
import { migrate } from '../../apps/server/src/db/migrate';
import { DEMO_PASSWORD, seedDemoUsers } from '../../apps/server/src/seed/demo';
import { driveAtRate } from '../support/fixed-rate';
import { table } from '../support/report';
import { startKitwright } from '../support/server-process';
import { DAYS, seedBeta } from './seed';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/kitwright_bench';
const SCHEMA = 'bench_dashboard';
const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const RESERVATIONS = Number(process.env.BENCH_RESERVATIONS ?? 100_000);
const RATE = Number(process.env.BENCH_RATE ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CONNECTIONS = 4;

async function prepare() {
  const url = new URL(DATABASE_URL);
  const admin = new pg.Client({ connectionString: `${url.protocol}//${url.username}@${url.host}/postgres` });
  await admin.connect();
  const name = url.pathname.slice(1);
  if ((await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 0)
    await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public');
  await client.query(`CREATE SCHEMA IF NOT EXISTS ${SCHEMA}`);
  const database = await openDatabase({ url: DATABASE_URL, dataDir: '', schema: SCHEMA, poolSize: 2 });
  await migrate(database.db);
  await seedDemoUsers(database.db);
  await database.close();
  const have = await client.query(
    `SELECT (SELECT count(*) FROM ${SCHEMA}.product_events)::int AS events,
      (SELECT count(*) FROM ${SCHEMA}.interest_reservations)::int AS reservations`,
  );
  if (have.rows[0].events !== EVENTS || have.rows[0].reservations !== RESERVATIONS) {
    process.stdout.write(
      `Seeding ${EVENTS} product events and ${RESERVATIONS} reservations into ${SCHEMA} (once)...\n`,
    );
    const started = performance.now();
    await client.query(
      `TRUNCATE ${SCHEMA}.product_events, ${SCHEMA}.interest_reservations, ${SCHEMA}.listings, ${SCHEMA}.design_drafts,
        ${SCHEMA}.jobs, ${SCHEMA}.support_conversations, ${SCHEMA}.alerts, ${SCHEMA}.founder_event_days, ${SCHEMA}.media_files CASCADE`,
    );
    await client.query(`DELETE FROM ${SCHEMA}.users WHERE username LIKE 'beta%'`);
    await seedBeta(client, SCHEMA, { events: EVENTS, reservations: RESERVATIONS });
    process.stdout.write(`Seeded in ${Math.round((performance.now() - started) / 1000)} s.\n`);
  }
  // Every run measures the first read's rollup of the whole history.
  await client.query(`TRUNCATE ${SCHEMA}.founder_event_days`);
  await client.query(`UPDATE ${SCHEMA}.founder_rollup_state SET rolled_up_to = '1970-01-01T00:00:00Z'`);
  await client.end();
}

function drive(name: string, base: string, token: string, paths: () => string) {
  return driveAtRate(name, {
    base,
    paths,
    rate: RATE,
    seconds: SECONDS,
    connections: CONNECTIONS,
    warmupSeconds: 2,
    headers: { authorization: `Bearer ${token}` },
  });
}

export async function benchDashboard() {
  await prepare();
  const server = await startKitwright({
    DATABASE_URL,
    DATABASE_SCHEMA: SCHEMA,
    JOB_CONCURRENCY: '0',
    SEED_ON_START: 'false',
    DATABASE_POOL_SIZE: '16',
    WEB_BUILD_ON_START: 'false',
  });
  try {
    const login = await fetch(`${server.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'founder', password: DEMO_PASSWORD }),
    });
    if (!login.ok) throw new Error(`founder login failed: ${login.status} ${await login.text()}`);
    const token = ((await login.json()) as { access_token: string }).access_token;
    const headers = { authorization: `Bearer ${token}` };

    const firstStarted = performance.now();
    const first = await fetch(`${server.url}/api/admin/beta`, { headers });
    const firstMs = performance.now() - firstStarted;
    if (!first.ok) throw new Error(`dashboard failed: ${first.status} ${await first.text()}`);
    const body = (await first.json()) as { metrics: Array<{ key: string; value: number }> };

    const today = new Date(Date.now() - (Date.now() % 86_400_000));
    const from = new Date(today.getTime() - (DAYS - 1) * 86_400_000).toISOString();
    const to = new Date(today.getTime() + 86_400_000).toISOString();
    const rows = [
      await drive('launch week', server.url, token, () => '/api/admin/beta?period=launch_week'),
      await drive('first 30 days', server.url, token, () => '/api/admin/beta?period=first_30_days'),
      await drive(`custom ${DAYS} days`, server.url, token, () => `/api/admin/beta?from=${from}&to=${to}`),
      await drive(
        'CSV export (daily, 30 days)',
        server.url,
        token,
        () => '/api/admin/beta/export/daily.csv?period=first_30_days',
      ),
    ];
    const figures = Object.fromEntries(body.metrics.map((m) => [m.key, m.value]));
    process.stdout.write(
      `\nbench/dashboard: ${EVENTS.toLocaleString('en')} product events and ${RESERVATIONS.toLocaleString('en')} reservations on PostgreSQL over ${DAYS} days, ${RATE} requests/s offered for ${SECONDS} s per row, ${CONNECTIONS} connections\n` +
        `first read (rolls up the whole event history once): ${Math.round(firstMs)} ms; launch week: ${JSON.stringify(figures)}\n\n${table(
          ['target', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors'],
          rows.map((r) => [
            r.name,
            Math.round(r.rps),
            r.p50.toFixed(1),
            r.p95.toFixed(1),
            r.p99.toFixed(1),
            r.errors,
          ]),
        )}\n\n`,
    );
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchDashboard();
