/**
 * Prometheus metrics: request latency by route, error counts by code, job queue depth. One
 * registry per app instance (no global registry), so tests and several apps never collide.
 */
import { Counter, Gauge, Histogram, Registry } from 'prom-client';

export interface Metrics {
  registry: Registry;
  httpDuration: Histogram<'method' | 'route' | 'status'>;
  httpErrors: Counter<'route' | 'code'>;
  jobQueueDepth: Gauge<'status'>;
}

export type QueueDepthReader = () => Promise<Record<string, number>>;

export function createMetrics(readQueueDepth: QueueDepthReader): Metrics {
  const registry = new Registry();
  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by route',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const httpErrors = new Counter({
    name: 'http_errors_total',
    help: 'HTTP error answers by route and error code',
    labelNames: ['route', 'code'] as const,
    registers: [registry],
  });
  const jobQueueDepth = new Gauge({
    name: 'job_queue_depth',
    help: 'Jobs by status (queued, running, dead)',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const depth = await readQueueDepth();
      this.reset();
      for (const status of ['queued', 'running', 'dead']) this.set({ status }, depth[status] ?? 0);
    },
  });
  return { registry, httpDuration, httpErrors, jobQueueDepth };
}
