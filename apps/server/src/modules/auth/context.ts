/** What the auth flows share: their dependencies, their limits, and the audited transaction. */
import type { Kysely, Transaction } from 'kysely';
import type { Logger } from 'pino';
import type { Config } from '../../config';
import { RATE_LIMITS } from '../../config/rate-limits';
import type { DB } from '../../db/schema';
import type { AlertService } from '../../platform/alerts';
import { auditedTransaction } from '../../platform/audit';
import type { BackgroundTasks } from '../../platform/background';
import type { Clock } from '../../platform/clock';
import type { ProductEvents } from '../../platform/product-events';
import type { RateLimiter } from '../../platform/rate-limits';
import type { EmailProvider } from '../../providers/email/email-provider';
import type { OAuthClient } from '../../providers/oauth/oauth-provider';
import type { AccessTokens } from './access-tokens';
import type { VisitorSessions } from './visitor-sessions';

const DAY = 24 * 3600 * 1000;
export const AUTH_LIMITS = {
  refreshTokenTtlMs: 30 * DAY,
  sessionTtlMs: 180 * DAY,
  verifyTokenTtlMs: DAY,
  resetTokenTtlMs: 3600 * 1000,
  oauthAttemptTtlMs: 10 * 60 * 1000,
  /** How recent a provider sign-in must be to stand in for a password (deleting an account). */
  reauthWindowMs: 10 * 60 * 1000,
  // The request limits themselves live with every other limit, in RATE_LIMITS.
  emailRequestIntervalMs: RATE_LIMITS.emailRequestsPerAddress.windowMs,
  loginWindowMs: RATE_LIMITS.loginFailuresPerAccount.windowMs,
  passwordChecksPerUser: RATE_LIMITS.passwordChecksPerUser.limit,
} as const;

export interface RequestMeta {
  ip: string | null;
  userAgent: string | null;
  deviceId: string | null;
  visitorId: string | null;
  sourceSurface?: string;
  sourceAttribution?: Record<string, string>;
}

export interface AuthServiceDeps {
  db: Kysely<DB>;
  clock: Clock;
  config: Config;
  alerts: AlertService;
  events: ProductEvents;
  email: EmailProvider;
  oauth: OAuthClient | null;
  visitors: VisitorSessions;
  limiter: RateLimiter;
  tokens: AccessTokens;
  logger: Logger;
  /** Where work runs that an answer must not wait for (the account-email flows). */
  background: BackgroundTasks;
  /** Told the ids of sessions that just ended, after their transaction committed (closes their sockets). */
  sessionsEnded?: (sessionIds: string[]) => Promise<void>;
  /**
   * Beta invitations: a new account redeems its code in its own transaction (the beta module),
   * which also refuses an account without one while sign-up is invite-only.
   */
  invitations?: {
    claimForSignUp(trx: Transaction<DB>, code: string | null | undefined, userId: string): Promise<unknown>;
  };
}

type AuditedWork<T> = Parameters<typeof auditedTransaction<T>>[1];

export interface AuthContext extends AuthServiceDeps {
  /** Every sign-in, sign-out and password change commits with its audit entries, or not at all. */
  audited<T>(work: AuditedWork<T>): Promise<T>;
}

export function createAuthContext(deps: AuthServiceDeps): AuthContext {
  return {
    ...deps,
    audited: (work) => auditedTransaction({ db: deps.db, clock: deps.clock, alerts: deps.alerts }, work),
  };
}
