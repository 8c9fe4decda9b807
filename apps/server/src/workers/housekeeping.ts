/**
 * Housekeeping: rows that only matter for a while (rate-limit counters, OAuth attempts, email
 * links, per-day view markers) are deleted once expired, in small batches so no run holds many
 * locks or one long transaction. Processes with the worker role run it periodically; several may
 * run it at once without harm.
 */
import { type Kysely, sql } from 'kysely';
import type { Logger } from 'pino';
import type { DB } from '../db/schema';
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
} as const;

export type PruneCounts = Record<'rate_limits' | 'oauth_attempts' | 'email_tokens' | 'listing_views', number>;

/**
 * Deletes expired rows, `batchSize` at a time and at most `maxBatches` batches per table per
 * call (what is left waits for the next run). Returns how many rows went from each table.
 */
export async function pruneExpired(
  db: Kysely<DB>,
  now: Date,
  options: { batchSize?: number; maxBatches?: number } = {},
): Promise<PruneCounts> {
  const batchSize = options.batchSize ?? 1000;
  const maxBatches = options.maxBatches ?? 50;
  const firstKeptDay = new Date(now.getTime() - (RETENTION.listingViewDays - 1) * DAY)
    .toISOString()
    .slice(0, 10);
  const targets = {
    rate_limits: sql`SELECT ctid FROM rate_limits WHERE last_at < ${new Date(now.getTime() - RETENTION.rateLimitsMs)} LIMIT ${batchSize}`,
    oauth_attempts: sql`SELECT ctid FROM oauth_attempts WHERE expires_at < ${new Date(now.getTime() - RETENTION.oauthAttemptsAfterExpiryMs)} LIMIT ${batchSize}`,
    email_tokens: sql`SELECT ctid FROM email_tokens WHERE expires_at < ${new Date(now.getTime() - RETENTION.emailTokensAfterExpiryMs)} LIMIT ${batchSize}`,
    listing_views: sql`SELECT ctid FROM listing_views WHERE day < ${firstKeptDay}::date LIMIT ${batchSize}`,
  };
  const counts: PruneCounts = { rate_limits: 0, oauth_attempts: 0, email_tokens: 0, listing_views: 0 };
  for (const [table, batch] of Object.entries(targets) as [keyof PruneCounts, typeof targets.rate_limits][]) {
    for (let i = 0; i < maxBatches; i++) {
      // Each batch is its own short statement (and transaction): row ids found by the index,
      // deleted by their physical address.
      const result = await sql`DELETE FROM ${sql.table(table)} WHERE ctid = ANY(ARRAY(${batch}))`.execute(db);
      const deleted = Number(result.numAffectedRows ?? 0);
      counts[table] += deleted;
      if (deleted < batchSize) break;
    }
  }
  return counts;
}

export function createHousekeeping(deps: {
  db: Kysely<DB>;
  clock: Clock;
  logger: Logger;
  intervalMs: number;
}) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<PruneCounts | null> | null = null;
  const run = (): Promise<PruneCounts | null> => {
    running ??= pruneExpired(deps.db, deps.clock.now())
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
