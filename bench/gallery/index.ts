/**
 * bench/gallery: 100,000 listings in PostgreSQL; gallery search, filtered browsing and listing
 * detail driven at a fixed 200 requests/s each, side by side with /api/health in the same run, with
 * p50/p95/p99 from every response. Run: npm run bench -- gallery
 * (DATABASE_URL defaults to postgres://postgres@127.0.0.1:5432/kitwright_bench).
 * BENCH_BASELINE=<checkout> also runs each row against that checkout's server on the same data,
 * alternating which goes first (BENCH_FLIP=1 swaps it), so a change and the code before it are
 * measured in one run. BENCH_ONLY=<names> runs only the rows whose names contain one of them.
 * GALLERY_CACHE_MS=0,5000 (a list) runs one server per cache setting, side by side in the same way,
 * so the table shows every row with the cache off and on.
 */

import type { GalleryQuery } from '@kitwright/contracts';
import pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/connection';
import { migrate } from '../../apps/server/src/db/migrate';
import { driveAtRate } from '../support/fixed-rate';
import { table } from '../support/report';
import { startKitwright } from '../support/server-process';
import { explainShapes } from './explain';
import { SEARCH_WORDS, seedListings, titleWordsOf } from './seed';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/kitwright_bench';
const COUNT = Number(process.env.BENCH_LISTINGS ?? 100_000);
/** One schema per size, so 100,000 and 1,000,000 listings are each seeded once and kept. */
const SCHEMA = COUNT === 100_000 ? 'bench_gallery' : `bench_gallery_${COUNT}`;
/** The gallery cache settings to run, each in a server of its own (none given: the server's default). */
const CACHES = process.env.GALLERY_CACHE_MS?.split(',').map((v) => v.trim()) ?? [null];
const RATE = Number(process.env.BENCH_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);

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
  await database.close();
  const have = await client.query(`SELECT count(*)::int AS n FROM ${SCHEMA}.listing_details`);
  if (have.rows[0].n < COUNT) {
    process.stdout.write(`Seeding ${COUNT} listings into ${SCHEMA} (once)...\n`);
    const started = performance.now();
    await client.query(`TRUNCATE ${SCHEMA}.listings, ${SCHEMA}.design_drafts CASCADE`);
    await seedListings(client, SCHEMA, COUNT);
    process.stdout.write(`Seeded in ${Math.round((performance.now() - started) / 1000)} s.\n`);
  }
  const slugs = (
    await client.query(
      `SELECT slug FROM ${SCHEMA}.listings WHERE moderation_state = 'approved' ORDER BY random() LIMIT 500`,
    )
  ).rows.map((r) => r.slug as string);
  await client.end();
  return slugs;
}

function drive(name: string, base: string, paths: () => string) {
  return driveAtRate(name, { base, paths, rate: RATE, seconds: SECONDS, connections: 16, warmupSeconds: 3 });
}

export async function benchGallery() {
  const slugs = await prepare();
  const env = {
    DATABASE_URL,
    DATABASE_SCHEMA: SCHEMA,
    JOB_CONCURRENCY: '0',
    SEED_ON_START: 'false',
    DATABASE_POOL_SIZE: '16',
    WEB_BUILD_ON_START: 'false',
  };
  // One server per cache setting and checkout; each row is driven against every one of them in turn.
  const servers: Array<{ label: string; url: string; stop(): Promise<void> }> = [];
  const checkouts: Array<[string, string | undefined]> = [
    ['this checkout', undefined],
    ...(process.env.BENCH_BASELINE ? [['baseline', process.env.BENCH_BASELINE] as [string, string]] : []),
  ];
  for (const cache of CACHES)
    for (const [name, root] of checkouts) {
      const label = [checkouts.length > 1 ? name : null, CACHES.length > 1 ? `cache ${cache} ms` : null]
        .filter(Boolean)
        .join(', ');
      const started = await startKitwright(cache === null ? env : { ...env, GALLERY_CACHE_MS: cache }, root);
      servers.push({ label, url: started.url, stop: () => started.stop() });
    }
  const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)] as T;
  try {
    const only = process.env.BENCH_ONLY?.split(',');
    const want = (name: string) => !only || only.some((o) => name.includes(o));
    const targets: Array<[string, () => string]> = [
      ['GET /api/health', () => '/api/health'],
      [
        'gallery search (q=word)',
        () => `/api/gallery/listings?q=${pick(SEARCH_WORDS)}&locale=${pick(['en', 'fr', 'de'])}`,
      ],
      [
        'gallery search, two words',
        () => `/api/gallery/listings?q=${pick(SEARCH_WORDS)}+${pick(SEARCH_WORDS)}`,
      ],
      [
        'gallery search, three words + filter',
        () => {
          // The words of a listing that exists, as someone who saw it would type them.
          const words = titleWordsOf(1 + Math.floor(Math.random() * COUNT));
          return `/api/gallery/listings?q=${words.join('+')}&category=${pick(['garden', 'decor', 'architecture'])}`;
        },
      ],
      [
        'gallery search with a typo',
        () => `/api/gallery/listings?q=${pick(['lighthuse', 'cottge', 'pyramd', 'windmil', 'bridg'])}`,
      ],
      [
        'gallery search, prefix as typed',
        () => {
          const word = pick(SEARCH_WORDS);
          return `/api/gallery/listings?q=${word.slice(0, Math.min(word.length, 3 + Math.floor(Math.random() * 3)))}`;
        },
      ],
      [
        'gallery filter + sort',
        () =>
          `/api/gallery/listings?category=${pick(['garden', 'decor', 'architecture'])}&min_parts=100&max_parts=900&colours=${pick(['red', 'blue', 'green'])}&sort=${pick(['most_viewed', 'most_saved', 'fewest_parts', 'newest', 'most_reserved'])}`,
      ],
      ['listing detail', () => `/api/listings/${pick(slugs)}?locale=${pick(['en', 'fr', 'de'])}`],
    ];
    const rows = [];
    for (const [index, [name, path]] of targets.entries()) {
      if (!want(name)) continue;
      // Whichever server goes first warms PostgreSQL's buffers for the others: rotate the order.
      // BENCH_FLIP=1 shifts it by one, to see whether a difference follows the order.
      const shift = (index + (process.env.BENCH_FLIP === '1' ? 1 : 0)) % servers.length;
      const measured = [];
      for (const server of [...servers.slice(shift), ...servers.slice(0, shift)])
        measured.push(await drive(server.label ? `${name} (${server.label})` : name, server.url, path));
      rows.push(...measured.sort((a, b) => (a.name < b.name ? 1 : -1)));
    }
    process.stdout.write(
      `\nbench/gallery: ${COUNT.toLocaleString('en')} listings on PostgreSQL, ${RATE} requests/s offered for ${SECONDS} s per row, 16 connections, gallery cache ${CACHES.map((c) => c ?? '5000 (the default)').join(' and ')} ms\n\n${table(
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
    for (const server of servers) await server.stop();
  }
  if (process.env.BENCH_EXPLAIN !== '0') {
    const shapes: Array<[string, GalleryQuery]> = [
      ['one word', { q: 'bridge', locale: 'en' }],
      ['two words that never meet', { q: 'red bridge' }],
      ['two words that meet', { q: 'red tower' }],
      ['three words + filter', { q: titleWordsOf(40).join(' '), category: 'garden' }],
      ['a typo', { q: 'lighthuse' }],
      ['a prefix as typed', { q: 'brid' }],
      [
        'filter + sort',
        { category: 'garden', min_parts: 100, max_parts: 900, colours: 'red', sort: 'most_viewed' },
      ],
    ];
    process.stdout.write(
      `Plans of each shape's statements (EXPLAIN ANALYZE, BUFFERS), ${COUNT.toLocaleString('en')} listings:\n\n${await explainShapes(DATABASE_URL, SCHEMA, shapes)}\n`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchGallery();
