/**
 * Rate limits kept in the database, so they hold across any number of server processes. Two
 * shapes: "once per interval" (e.g. one verification email per 5 minutes per address) and a
 * fixed-window counter (e.g. failed sign-ins per account per 15 minutes).
 */
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema';
import type { Clock } from './clock';
import { AppError } from './errors';
import * as repo from './rate-limits-repo';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export interface LimitRule {
  /** Events allowed per key in one fixed window. */
  limit: number;
  windowMs: number;
}

/**
 * Every per-request limit in one place (the per-user job budget is JOB_RATE_PER_USER_PER_HOUR in
 * config, because operations tune it). Each answers 429 RATE_LIMITED with Retry-After.
 */
export const RATE_LIMITS = {
  /**
   * Sign-in attempts per (account, address) pair (the account by user id, or by the typed
   * identifier when it matches no account): someone guessing from one address is stopped there,
   * and the owner signing in from anywhere else is not.
   */
  loginAttemptsPerAccountAndIp: { limit: 5, windowMs: 15 * MINUTE },
  /** Sign-in attempts per address across all accounts (password spraying from one address). */
  loginAttemptsPerIp: { limit: 50, windowMs: 15 * MINUTE },
  /**
   * Failed sign-ins per account from every address: past this count each further attempt on the
   * account waits before it is checked (see SIGN_IN_SLOWDOWN); it is never refused for it.
   */
  loginFailuresPerAccount: { limit: 10, windowMs: 15 * MINUTE },
  /** Old-password checks when changing the password. */
  passwordChecksPerUser: { limit: 10, windowMs: 15 * MINUTE },
  /** Verification and reset emails: one per interval per normalised address (the spec's limit). */
  emailRequestsPerAddress: { limit: 1, windowMs: 5 * MINUTE },
  /**
   * Verification and reset emails asked for from one client address, whatever addresses they name
   * (one address asking for every account's reset). Counted on every request, so it is answered
   * (429) without saying anything about the accounts.
   */
  emailRequestsPerIp: { limit: 20, windowMs: HOUR },
  /**
   * Account emails (verification, reset) that actually go to one account, however they were asked
   * for. Counted only when an email would go, so past it nothing is sent and the answer stays the
   * same (a refusal would tell that the account exists).
   */
  accountEmailsPerAccount: { limit: 6, windowMs: 24 * HOUR },
  /**
   * Account emails sent across the service: the default of ACCOUNT_EMAILS_PER_HOUR (the mail
   * provider's quota and reputation are one for everyone). Past it nothing is sent, answered alike.
   */
  accountEmailsPerService: { limit: 1000, windowMs: HOUR },
  /**
   * Each registration costs an argon2 hash (19 MiB, two passes). The limit is the default of
   * REGISTRATIONS_PER_IP_PER_HOUR, which load and browser tests raise (they sign up from one address).
   */
  registrationsPerIp: { limit: 30, windowMs: HOUR },
  /** Each upload is read and checked by the mesher or re-encoded by sharp. */
  uploadsPerUser: { limit: 60, windowMs: HOUR },
  /** Conversations opened by one account, in an hour and in a day. */
  supportPerAccount: { limit: 10, windowMs: HOUR },
  supportPerAccountPerDay: { limit: 30, windowMs: 24 * HOUR },
  /** Conversations opened from one client address, with an account or without. */
  supportPerIp: { limit: 60, windowMs: HOUR },
  /** Conversations opened without an account, per visitor session and per client address. */
  anonymousSupportPerVisitor: { limit: 5, windowMs: HOUR },
  anonymousSupportPerIp: { limit: 20, windowMs: HOUR },
  /** Follow-up messages per requester (account, visitor session, or signed link) ... */
  supportRepliesPerRequester: { limit: 30, windowMs: HOUR },
  /** ... and, without an account, per client address. */
  anonymousSupportRepliesPerIp: { limit: 60, windowMs: HOUR },
  /** Share links made per person, visitor session, or client address without either. */
  sharesPerViewer: { limit: 30, windowMs: HOUR },
  /** Crash and error reports from apps. */
  clientErrorReports: { limit: 60, windowMs: 10 * MINUTE },
  /** Interest reservations made or refreshed from one address, across listings. */
  reservationsPerIp: { limit: 30, windowMs: HOUR },
  /** Reservations of one listing from one address (a household may hold a few). */
  reservationsPerIpAndListing: { limit: 5, windowMs: 24 * HOUR },
  /**
   * Visitor sessions made for one address. The limit is the default of
   * VISITOR_SESSIONS_PER_IP_PER_HOUR, which browser and load tests raise.
   */
  visitorSessionsPerIp: { limit: 20, windowMs: HOUR },
  /** Beta feedback per person or visitor session, and per client address. */
  betaFeedbackPerViewer: { limit: 20, windowMs: HOUR },
  betaFeedbackPerIp: { limit: 60, windowMs: HOUR },
  /** Invitation codes tried per person (codes are not guessable, and this keeps it so). */
  betaRedeemsPerUser: { limit: 10, windowMs: HOUR },
  /** Account exports per person: each reads everything the account holds. */
  accountExportsPerUser: { limit: 10, windowMs: HOUR },
} as const satisfies Record<string, LimitRule>;

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
