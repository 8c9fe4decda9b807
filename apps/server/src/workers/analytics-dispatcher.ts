/**
 * The analytics dispatcher (worker role): sends the local mirror of product events to the analytics
 * provider in batches, at least once. A batch is claimed under a lease (several workers never hold
 * the same rows), sent with each event's id as the provider's de-duplication key, and marked
 * dispatched only after the provider accepted it. A failure (5xx, refusal, timeout) puts the batch
 * back with an exponential backoff, and the next run retries it. Failures and successes are
 * recorded durably (when the current run of failures began); the scheduled alert evaluator reads
 * that record to open the P2 "Analytics dispatch failure" after fifteen minutes with no success
 * and to resolve it after the next success (workers/alert-rules.ts).
 */
import type { Logger } from 'pino';
import type { Clock } from '../platform/clock';
import type { DispatchRow, DispatchStore } from '../platform/product-events';
import type { AnalyticsEvent, AnalyticsProvider } from '../providers/analytics/analytics-provider';

export interface DispatchSettings {
  batchSize: number;
  intervalMs: number;
  leaseMs: number;
  backoffBaseMs: number;
  backoffMaxMs: number;
  maxBatchesPerRun: number;
}

export const DISPATCH_DEFAULTS: Readonly<DispatchSettings> = {
  /** Events per provider call (PostHog's batch endpoint takes far more; small batches fail small). */
  batchSize: 100,
  /** Pause between runs when all is well. */
  intervalMs: 10_000,
  /** How long a claimed batch is held before another worker may take it (longer than a send). */
  leaseMs: 60_000,
  /** First retry after a failure; doubled per consecutive failure up to `backoffMaxMs`. */
  backoffBaseMs: 5_000,
  backoffMaxMs: 5 * 60_000,
  /** Batches per run at most; the rest waits for the next run. */
  maxBatchesPerRun: 50,
};

export interface DispatchResult {
  /** Events the provider accepted. */
  sent: number;
  /** Events of a failed batch, postponed to `retryInMs`. */
  failed: number;
  /** Set when the run ended on a failure: when the batch is due again. */
  retryInMs: number | null;
  error: string | null;
}

/** Backoff after `failures` consecutive failures: 5 s, 10 s, 20 s … at most 5 minutes. */
export function backoffMs(
  failures: number,
  settings: Pick<DispatchSettings, 'backoffBaseMs' | 'backoffMaxMs'>,
) {
  const exp = Math.min(Math.max(failures - 1, 0), 30);
  return Math.min(settings.backoffBaseMs * 2 ** exp, settings.backoffMaxMs);
}

/**
 * A mirror row as the provider receives it. The distinct id is the server-issued pseudonymous id
 * (account, else visitor session, else the event's own id), never anything the client chose.
 */
export function toAnalyticsEvent(row: DispatchRow): AnalyticsEvent {
  const attribution = row.source_attribution ?? {};
  return {
    id: row.id,
    name: row.name,
    version: row.version,
    distinctId: row.user_id ?? row.session_id ?? `event-${row.id}`,
    identified: row.user_id !== null,
    occurredAt: row.occurred_at,
    // Only sign-up joins a visitor's earlier events to the account it became: signing in to an
    // existing account from a visitor session leaves that session's events pseudonymous.
    ...(row.name === 'signup_completed' && row.user_id && row.session_id
      ? { mergesVisitor: row.session_id }
      : {}),
    properties: {
      ...row.properties,
      consent_class: row.consent_class,
      emitter: row.emitter,
      route: row.route,
      first_touch: attribution.first_touch ?? null,
      last_touch: attribution.last_touch ?? null,
    },
  };
}

export function createAnalyticsDispatcher(deps: {
  store: DispatchStore;
  provider: AnalyticsProvider;
  clock: Clock;
  logger: Logger;
  settings?: Partial<DispatchSettings>;
}) {
  const settings: DispatchSettings = { ...DISPATCH_DEFAULTS, ...deps.settings };
  const log = deps.logger.child({ stage: 'analytics-dispatch', provider: deps.provider.kind });
  let failures = 0;
  /** After a failure this dispatcher waits out its backoff before it tries the provider again. */
  let pausedUntil = 0;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<DispatchResult> | null = null;
  let stopped = true;

  /** Claims, sends and settles one batch. */
  async function dispatchBatch(): Promise<DispatchResult & { claimed: number }> {
    const now = deps.clock.now();
    const rows = await deps.store.claim(now, new Date(now.getTime() + settings.leaseMs), settings.batchSize);
    if (rows.length === 0) return { claimed: 0, sent: 0, failed: 0, retryInMs: null, error: null };
    const ids = rows.map((r) => r.id);
    try {
      await deps.provider.send(rows.map(toAnalyticsEvent));
    } catch (err) {
      failures += 1;
      const delay = backoffMs(failures, settings);
      const error = (err instanceof Error ? err.message : String(err)).slice(0, 200);
      const at = deps.clock.now();
      pausedUntil = at.getTime() + delay;
      await deps.store.postpone(ids, new Date(pausedUntil));
      const since = await deps.store.recordFailure(at, error);
      const failingMs = at.getTime() - since.getTime();
      log.warn(
        { events: rows.length, failures, retry_in_ms: delay, failing_ms: failingMs, error },
        'analytics dispatch failed',
      );
      return { claimed: rows.length, sent: 0, failed: rows.length, retryInMs: delay, error };
    }
    failures = 0;
    pausedUntil = 0;
    const at = deps.clock.now();
    await deps.store.markDispatched(ids, at);
    const wasFailingSince = await deps.store.recordSuccess(at);
    if (wasFailingSince)
      log.info({ failing_since: wasFailingSince.toISOString() }, 'analytics dispatch recovered');
    return { claimed: rows.length, sent: rows.length, failed: 0, retryInMs: null, error: null };
  }

  /** Sends batches until the due backlog is empty, a batch fails, or the run's limit is reached. */
  async function drain(): Promise<DispatchResult> {
    const total: DispatchResult = { sent: 0, failed: 0, retryInMs: null, error: null };
    const wait = pausedUntil - deps.clock.now().getTime();
    if (wait > 0) return { ...total, retryInMs: wait };
    for (let i = 0; i < settings.maxBatchesPerRun; i++) {
      const r = await dispatchBatch();
      total.sent += r.sent;
      total.failed += r.failed;
      if (r.error) return { ...total, retryInMs: r.retryInMs, error: r.error };
      if (r.claimed < settings.batchSize) break;
    }
    return total;
  }

  const run = (): Promise<DispatchResult> => {
    running ??= drain()
      .catch((err: unknown) => {
        // The database itself failed: try again after the usual backoff.
        failures += 1;
        log.warn({ err }, 'analytics dispatch run failed');
        return { sent: 0, failed: 0, retryInMs: backoffMs(failures, settings), error: 'dispatch run failed' };
      })
      .finally(() => {
        running = null;
      });
    return running;
  };

  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      void run().then((r) => schedule(r.retryInMs ?? settings.intervalMs));
    }, ms);
    timer.unref();
  };

  return {
    /** One run now (tests, the replay command); what it sent. */
    run,
    start() {
      if (!stopped) return;
      stopped = false;
      schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}

export type AnalyticsDispatcher = ReturnType<typeof createAnalyticsDispatcher>;
