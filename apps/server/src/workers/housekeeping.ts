/**
 * Housekeeping: rows that only matter for a while (rate-limit counters, OAuth attempts, email
 * links, per-day view markers) are deleted once expired, in small batches so no run holds many
 * locks or one long transaction. Each table's owner deletes its own rows (a prune task); this loop
 * only says when and how much. Processes with the worker role run it periodically; several may run
 * it at once without harm.
 */
import type { Logger } from 'pino';
import type { Clock } from '../platform/clock';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/** How long each kind of row is kept after it stopped mattering. */
export const RETENTION = {
  /** A counter matters for its window (an hour at most): kept a day after its last event. */
  rateLimitsMs: DAY,
  /** An attempt lives 10 minutes; an hour more helps with a "sign-in did not finish" question. */
  oauthAttemptsAfterExpiryMs: HOUR,
  /** Used or expired email links, kept a week for "my link did not work" questions. */
  emailTokensAfterExpiryMs: 7 * DAY,
  /** A view counts once per viewer per UTC day: markers of today and yesterday are kept. */
  listingViewDays: 2,
  /** Failures counted by the alert evaluator: the incident keeps what matters; a month for questions. */
  alertSignalsMs: 30 * DAY,
} as const;

/** Deletes one batch of a table's expired rows as of `now`, at most `limit`; returns how many went. */
export interface PruneTask {
  table: string;
  pruneBatch(now: Date, limit: number): Promise<number>;
}

export type PruneCounts = Record<string, number>;

/**
 * Runs every task in batches of `batchSize`, at most `maxBatches` per table per call (what is left
 * waits for the next run). Returns how many rows went from each table.
 */
export async function pruneExpired(
  tasks: readonly PruneTask[],
  now: Date,
  options: { batchSize?: number; maxBatches?: number } = {},
): Promise<PruneCounts> {
  const batchSize = options.batchSize ?? 1000;
  const maxBatches = options.maxBatches ?? 50;
  const counts: PruneCounts = {};
  for (const task of tasks) {
    counts[task.table] = 0;
    for (let i = 0; i < maxBatches; i++) {
      const deleted = await task.pruneBatch(now, batchSize);
      counts[task.table] = (counts[task.table] ?? 0) + deleted;
      if (deleted < batchSize) break;
    }
  }
  return counts;
}

export function createHousekeeping(deps: {
  tasks: readonly PruneTask[];
  clock: Clock;
  logger: Logger;
  intervalMs: number;
}) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<PruneCounts | null> | null = null;
  const run = (): Promise<PruneCounts | null> => {
    running ??= pruneExpired(deps.tasks, deps.clock.now())
      .then((counts) => {
        if (Object.values(counts).some((n) => n > 0))
          deps.logger.info({ stage: 'housekeeping', ...counts }, 'expired rows pruned');
        return counts;
      })
      .catch((err: unknown) => {
        deps.logger.warn({ err, stage: 'housekeeping' }, 'pruning expired rows failed');
        return null;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  return {
    run,
    start() {
      timer ??= setInterval(() => void run(), deps.intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}

export type Housekeeping = ReturnType<typeof createHousekeeping>;
