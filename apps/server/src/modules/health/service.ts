/**
 * Liveness, health and readiness. Readiness checks every dependency a request may need (database,
 * file storage, the job queue table) and, after three failed checks in a row, raises the P0
 * "Production app unavailable" alert; it resolves the alert when all is well again.
 */
import { type Kysely, sql } from 'kysely';
import type { Logger } from 'pino';
import type { DB } from '../../db/schema';
import type { AlertService } from '../../platform/alerts';
import type { StorageProvider } from '../../providers/storage/storage-provider';

export interface ReadinessCheckResult {
  name: string;
  ok: boolean;
  duration_ms: number;
  error?: string;
}

const CHECK_TIMEOUT_MS = 2000;
const FAILURES_BEFORE_ALERT = 3;

async function timed(
  name: string,
  check: () => Promise<unknown>,
  log: Logger,
): Promise<ReadinessCheckResult> {
  const start = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`timed out after ${CHECK_TIMEOUT_MS} ms`)),
          CHECK_TIMEOUT_MS,
        );
      }),
    ]);
    return { name, ok: true, duration_ms: Math.round(performance.now() - start) };
  } catch (err) {
    // Clients learn which dependency failed and how, never its address or the driver's words.
    const timedOut = err instanceof Error && err.message.startsWith('timed out');
    log.warn({ check: name, err }, 'readiness check failed');
    return {
      name,
      ok: false,
      duration_ms: Math.round(performance.now() - start),
      error: timedOut ? 'timed out' : 'unavailable',
    };
  } finally {
    clearTimeout(timer);
  }
}

export function createReadinessService(deps: {
  db: Kysely<DB>;
  storage: StorageProvider;
  alerts: AlertService;
  logger: Logger;
}) {
  let consecutiveFailures = 0;
  return {
    async check(correlationId: string): Promise<{ ready: boolean; checks: ReadinessCheckResult[] }> {
      const checks = await Promise.all([
        timed('database', () => sql`SELECT 1`.execute(deps.db), deps.logger),
        timed('storage', () => deps.storage.check(), deps.logger),
        timed('job_queue', () => sql`SELECT 1 FROM jobs LIMIT 1`.execute(deps.db), deps.logger),
      ]);
      const ready = checks.every((c) => c.ok);
      if (ready) {
        if (consecutiveFailures >= FAILURES_BEFORE_ALERT) await deps.alerts.resolve('app_unavailable');
        consecutiveFailures = 0;
      } else if (++consecutiveFailures === FAILURES_BEFORE_ALERT) {
        await deps.alerts.raise('app_unavailable', {
          correlationId,
          details: { failing: checks.filter((c) => !c.ok).map((c) => c.name) },
        });
      }
      return { ready, checks };
    },
  };
}
