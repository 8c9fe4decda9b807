/**
 * bench/images (issue 42, finding 2): how long one person's small picture upload takes while
 * another person's heavy pictures are being processed, through the real server's HTTP API.
 *   finding  Alice sends four 78 KB PNGs of 1 × 39,999,000 pixels at once (the finding's files)
 *   heavy    Alice sends four 40-megapixel JPEGs (7,280 × 5,460, within every limit) at once
 *   alone    nobody else is uploading
 * In each, Bob then sends one 12 KB JPEG, and its time from request to answer is the figure
 * (median of BENCH_RUNS runs, each with new accounts); Alice's answers are awaited before the next run.
 * Run: npm run bench -- images [--before=<checkout>]   (or BENCH_BASELINE=<checkout>)
 *   The other checkout's server runs beside this one's, alternating run by run, so both are
 *   measured in one run on the same machine. BENCH_RUNS (3).
 */
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { greyPng } from '../../apps/server/test/support/images';
import { median, table } from '../support/report';
import { ROOT, startKitwright } from '../support/server-process';

const require = createRequire(import.meta.url);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const beforeAt = process.argv.findIndex((a) => a === '--before' || a.startsWith('--before='));
const beforeArg = process.argv[beforeAt]?.startsWith('--before=')
  ? process.argv[beforeAt]?.slice('--before='.length)
  : process.argv[beforeAt + 1];
const BASELINE = (beforeAt >= 0 ? beforeArg : process.env.BENCH_BASELINE) ?? null;
/** Time for Alice's requests to reach the server's image work before Bob sends his. */
const HEAD_START_MS = 500;

interface Answer {
  status: number;
  ms: number;
  reason: string | null;
}

async function account(url: string): Promise<string> {
  const username = `bench${randomUUID().replaceAll('-', '').slice(0, 10)}`;
  const res = await fetch(`${url}/api/v1/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username,
      email: `${username}@example.com`,
      password: 'correct-horse-battery',
      display_name: 'Bench',
    }),
  });
  if (res.status !== 201) throw new Error(`register: ${res.status} ${await res.text()}`);
  return (await res.json()).access_token;
}

async function send(url: string, token: string, bytes: Buffer, name: string): Promise<Answer> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const t0 = performance.now();
  const res = await fetch(`${url}/api/media/uploads`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = await res.json();
  return { status: res.status, ms: performance.now() - t0, reason: body.error?.details?.reason_code ?? null };
}

const source = require.resolve('autocannon/test/j5.jpeg');
const small = await sharp(source).resize(360, 180).jpeg({ quality: 80 }).toBuffer();
const strip = greyPng(1, 39_999_000);
const photo40 = await sharp(source).resize(7280, 5460, { fit: 'fill' }).jpeg({ quality: 92 }).toBuffer();
const scenarios: Record<string, Buffer | null> = { finding: strip, heavy: photo40, alone: null };

/** One run of a scenario: Bob's answer, and how Alice's four were answered. */
async function once(url: string, heavy: Buffer | null) {
  const [alice, bob] = await Promise.all([account(url), account(url)]);
  const alices = heavy ? Array.from({ length: 4 }, (_, i) => send(url, alice, heavy, `a${i}`)) : [];
  if (heavy) await new Promise((r) => setTimeout(r, HEAD_START_MS));
  const bobs = await send(url, bob, small, 'b.jpg');
  return { bob: bobs, alice: await Promise.all(alices) };
}

export async function benchImages() {
  const servers = [
    { name: 'after', root: ROOT },
    ...(BASELINE ? [{ name: 'before', root: path.resolve(BASELINE) }] : []),
  ];
  const env = { SEED_ON_START: 'false', REGISTRATIONS_PER_IP_PER_HOUR: '100000' };
  const running = await Promise.all(
    servers.map(async (s) => ({ ...s, server: await startKitwright(env, s.root) })),
  );
  process.stdout.write(
    `Bob's ${small.length.toLocaleString('en')}-byte JPEG while Alice uploads four ` +
      `${strip.length.toLocaleString('en')}-byte 1 × 39,999,000 PNGs (finding) or four ` +
      `${photo40.length.toLocaleString('en')}-byte 7,280 × 5,460 JPEGs (heavy); median of ${RUNS} runs\n`,
  );
  // Each server's image processes started (and the code loaded) before anything is timed: two
  // pictures at once, from two people, so a pool of two starts both.
  for (const s of running) {
    const [one, two] = await Promise.all([account(s.server.url), account(s.server.url)]);
    await Promise.all([send(s.server.url, one, small, 'w1.jpg'), send(s.server.url, two, small, 'w2.jpg')]);
  }
  const bob = new Map<string, number[]>();
  const aliceOutcome = new Map<string, string>();
  try {
    for (let run = 0; run < RUNS; run++) {
      for (const [scenario, heavy] of Object.entries(scenarios)) {
        // Alternating which server goes first, so a burst of load falls on both alike.
        const order = run % 2 ? [...running].reverse() : running;
        for (const s of order) {
          const key = `${scenario}/${s.name}`;
          const out = await once(s.server.url, heavy);
          if (out.bob.status !== 201) throw new Error(`${key}: Bob's upload answered ${out.bob.status}`);
          bob.set(key, [...(bob.get(key) ?? []), out.bob.ms]);
          const slowest = Math.max(0, ...out.alice.map((a) => a.ms));
          const statuses = out.alice.map((a) => `${a.status}${a.reason ? ` ${a.reason}` : ''}`);
          aliceOutcome.set(
            key,
            heavy ? `${[...new Set(statuses)].join(', ')}; last in ${(slowest / 1000).toFixed(1)} s` : '',
          );
          process.stdout.write(`  run ${run + 1} ${key}: Bob ${Math.round(out.bob.ms)} ms\n`);
        }
      }
    }
  } finally {
    await Promise.all(running.map((s) => s.server.stop()));
  }
  const rows = Object.keys(scenarios).flatMap((scenario) =>
    running.map((s) => {
      const key = `${scenario}/${s.name}`;
      const after = median(bob.get(`${scenario}/after`) ?? []);
      const mine = median(bob.get(key) ?? []);
      return [
        scenario,
        s.name,
        `${Math.round(mine)} ms`,
        s.name === 'after' ? '' : `${(mine / after).toFixed(1)}×`,
        aliceOutcome.get(key) ?? '',
      ];
    }),
  );
  process.stdout.write(
    `${table(['scenario', 'server', "Bob's upload", 'before/after', "Alice's uploads"], rows)}\n`,
  );
}
