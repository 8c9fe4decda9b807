/**
 * bench/topology: the production shape (scripts/topology: nginx, API and worker processes, s3rver,
 * PostgreSQL) at 1 API + 1 worker and at 2 APIs + 2 workers, in one run: gallery page, listing
 * detail, a reservation burst and upload → published listing, each beside /api/livez (the bare
 * route, through the same nginx) as a ratio. This machine has 2 cores, so the point is that
 * throughput does not fall and nothing fails with more processes, not a linear speed-up.
 * Run: npm run bench -- topology   (PostgreSQL at 127.0.0.1:5432)
 *   BENCH_SECONDS (5), BENCH_CONNECTIONS (20), BENCH_LISTINGS (6), BENCH_BURST (40)
 */
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  CUBE_STL,
  call,
  expectStatus,
  type JobView,
  publish,
  publishedListing,
  RESERVE_BODY,
  registerAccount,
  settledJob,
  uploadModel,
} from '../../scripts/topology/client';
import { startTopology, type Topology } from '../../scripts/topology/topology';
import { median, table } from '../support/report';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 6);
const BURST = Number(process.env.BENCH_BURST ?? 40);
const DATABASE_URL =
  process.env.TOPOLOGY_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/kitwright_bench';

interface Row {
  shape: string;
  livez: number;
  gallery: number;
  detail: number;
  /** Database transactions (each statement outside a transaction is one) per request. */
  galleryXacts: number;
  detailXacts: number;
  burstMs: number;
  burstFailed: number;
  uploadToListingMs: number;
  errors: number;
}

/** The database's committed transactions so far (pg_stat_database; other databases' load excluded). */
async function xacts(client: pg.Client): Promise<number> {
  const r = await client.query(
    'SELECT pg_stat_clear_snapshot(), xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = current_database()',
  );
  return Number(r.rows[0].n);
}

async function rps(
  url: string,
  client: pg.Client,
): Promise<{ rps: number; errors: number; xactsPerRequest: number }> {
  const before = await xacts(client);
  const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS });
  // The statistics collector reports with a short delay.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const spent = (await xacts(client)) - before;
  const answered = r.requests.total;
  return {
    rps: r.requests.average,
    errors: r.errors + r.non2xx + r.timeouts,
    xactsPerRequest: answered > 0 ? spent / answered : Number.NaN,
  };
}

/** Upload → model job → block-kit job → publish, through nginx, in ms. */
async function uploadToListing(t: Topology, token: string): Promise<number> {
  const started = performance.now();
  const upload = await uploadModel(t.url, token, CUBE_STL, `cube-${randomUUID().slice(0, 6)}.stl`);
  const draft = await expectStatus<{ id: string }>(
    call(t.url, 'POST', '/api/design-drafts', {
      token,
      body: { mode: 'A', source_upload_id: upload.id, title: 'Cube', settings: { size: 16 } },
    }),
    201,
  );
  for (const kind of ['model-jobs', 'block-kit-jobs']) {
    const job = await expectStatus<JobView>(
      call(t.url, 'POST', `/api/design-drafts/${draft.id}/${kind}`, { token }),
      202,
    );
    const done = await settledJob(t.url, token, job.id);
    if (done.status !== 'succeeded' && done.status !== 'degraded') throw new Error(`${kind}: ${done.status}`);
  }
  await publish(t.url, token, draft.id, `Bench cube ${randomUUID().slice(0, 6)}`);
  return performance.now() - started;
}

async function measure(apis: number, workers: number): Promise<Row> {
  const t = await startTopology({
    apis,
    workers,
    databaseUrl: DATABASE_URL,
    schema: `bench_topo_${randomUUID().replaceAll('-', '').slice(0, 10)}`,
    // The burst comes from one address: the per-address limits would refuse most of it.
    env: {
      REGISTRATIONS_PER_IP_PER_HOUR: '100000',
      RESERVATIONS_PER_IP_PER_HOUR: '100000',
      RESERVATIONS_PER_IP_PER_LISTING_PER_DAY: '100000',
    },
  });
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    const owner = await registerAccount(t.url);
    const listings = [];
    for (let i = 0; i < LISTINGS; i++)
      listings.push(await publishedListing(t.url, owner.token, `Bench tower ${i}`));
    const first = listings[0] as { id: string; slug: string };
    // A discarded warm-up, so the first target measured does not pay for cold code paths.
    await autocannon({ url: `${t.url}/api/gallery/listings`, connections: CONNECTIONS, duration: 2 });
    const livez = await rps(`${t.url}/api/livez`, client);
    const gallery = await rps(`${t.url}/api/gallery/listings`, client);
    const detail = await rps(`${t.url}/api/listings/${first.slug}`, client);
    // A burst: BURST people reserve the same listing at once (each a signed-in account).
    // Made one after another: sign-up hashes a password, and this is set-up, not the measure.
    const people = [];
    for (let i = 0; i < BURST; i++) people.push(await registerAccount(t.url));
    const burstStart = performance.now();
    const answers = await Promise.all(
      people.map((p) =>
        call(t.url, 'POST', `/api/listings/${first.id}/interest`, { token: p.token, body: RESERVE_BODY }),
      ),
    );
    const burstMs = performance.now() - burstStart;
    const uploads = [];
    for (let i = 0; i < 3; i++) uploads.push(await uploadToListing(t, owner.token));
    return {
      shape: `${apis} API + ${workers} worker${workers > 1 ? 's' : ''}`,
      livez: livez.rps,
      gallery: gallery.rps,
      detail: detail.rps,
      galleryXacts: gallery.xactsPerRequest,
      detailXacts: detail.xactsPerRequest,
      burstMs,
      burstFailed: answers.filter((a) => a.status !== 201).length,
      uploadToListingMs: median(uploads),
      errors: livez.errors + gallery.errors + detail.errors,
    };
  } finally {
    await client.end();
    await t.stop();
  }
}

export async function benchTopology() {
  process.stdout.write(
    `bench/topology: ${SECONDS} s per target, ${CONNECTIONS} connections, through nginx; burst of ${BURST} reservations; upload → listing median of 3\n`,
  );
  const rows: Row[] = [];
  for (const [apis, workers] of [
    [1, 1],
    [2, 2],
  ] as const)
    rows.push(await measure(apis, workers));
  const r = (n: number) => Math.round(n);
  const ratio = (n: number, base: number) => (base > 0 ? (n / base).toFixed(2) : 'n/a');
  process.stdout.write(
    `${table(
      [
        'shape',
        'livez req/s',
        'gallery req/s',
        'gallery/livez',
        'detail req/s',
        'detail/livez',
        'db xacts/gallery req',
        'db xacts/detail req',
        `burst of ${BURST} ms`,
        'burst not 201',
        'upload→listing ms',
        'errors',
      ],
      rows.map((row) => [
        row.shape,
        r(row.livez),
        r(row.gallery),
        ratio(row.gallery, row.livez),
        r(row.detail),
        ratio(row.detail, row.livez),
        row.galleryXacts.toFixed(3),
        row.detailXacts.toFixed(3),
        r(row.burstMs),
        row.burstFailed,
        r(row.uploadToListingMs),
        row.errors,
      ]),
    )}\n`,
  );
  const [one, two] = rows as [Row, Row];
  process.stdout.write(
    `2 processes / 1 process: livez ${ratio(two.livez, one.livez)}, gallery ${ratio(two.gallery, one.gallery)}, detail ${ratio(two.detail, one.detail)}, burst time ${ratio(two.burstMs, one.burstMs)}, upload→listing ${ratio(two.uploadToListingMs, one.uploadToListingMs)}\n`,
  );
}
