/**
 * bench/jobs: (1) jobs per second through the durable queue with one and two worker processes on
 * PostgreSQL (no-op jobs, so the figure is the queue's own cost: claim, step, complete, each a
 * fenced write); (2) the end-to-end time from upload to published listing for the 69,451-triangle
 * bunny through the real server's HTTP API. Run: npm run bench -- jobs
 * (needs PostgreSQL at DATABASE_URL, default postgres://postgres@127.0.0.1:5432/kitwright_bench).
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/connection';
import { migrate } from '../../apps/server/src/db/migrate';
import { newId } from '../../apps/server/src/platform/ids';
import { median, table } from '../support/report';
import { ROOT, startKitwright, startProcess } from '../support/server-process';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/kitwright_bench';
const JOBS = Number(process.env.BENCH_JOBS ?? 2000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

async function ensureDatabase() {
  const url = new URL(DATABASE_URL);
  const name = url.pathname.slice(1);
  const admin = new pg.Client({ connectionString: `${url.protocol}//${url.username}@${url.host}/postgres` });
  await admin.connect();
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
}

async function queueThroughput(processes: number): Promise<number> {
  const schema = `bench_${newId().replaceAll('-', '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const database = await openDatabase({ url: DATABASE_URL, dataDir: '', schema, poolSize: 4 });
  try {
    await migrate(database.db);
    const workers = await Promise.all(
      Array.from({ length: processes }, () =>
        startProcess(
          ['bench/jobs/noop-worker.ts'],
          { DATABASE_URL, DATABASE_SCHEMA: schema, CONCURRENCY: '4' },
          /(worker) ready/,
          ROOT,
        ),
      ),
    );
    // Workers are up and idle; the clock starts when the jobs arrive.
    const steps = JSON.stringify([{ name: 'work', status: 'pending', progress: 0 }]);
    const started = performance.now();
    await admin.query(
      `INSERT INTO ${schema}.jobs (id, type, payload, steps, artefacts)
       SELECT gen_random_uuid(), 'bench_noop', '{}', $1::jsonb, '{}' FROM generate_series(1, $2)`,
      [steps, JOBS],
    );
    for (;;) {
      const left = await admin.query(
        `SELECT count(*)::int AS n FROM ${schema}.jobs WHERE status NOT IN ('succeeded', 'degraded')`,
      );
      if (left.rows[0].n === 0) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const seconds = (performance.now() - started) / 1000;
    await Promise.all(workers.map((w) => w.stop()));
    return JOBS / seconds;
  } finally {
    await database.close();
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  }
}

async function endToEnd(): Promise<Record<string, number>> {
  const server = await startKitwright({ JOB_CONCURRENCY: '1' });
  const api = async (method: string, url: string, token: string | null, body?: unknown) => {
    const res = await fetch(`${server.url}${url}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const json = await res.json();
    if (res.status >= 400) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  const waitFor = async (token: string, jobId: string) => {
    for (;;) {
      const job = await api('GET', `/api/jobs/${jobId}`, token);
      if (job.status === 'succeeded' || job.status === 'degraded') return job;
      if (['failed', 'dead', 'cancelled'].includes(job.status))
        throw new Error(`job ${job.status}: ${JSON.stringify(job.error)}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  };
  try {
    const { access_token: token } = await api('POST', '/api/v1/auth/login', null, {
      username: 'demo',
      password: 'kitwright-demo',
    });
    const bytes = fs.readFileSync(path.join(ROOT, 'node_modules/stl-models/objects/bunny.bin.stl'));
    const marks: Record<string, number> = {};
    const t0 = performance.now();
    const form = new FormData();
    form.append('file', new Blob([bytes]), 'bunny.stl');
    const up = await (
      await fetch(`${server.url}/api/media/uploads`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      })
    ).json();
    marks.upload = performance.now() - t0;
    const draft = await api('POST', '/api/design-drafts', token, {
      mode: 'A',
      source_upload_id: up.upload.id,
      title: 'Bunny',
      settings: { size: 64, up_axis: 'y' }, // the scanned bunny stands on its y axis
    });
    let t = performance.now();
    await waitFor(token, (await api('POST', `/api/design-drafts/${draft.id}/model-jobs`, token)).id);
    marks.model_job = performance.now() - t;
    t = performance.now();
    await waitFor(token, (await api('POST', `/api/design-drafts/${draft.id}/block-kit-jobs`, token)).id);
    marks.block_kit_job = performance.now() - t;
    t = performance.now();
    await api('POST', `/api/design-drafts/${draft.id}/publish`, token, {
      title: `Stanford bunny ${newId().slice(-4)}`,
      description: 'The Stanford bunny as a block kit, for the benchmark.',
      category: 'animals',
      visibility: 'public',
      use_case: 'decorative',
      safety: {
        intended_for_children: false,
        bears_loads_or_people: false,
        contains_electrics: false,
        used_outdoors_in_water: false,
      },
      licence: { accepted: true, version: '2026-11-01' },
    });
    marks.publish = performance.now() - t;
    marks.total = performance.now() - t0;
    return marks;
  } finally {
    await server.stop();
  }
}

export async function benchJobs(): Promise<void> {
  await ensureDatabase();
  const rows: Array<[string, string, string]> = [];
  for (const processes of [1, 2]) {
    const samples: number[] = [];
    for (let i = 0; i < RUNS; i++) samples.push(await queueThroughput(processes));
    rows.push([
      `${processes} worker process${processes > 1 ? 'es' : ''} × 4 loops`,
      Math.round(median(samples)).toString(),
      samples.map((s) => Math.round(s)).join(', '),
    ]);
  }
  process.stdout.write(
    `\nbench/jobs: ${JOBS} no-op jobs per run, ${RUNS} runs, PostgreSQL\n\n${table(['workers', 'median jobs/s', 'runs'], rows)}\n`,
  );
  if (process.env.BENCH_SKIP_E2E) return;
  const e2e: Array<Record<string, number>> = [];
  for (let i = 0; i < RUNS; i++) e2e.push(await endToEnd());
  const keys = Object.keys(e2e[0] ?? {});
  process.stdout.write(
    `\nUpload → published listing, 69,451-triangle bunny at size 64, real server on PGlite (${RUNS} runs, median ms)\n\n${table(
      keys,
      [keys.map((k) => Math.round(median(e2e.map((r) => r[k] ?? 0))))],
    )}\n\n`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await benchJobs();
