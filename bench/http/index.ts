/**
 * bench/http: requests/s and latency of /api/health and /api/app-shell on the real server, side by
 * side with a bare Fastify route in the same run. Each target runs in its own process; autocannon
 * drives them one after another from this process. Run: npm run bench -- http
 */
import autocannon from 'autocannon';
import { table } from '../support/report';
import { ROOT, startKitwright, startProcess } from '../support/server-process';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);

interface Result {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function drive(name: string, url: string): Promise<Result> {
  await autocannon({ url, connections: CONNECTIONS, duration: 2 }); // warm-up
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION });
  return {
    name,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.non2xx,
  };
}

export async function benchHttp(): Promise<void> {
  const kit = await startKitwright();
  const bare = await startProcess(['bench/http/bare-server.ts'], {}, /bare server at (http:\/\/\S+)/, ROOT);
  try {
    const results = [
      await drive('bare Fastify route', `${bare.url}/bare`),
      await drive('GET /api/health', `${kit.url}/api/health`),
      await drive('GET /api/app-shell', `${kit.url}/api/app-shell`),
    ];
    const base = results[0] as Result;
    process.stdout.write(
      `\nbench/http: ${CONNECTIONS} connections, ${DURATION} s each, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}\n\n`,
    );
    process.stdout.write(
      `${table(
        ['target', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'req/s vs bare'],
        results.map((r) => [
          r.name,
          Math.round(r.rps),
          r.p50,
          r.p99,
          r.errors,
          `${(r.rps / base.rps).toFixed(2)}×`,
        ]),
      )}\n\n`,
    );
  } finally {
    await bare.stop();
    await kit.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchHttp();
