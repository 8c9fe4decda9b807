/**
 * bench/http: requests/s and latency of the real server's cheapest and busiest reads — health, the
 * app shell, a gallery page and a listing page — side by side with a bare Fastify route in the same
 * run. Each server runs in its own process; autocannon drives one target at a time from this one.
 * Run: npm run bench -- http
 *   BENCH_BASELINE=<checkout>  also runs every target against the server of another checkout (the
 *                              code before a change), alternating, so both are measured in one run
 *   BENCH_SECONDS (10), BENCH_CONNECTIONS (50), BENCH_ROUNDS (1)
 * Besides throughput it reports the server's own CPU time per request (from /proc, Linux): on a
 * shared machine other load moves req/s a lot, and the CPU a request costs the server much less.
 */
import fs from 'node:fs';
import autocannon from 'autocannon';
import { median, table } from '../support/report';
import { ROOT, type ServerProcess, startKitwright, startProcess } from '../support/server-process';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
const BASELINE = process.env.BENCH_BASELINE ?? null;

interface Result {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** Server CPU (user + system) per request, in microseconds; NaN where /proc is not there. */
  cpuUs: number;
}

/** The process's CPU time so far in clock ticks (1/100 s on Linux), or NaN. */
function cpuTicks(pid: number | undefined): number {
  try {
    const fields = (fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1] ?? '').split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return Number.NaN;
  }
}

async function drive(url: string, pid?: number): Promise<Result> {
  await autocannon({ url, connections: CONNECTIONS, duration: 2 }); // warm-up
  const before = cpuTicks(pid);
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION });
  const ticks = cpuTicks(pid) - before;
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.non2xx,
    cpuUs: (ticks * 10_000) / Math.max(1, r.requests.total),
  };
}

/** The seeded gallery's first listing, by slug (the page a visitor opens from the gallery). */
async function firstSlug(base: string): Promise<string> {
  const page = (await (await fetch(`${base}/api/gallery/listings?limit=1`)).json()) as {
    items: { slug: string }[];
  };
  const slug = page.items[0]?.slug;
  if (!slug) throw new Error('the seeded gallery is empty');
  return slug;
}

const TARGETS: Array<{ name: string; path: (slug: string) => string }> = [
  { name: 'GET /api/health', path: () => '/api/health' },
  { name: 'GET /api/app-shell', path: () => '/api/app-shell' },
  { name: 'gallery page', path: () => '/api/gallery/listings?limit=12' },
  { name: 'listing detail', path: (slug) => `/api/listings/${slug}` },
];

export async function benchHttp(): Promise<void> {
  const servers: Array<{ label: string; server: ServerProcess; slug: string }> = [];
  const bare = await startProcess(['bench/http/bare-server.ts'], {}, /bare server at (http:\/\/\S+)/, ROOT);
  try {
    for (const [label, root] of [
      ['this checkout', ROOT],
      ...(BASELINE ? [['baseline', BASELINE]] : []),
    ] as const) {
      const server = await startKitwright({ WEB_BUILD_ON_START: 'false' }, root);
      servers.push({ label, server, slug: await firstSlug(server.url) });
    }
    const rows: Array<Array<string | number>> = [];
    const bareRps: number[] = [];
    const runs = new Map<string, Result[]>();
    for (let round = 0; round < ROUNDS; round++) {
      bareRps.push((await drive(`${bare.url}/bare`)).rps);
      for (const t of TARGETS) {
        // Which server goes first alternates by round, so warming up favours neither.
        for (const s of round % 2 === 0 ? servers : [...servers].reverse()) {
          const key = `${t.name}\u0000${s.label}`;
          runs.set(key, [
            ...(runs.get(key) ?? []),
            await drive(`${s.server.url}${t.path(s.slug)}`, s.server.child.pid),
          ]);
        }
      }
    }
    const base = median(bareRps);
    rows.push(['bare Fastify route', '', Math.round(base), '', '', 0, '1.00×', '']);
    for (const t of TARGETS) {
      for (const s of servers) {
        const results = runs.get(`${t.name}\u0000${s.label}`) ?? [];
        const rps = median(results.map((r) => r.rps));
        rows.push([
          t.name,
          s.label,
          Math.round(rps),
          median(results.map((r) => r.p50)),
          median(results.map((r) => r.p99)),
          results.reduce((n, r) => n + r.errors, 0),
          `${(rps / base).toFixed(2)}×`,
          Math.round(median(results.map((r) => r.cpuUs))),
        ]);
      }
    }
    process.stdout.write(
      `\nbench/http: ${CONNECTIONS} connections, ${DURATION} s per target, ${ROUNDS} round(s), medians, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}\n\n`,
    );
    process.stdout.write(
      `${table(['target', 'server', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'req/s vs bare', 'CPU µs/req'], rows)}\n\n`,
    );
  } finally {
    await bare.stop();
    for (const s of servers) await s.server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchHttp();
