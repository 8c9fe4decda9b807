/**
 * Drives one target at a fixed offered rate with autocannon (a warm-up first, not recorded) and
 * reports throughput and latency percentiles from every response: the gallery and dashboard
 * benchmarks' row.
 */
import autocannon from 'autocannon';
import { percentile } from './report';

export interface FixedRateRow {
  name: string;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

export async function driveAtRate(
  name: string,
  options: {
    base: string;
    paths: () => string;
    rate: number;
    seconds: number;
    connections: number;
    warmupSeconds: number;
    headers?: Record<string, string>;
  },
): Promise<FixedRateRow> {
  const latencies: number[] = [];
  let errors = 0;
  const run = (duration: number, record: boolean) =>
    new Promise<void>((resolve) => {
      const instance = autocannon(
        {
          url: options.base,
          connections: options.connections,
          overallRate: options.rate,
          duration,
          ...(options.headers ? { headers: options.headers } : {}),
          requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: options.paths() }) }],
        },
        () => resolve(),
      );
      instance.on('response', (_client, status, _bytes, time) => {
        if (!record) return;
        latencies.push(time);
        if (status >= 400) errors++;
      });
    });
  await run(options.warmupSeconds, false);
  const started = performance.now();
  await run(options.seconds, true);
  const seconds = (performance.now() - started) / 1000;
  return {
    name,
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors,
  };
}
