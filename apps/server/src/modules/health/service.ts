/**
 * Liveness, health and readiness. Readiness checks every dependency a request may need (database,
 * file storage, the job queue table), and is false from the moment the process starts draining
 * (SIGTERM), so a load balancer or orchestrator stops sending it requests before it stops accepting.
 * The alert evaluator calls the dependency checks on its schedule (the server checks itself), and
 * opens "Production app unavailable" by its rule; a draining process is not an outage.
 */
import { appVersionFor, type HealthResponse } from '@kitwright/contracts';
import type { Logger } from 'pino';
import type { Config } from '../../config';
import type { DeliveryControls } from '../../platform/delivery-controls';
import type { StorageProvider } from '../../providers/storage/storage-provider';

export interface ReadinessCheckResult {
  name: string;
  ok: boolean;
  duration_ms: number;
  error?: string;
}

const CHECK_TIMEOUT_MS = 2000;

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

export function createHealthService(deps: {
  config: Config;
  controls: DeliveryControls;
  /** The database answers a trivial query. */
  pingDatabase: () => Promise<unknown>;
  /** The job queue's table answers (the jobs module). */
  pingJobQueue: () => Promise<unknown>;
  storage: StorageProvider;
  logger: Logger;
  startedAt: number;
}) {
  let drainingSince: number | null = null;

  /** Every dependency a request may need, checked at once, each within CHECK_TIMEOUT_MS. */
  async function dependencies(): Promise<{ ready: boolean; checks: ReadinessCheckResult[] }> {
    const checks = await Promise.all([
      timed('database', deps.pingDatabase, deps.logger),
      timed('storage', () => deps.storage.check(), deps.logger),
      timed('job_queue', deps.pingJobQueue, deps.logger),
    ]);
    return { ready: checks.every((c) => c.ok), checks };
  }

  return {
    async health(): Promise<HealthResponse> {
      const phase = await deps.controls.phase();
      return {
        status: 'ok',
        version: appVersionFor(phase, deps.config.buildNumber),
        release: deps.config.release,
        uptime_seconds: Math.round((Date.now() - deps.startedAt) / 1000),
        phase,
      };
    },

    dependencies,

    /** The dependencies, and whether this process still takes new requests (not draining). */
    async readiness(): Promise<{ ready: boolean; checks: ReadinessCheckResult[] }> {
      const { checks } = await dependencies();
      if (drainingSince !== null)
        checks.push({ name: 'accepting', ok: false, duration_ms: 0, error: 'draining' });
      return { ready: checks.every((c) => c.ok), checks };
    },

    /** From now on readiness is false (shutdown has begun); requests are still served. */
    startDraining(): void {
      drainingSince ??= Date.now();
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
