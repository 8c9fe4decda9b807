/**
 * The correlation id of the work in progress, carried through awaits: a request's id (set by the
 * first hook of every request), a job's correlation id (set by the job runner around its handler)
 * or an operator command's (cli/admin.ts). Everything that records the id — audit entries, product
 * events, alert signals, provider-call tracing, every log line (logging.ts) — reads it here at
 * the point of use; no service signature carries it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

export interface CorrelationScope {
  correlationId: string;
  /** Who is doing the work: an API request or a worker's job. */
  source: 'server' | 'worker';
}

const scope = new AsyncLocalStorage<CorrelationScope>();

/** Runs `fn` with `scope` as the current correlation (nested calls see the innermost). */
export function runCorrelated<T>(current: CorrelationScope, fn: () => T): T {
  return scope.run(current, fn);
}

/** The current correlation, or null outside any request or job (start-up, timers). */
export function currentCorrelation(): CorrelationScope | null {
  return scope.getStore() ?? null;
}

/** The current correlation id, or null outside any request or job. */
export function currentCorrelationId(): string | null {
  return scope.getStore()?.correlationId ?? null;
}

/** Every request's handlers and hooks run inside its correlation (its request id). */
export function installCorrelation(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    scope.run({ correlationId: request.id, source: 'server' }, done);
  });
}
