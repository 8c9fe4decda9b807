/**
 * Rate limits kept in the database, so they hold across any number of server processes. Two
 * shapes: "once per interval" (e.g. one verification email per 5 minutes per address) and a
 * fixed-window counter (e.g. failed sign-ins per account per 15 minutes). The limits themselves
 * are config's (config/rate-limits.ts: RATE_LIMITS), where the configuration reads its defaults.
 */
import type { Kysely, Transaction } from 'kysely';
import type { LimitRule } from '../config/rate-limits';
import type { DB } from '../db/schema';
import type { Clock } from './clock';
import { AppError } from './errors';
import * as repo from './rate-limits-repo';

export interface LimitDecision {
  allowed: boolean;
  retryAfterSeconds: number;
  count: number;
}

export interface RateLimiter {
  /** Allows one event per interval for the key, and records it when allowed. */
  oncePer(key: string, intervalMs: number): Promise<LimitDecision>;
  /** Counts one event in the current window and says whether the count is still within the limit. */
  hit(key: string, limit: number, windowMs: number): Promise<LimitDecision>;
  /**
   * hit() inside the caller's transaction: the count commits or rolls back with what it limits
   * (a refused attempt, rolled back, is not counted).
   */
  hitIn(trx: Transaction<DB>, key: string, limit: number, windowMs: number): Promise<LimitDecision>;
  /** The current window's count, without counting. */
  peek(key: string, limit: number, windowMs: number): Promise<LimitDecision>;
  /** Takes back one event counted by hit() in the current window (it turned out not to happen). */
  refund(key: string, windowMs: number): Promise<void>;
  reset(key: string): Promise<void>;
  /** Deletes every counter whose key starts with `prefix` (e.g. all of one account's pairs). */
  resetPrefix(prefix: string): Promise<void>;
  /** Deletes up to `limit` counters idle since before `before` (housekeeping); returns how many. */
  pruneIdle(before: Date, limit: number): Promise<number>;
}

export function rateLimitedError(decision: LimitDecision, message?: string): AppError {
  return new AppError(
    'RATE_LIMITED',
    message,
    { retry_after_seconds: decision.retryAfterSeconds },
    {
      'retry-after': String(decision.retryAfterSeconds),
    },
  );
}

/** Counts one event against a rule and refuses it (429 with Retry-After) when over the limit. */
export async function enforceLimit(
  limiter: RateLimiter,
  key: string,
  rule: LimitRule,
  message?: string,
): Promise<void> {
  const decision = await limiter.hit(key, rule.limit, rule.windowMs);
  if (!decision.allowed) throw rateLimitedError(decision, message);
}

export function createRateLimiter(db: Kysely<DB>, clock: Clock): RateLimiter {
  const windowOf = (now: Date, windowMs: number) => new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const secondsUntil = (from: Date, to: Date) =>
    Math.max(1, Math.ceil((to.getTime() - from.getTime()) / 1000));

  async function count(q: Kysely<DB>, key: string, limit: number, windowMs: number): Promise<LimitDecision> {
    const now = clock.now();
    const window = windowOf(now, windowMs);
    const count = await repo.countInWindow(q, key, window, now);
    return {
      allowed: count <= limit,
      retryAfterSeconds: secondsUntil(now, new Date(window.getTime() + windowMs)),
      count,
    };
  }

  return {
    async oncePer(key, intervalMs) {
      const now = clock.now();
      const earliest = new Date(now.getTime() - intervalMs);
      if (await repo.takeSlotIfFree(db, key, now, earliest))
        return { allowed: true, retryAfterSeconds: 0, count: 1 };
      const row = await repo.read(db, key);
      const next = new Date((row?.last_at ?? now).getTime() + intervalMs);
      return { allowed: false, retryAfterSeconds: secondsUntil(now, next), count: 1 };
    },
    hit: (key, limit, windowMs) => count(db, key, limit, windowMs),
    hitIn: (trx, key, limit, windowMs) => count(trx, key, limit, windowMs),
    async peek(key, limit, windowMs) {
      const now = clock.now();
      const window = windowOf(now, windowMs);
      const row = await repo.read(db, key);
      const count = row && row.window_start.getTime() === window.getTime() ? row.count : 0;
      return {
        allowed: count < limit,
        retryAfterSeconds: secondsUntil(now, new Date(window.getTime() + windowMs)),
        count,
      };
    },
    async refund(key, windowMs) {
      const window = windowOf(clock.now(), windowMs);
      await repo.uncount(db, key, window);
    },
    async reset(key) {
      await repo.remove(db, key);
    },
    async resetPrefix(prefix) {
      await repo.removePrefix(db, prefix);
    },
    pruneIdle: (before, limit) => repo.pruneIdle(db, before, limit),
  };
}
