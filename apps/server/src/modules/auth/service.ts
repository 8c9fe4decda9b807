/**
 * Accounts and sign-in: registration, sign-in with a username or an email, rotating refresh
 * tokens with reuse detection, email verification, password change and reset, external sign-in
 * with Google or Apple, and who a request comes from. Every sign-in, sign-out and password
 * change is audited in the same transaction as the change itself.
 */
import {
  type AuthResponse,
  type OAuthProvider,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  type Role,
  resolveLocale,
  type User,
} from '@kitwright/contracts';
import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import * as oidc from 'openid-client';
import type { Logger } from 'pino';
import type { Config } from '../../config';
import type { AuthProvider, DB } from '../../db/schema';
import type { AlertService } from '../../platform/alerts';
import { type Actor, type AuditEntry, auditedTransaction } from '../../platform/audit';
import type { BackgroundTasks } from '../../platform/background';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { newId } from '../../platform/ids';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import type { ProductEvents } from '../../platform/product-events';
import { enforceLimit, RATE_LIMITS, type RateLimiter, rateLimitedError } from '../../platform/rate-limits';
import { randomToken, sha256Hex } from '../../platform/secrets';
import { rolesOf, type SignedInUser, type Viewer } from '../../platform/viewer';
import type { EmailProvider } from '../../providers/email/email-provider';
import { type OAuthClient, OAuthProviderError } from '../../providers/oauth/oauth-provider';
import type { AccessTokens } from './access-tokens';
import { passwordResetEmail, verificationEmail } from './emails';
import * as repo from './repo';
import type { VisitorSessions } from './visitor-sessions';

const DAY = 24 * 3600 * 1000;
export const AUTH_LIMITS = {
  refreshTokenTtlMs: 30 * DAY,
  sessionTtlMs: 180 * DAY,
  verifyTokenTtlMs: DAY,
  resetTokenTtlMs: 3600 * 1000,
  oauthAttemptTtlMs: 10 * 60 * 1000,
  // The request limits themselves live with every other limit, in RATE_LIMITS.
  emailRequestIntervalMs: RATE_LIMITS.emailRequestsPerAddress.windowMs,
  loginWindowMs: RATE_LIMITS.loginFailuresPerAccount.windowMs,
  loginFailuresPerAccount: RATE_LIMITS.loginFailuresPerAccount.limit,
  loginFailuresPerIp: RATE_LIMITS.loginFailuresPerIp.limit,
  passwordChecksPerUser: RATE_LIMITS.passwordChecksPerUser.limit,
} as const;

export interface RequestMeta {
  ip: string | null;
  userAgent: string | null;
  deviceId: string | null;
  correlationId: string;
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
}

const PROVIDER_NAMES: Record<OAuthProvider, string> = { google: 'Google', apple: 'Apple' };

/** The account already has an identity with this provider, and it is a different one. */
function linkedElsewhere(provider: OAuthProvider): AppError {
  const name = PROVIDER_NAMES[provider];
  return new AppError(
    'OAUTH_ACCOUNT_CONFLICT',
    `Your Kitwright account is already linked to a different ${name} account. Sign in with that ${name} account, or with your password.`,
    { reason: 'provider_already_linked', provider },
  );
}

const ACKNOWLEDGED =
  'If an account uses that address, we have sent it an email. It may take a minute to arrive.';

function isUniqueViolation(err: unknown): err is { constraint?: string } {
  return typeof err === 'object' && err !== null && (err as { code?: string }).code === '23505';
}

/** The name Apple posts as the `user` form field on a first sign-in: {"name":{"firstName","lastName"}}. */
export function appleUserName(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length > 2048) return null;
  try {
    const name = (JSON.parse(raw) as { name?: { firstName?: unknown; lastName?: unknown } }).name;
    const parts = [name?.firstName, name?.lastName].filter(
      (p): p is string => typeof p === 'string' && p.trim() !== '',
    );
    const joined = parts
      .join(' ')
      .replace(/\p{Cc}/gu, '')
      .trim()
      .slice(0, 80)
      .trim();
    return joined || null;
  } catch {
    return null;
  }
}

export function toUser(row: repo.UserRow): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    display_name: row.display_name,
    roles: rolesOf(row.role),
    email_verified: row.email_verified_at !== null,
    locale: row.locale,
    auth_provider: row.signup_provider,
    created_at: row.created_at.toISOString(),
  };
}

function checkNewPassword(password: string) {
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH)
    throw new AppError('WEAK_PASSWORD');
}

export function createAuthService(deps: AuthServiceDeps) {
  const { db, clock, config, limiter, tokens } = deps;
  const audited = <T>(correlationId: string, work: Parameters<typeof auditedTransaction<T>>[2]) =>
    auditedTransaction<T>({ db, clock, alerts: deps.alerts }, correlationId, work);
  let dummyHash: Promise<string> | null = null;

  /**
   * Sets a new password and ends every session of the account (a reset or a change means the old
   * password may be known to someone else), audited as `auth.<reason>`. Returns the ended sessions.
   */
  async function replacePassword(
    trx: Transaction<DB>,
    audit: (entry: Omit<AuditEntry, 'correlationId'>) => Promise<void>,
    userId: string,
    passwordHash: string,
    reason: 'password_reset' | 'password_changed',
    now: Date,
  ) {
    await repo.setPassword(trx, userId, passwordHash, now);
    const ended = await repo.revokeUserSessions(trx, userId, reason, now);
    await audit({
      actor: { type: 'user', id: userId },
      action: `auth.${reason}`,
      resourceType: 'user',
      resourceId: userId,
      details: { sessions_revoked: ended.length },
    });
    return ended;
  }

  async function issueSession(
    trx: Transaction<DB>,
    user: repo.UserRow,
    provider: AuthProvider,
    meta: RequestMeta,
  ): Promise<{ sessionId: string; refreshToken: string }> {
    const now = clock.now();
    const sessionId = newId();
    await repo.insertSession(trx, {
      id: sessionId,
      userId: user.id,
      provider,
      deviceId: meta.deviceId,
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 512) ?? null,
      now,
      expiresAt: new Date(now.getTime() + AUTH_LIMITS.sessionTtlMs),
    });
    const refreshToken = randomToken('kwr');
    await repo.insertRefreshToken(trx, {
      id: newId(),
      sessionId,
      hash: sha256Hex(refreshToken),
      now,
      expiresAt: new Date(now.getTime() + AUTH_LIMITS.refreshTokenTtlMs),
    });
    if (meta.visitorId) await deps.visitors.claim(trx, meta.visitorId, user.id);
    return { sessionId, refreshToken };
  }

  async function authResponse(
    user: repo.UserRow,
    sessionId: string,
    refreshToken: string,
  ): Promise<AuthResponse> {
    const access = await tokens.sign({ userId: user.id, sessionId });
    return {
      user: toUser(user),
      access_token: access.token,
      refresh_token: refreshToken,
      expires_in: access.expiresIn,
      token_type: 'Bearer',
    };
  }

  async function sendSafely(message: Parameters<EmailProvider['send']>[0], correlationId: string) {
    try {
      await deps.email.send(message);
    } catch (err) {
      deps.logger.error({ err, correlation_id: correlationId, stage: 'email' }, 'email could not be sent');
    }
  }

  async function sendVerification(user: repo.UserRow, correlationId: string) {
    const token = randomToken('kwv');
    const now = clock.now();
    await repo.insertEmailToken(db, {
      id: newId(),
      userId: user.id,
      purpose: 'verify_email',
      hash: sha256Hex(token),
      now,
      expiresAt: new Date(now.getTime() + AUTH_LIMITS.verifyTokenTtlMs),
    });
    const link = `${config.publicBaseUrl}/api/v1/auth/verify?token=${encodeURIComponent(token)}`;
    await sendSafely(verificationEmail(user.email, user.display_name, link, user.locale), correlationId);
  }

  function emitSignup(user: repo.UserRow, provider: AuthProvider, meta: RequestMeta) {
    return deps.events.emit(
      'signup_completed',
      {
        user_id: user.id,
        auth_provider: provider,
        source_surface: meta.sourceSurface ?? 'web',
        source_attribution: meta.sourceAttribution ?? {},
      },
      { userId: user.id, sessionId: meta.visitorId, route: 'auth', correlationId: meta.correlationId },
    );
  }

  /** Closes the live sockets of sessions that were just ended; never fails the request. */
  async function sessionsEnded(sessionIds: string[], correlationId: string) {
    if (sessionIds.length === 0 || !deps.sessionsEnded) return;
    try {
      await deps.sessionsEnded(sessionIds);
    } catch (err) {
      deps.logger.warn(
        { err, stage: 'sessions-ended', correlation_id: correlationId },
        'could not close the sockets of ended sessions',
      );
    }
  }

  async function uniqueUsername(q: Kysely<DB>, email: string): Promise<string> {
    const base = (email.split('@')[0] ?? 'maker')
      .replace(/[^A-Za-z0-9_.-]/g, '')
      .slice(0, 24)
      .padEnd(3, '0');
    if (!(await repo.usernameTaken(q, base))) return base;
    for (let i = 0; i < 20; i++) {
      const candidate = `${base}${Math.floor(Math.random() * 10_000)}`;
      if (!(await repo.usernameTaken(q, candidate))) return candidate;
    }
    return `${base.slice(0, 16)}-${newId().slice(-12)}`;
  }

  const service = {
    async register(
      input: {
        username: string;
        email: string;
        password: string;
        displayName: string | null;
        locale: string | null;
      },
      meta: RequestMeta,
    ): Promise<AuthResponse> {
      checkNewPassword(input.password);
      // Every registration costs an argon2 hash: bounded per client address.
      await enforceLimit(
        limiter,
        `register-ip:${sha256Hex(meta.ip ?? 'unknown')}`,
        { limit: config.registrationsPerIpPerHour, windowMs: RATE_LIMITS.registrationsPerIp.windowMs },
        'Too many accounts were made from your network in the last hour. Try again later.',
      );
      const email = input.email.trim().toLowerCase();
      const passwordHash = await hashPassword(input.password);
      const now = clock.now();
      let result: { user: repo.UserRow; sessionId: string; refreshToken: string };
      try {
        result = await audited(meta.correlationId, async (trx, audit) => {
          const user = await repo.insertUser(trx, {
            id: newId(),
            username: input.username,
            email,
            passwordHash,
            displayName: input.displayName?.trim() || input.username,
            locale: resolveLocale(input.locale),
            signupProvider: 'password',
            emailVerifiedAt: null,
            sourceAttribution: meta.sourceAttribution ?? {},
            now,
          });
          const session = await issueSession(trx, user, 'password', meta);
          const actor: Actor = { type: 'user', id: user.id };
          await audit({
            actor,
            action: 'user.registered',
            resourceType: 'user',
            resourceId: user.id,
            details: { provider: 'password' },
          });
          await audit({
            actor,
            action: 'auth.signed_in',
            resourceType: 'auth_session',
            resourceId: session.sessionId,
            details: { provider: 'password' },
          });
          return { user, ...session };
        });
      } catch (err) {
        if (isUniqueViolation(err)) {
          const field = err.constraint?.includes('email') ? 'email' : 'username';
          throw new AppError('ACCOUNT_EXISTS', `An account with this ${field} already exists.`, { field });
        }
        throw err;
      }
      await sendVerification(result.user, meta.correlationId);
      await emitSignup(result.user, 'password', meta);
      return authResponse(result.user, result.sessionId, result.refreshToken);
    },

    async login(input: { identifier: string; password: string }, meta: RequestMeta): Promise<AuthResponse> {
      const ipKey = `login-ip:${sha256Hex(meta.ip ?? 'unknown')}`;
      const user = await repo.findUserByIdentifier(db, input.identifier);
      // An account has one budget whichever name it is signed in with (username or email); an
      // identifier that matches no account is limited by itself, so guessing names is limited too.
      const accountKey = user
        ? `login-user:${user.id}`
        : `login-account:${sha256Hex(input.identifier.trim().toLowerCase())}`;
      for (const [key, limit] of [
        [accountKey, AUTH_LIMITS.loginFailuresPerAccount],
        [ipKey, AUTH_LIMITS.loginFailuresPerIp],
      ] as const) {
        const decision = await limiter.peek(key, limit, AUTH_LIMITS.loginWindowMs);
        if (!decision.allowed)
          throw rateLimitedError(decision, 'Too many failed sign-in attempts. Try again later.');
      }
      // Unknown accounts cost the same argon2 work as known ones, and get the same answer.
      dummyHash ??= hashPassword(randomToken('dummy'));
      // Without a user, a hash is still checked so the answer takes as long either way.
      const ok = user?.password_hash
        ? await verifyPassword(user.password_hash, input.password)
        : await verifyPassword(await dummyHash, input.password).then(() => false);
      if (!user || !ok) {
        await limiter.hit(accountKey, AUTH_LIMITS.loginFailuresPerAccount, AUTH_LIMITS.loginWindowMs);
        await limiter.hit(ipKey, AUTH_LIMITS.loginFailuresPerIp, AUTH_LIMITS.loginWindowMs);
        throw new AppError('INVALID_CREDENTIALS');
      }
      await limiter.reset(accountKey);
      const session = await audited(meta.correlationId, async (trx, audit) => {
        const s = await issueSession(trx, user, 'password', meta);
        await audit({
          actor: { type: 'user', id: user.id },
          action: 'auth.signed_in',
          resourceType: 'auth_session',
          resourceId: s.sessionId,
          details: { provider: 'password' },
        });
        return s;
      });
      return authResponse(user, session.sessionId, session.refreshToken);
    },

    async refresh(refreshToken: string, meta: RequestMeta): Promise<AuthResponse> {
      const now = clock.now();
      const found = await repo.findRefreshToken(db, sha256Hex(refreshToken));
      if (!found) throw new AppError('INVALID_TOKEN');
      if (found.revoked_at) throw new AppError('SESSION_REVOKED');
      const reuse = async () => {
        const revoked = await audited(meta.correlationId, async (trx, audit) => {
          if (!(await repo.revokeSession(trx, found.session_id, 'refresh_token_reused', now))) return false;
          await audit({
            actor: { type: 'system', id: null },
            action: 'auth.session_revoked',
            resourceType: 'auth_session',
            resourceId: found.session_id,
            details: { reason: 'refresh_token_reused', user_id: found.user_id },
          });
          return true;
        });
        if (revoked) await sessionsEnded([found.session_id], meta.correlationId);
        deps.logger.warn(
          { stage: 'refresh', session: found.session_id, correlation_id: meta.correlationId },
          'refresh token reused; session revoked',
        );
        return new AppError(
          'SESSION_REVOKED',
          'This sign-in was used from somewhere else, so we ended it to protect your account. Sign in again.',
        );
      };
      if (found.rotated_at) throw await reuse();
      if (found.token_expires_at <= now || found.session_expires_at <= now)
        throw new AppError('INVALID_TOKEN');
      const next = randomToken('kwr');
      const rotated = await db.transaction().execute(async (trx) => {
        if (!(await repo.rotateRefreshToken(trx, found.token_id, now))) return false;
        await repo.insertRefreshToken(trx, {
          id: newId(),
          sessionId: found.session_id,
          hash: sha256Hex(next),
          now,
          expiresAt: new Date(
            Math.min(now.getTime() + AUTH_LIMITS.refreshTokenTtlMs, found.session_expires_at.getTime()),
          ),
        });
        await repo.touchSession(trx, found.session_id, now);
        return true;
      });
      // Lost a race with another refresh of the same token: it was presented twice.
      if (!rotated) throw await reuse();
      const user = await repo.findUserById(db, found.user_id);
      if (!user) throw new AppError('INVALID_TOKEN');
      return authResponse(user, found.session_id, next);
    },

    async logout(refreshToken: string | null, viewer: Viewer, meta: RequestMeta): Promise<void> {
      const now = clock.now();
      let sessionId: string | null = null;
      let userId: string | null = null;
      if (refreshToken) {
        const found = await repo.findRefreshToken(db, sha256Hex(refreshToken));
        if (found) {
          sessionId = found.session_id;
          userId = found.user_id;
        }
      } else if (viewer.user) {
        sessionId = viewer.user.sessionId;
        userId = viewer.user.id;
      }
      if (!sessionId || !userId) return;
      const sid = sessionId;
      const uid = userId;
      const revoked = await audited(meta.correlationId, async (trx, audit) => {
        if (!(await repo.revokeSession(trx, sid, 'logout', now))) return false;
        await audit({
          actor: { type: 'user', id: uid },
          action: 'auth.signed_out',
          resourceType: 'auth_session',
          resourceId: sid,
        });
        return true;
      });
      if (revoked) await sessionsEnded([sid], meta.correlationId);
    },

    async verifyEmail(token: string, meta: RequestMeta): Promise<{ verified: true; user_id: string }> {
      const now = clock.now();
      const userId = await audited(meta.correlationId, async (trx, audit) => {
        const used = await repo.consumeEmailToken(trx, 'verify_email', sha256Hex(token), now);
        if (!used) return null;
        await repo.markEmailVerified(trx, used.user_id, now);
        await audit({
          actor: { type: 'user', id: used.user_id },
          action: 'user.email_verified',
          resourceType: 'user',
          resourceId: used.user_id,
        });
        return used.user_id;
      });
      if (!userId) throw new AppError('INVALID_LINK');
      return { verified: true, user_id: userId };
    },

    async resendVerification(email: string, meta: RequestMeta): Promise<string> {
      const normalised = email.trim().toLowerCase();
      const decision = await limiter.oncePer(
        `resend-verification:${sha256Hex(normalised)}`,
        AUTH_LIMITS.emailRequestIntervalMs,
      );
      if (!decision.allowed)
        throw rateLimitedError(decision, 'You can ask for another email in a few minutes.');
      // Looked up and sent after the answer, so its timing says nothing about the account.
      deps.background.run('resend-verification', meta.correlationId, async () => {
        const user = await repo.findUserByEmail(db, normalised);
        if (!user || user.email_verified_at) return;
        await repo.retireEmailTokens(db, user.id, 'verify_email', clock.now());
        await sendVerification(user, meta.correlationId);
      });
      return ACKNOWLEDGED;
    },

    async forgotPassword(email: string, meta: RequestMeta): Promise<string> {
      const normalised = email.trim().toLowerCase();
      const decision = await limiter.oncePer(
        `forgot-password:${sha256Hex(normalised)}`,
        AUTH_LIMITS.emailRequestIntervalMs,
      );
      if (!decision.allowed)
        throw rateLimitedError(decision, 'You can ask for another email in a few minutes.');
      // Looked up and sent after the answer, so its timing says nothing about the account.
      const now = clock.now();
      deps.background.run('forgot-password', meta.correlationId, async () => {
        const user = await repo.findUserByEmail(db, normalised);
        if (!user) return;
        const token = randomToken('kwp');
        await repo.retireEmailTokens(db, user.id, 'reset_password', now);
        await repo.insertEmailToken(db, {
          id: newId(),
          userId: user.id,
          purpose: 'reset_password',
          hash: sha256Hex(token),
          now,
          expiresAt: new Date(now.getTime() + AUTH_LIMITS.resetTokenTtlMs),
        });
        const link = `${config.frontendUrl}/account/reset-password?token=${encodeURIComponent(token)}`;
        await sendSafely(
          passwordResetEmail(user.email, user.display_name, link, user.locale),
          meta.correlationId,
        );
      });
      return ACKNOWLEDGED;
    },

    async resetPassword(token: string, newPassword: string, meta: RequestMeta): Promise<void> {
      checkNewPassword(newPassword);
      const passwordHash = await hashPassword(newPassword);
      const now = clock.now();
      const revoked = await audited(meta.correlationId, async (trx, audit) => {
        const used = await repo.consumeEmailToken(trx, 'reset_password', sha256Hex(token), now);
        if (!used) return null;
        // Receiving the link proves the address.
        await repo.markEmailVerified(trx, used.user_id, now);
        return replacePassword(trx, audit, used.user_id, passwordHash, 'password_reset', now);
      });
      if (!revoked) throw new AppError('INVALID_LINK');
      await sessionsEnded(revoked, meta.correlationId);
    },

    async changePassword(
      userId: string,
      viewer: Viewer,
      input: { oldPassword: string; newPassword: string },
      meta: RequestMeta,
    ) {
      const me = viewer.user;
      if (!me) throw new AppError('UNAUTHENTICATED');
      if (me.id !== userId) throw new AppError('FORBIDDEN', 'You can only change your own password.');
      const key = `change-password:${me.id}`;
      const decision = await limiter.hit(key, AUTH_LIMITS.passwordChecksPerUser, AUTH_LIMITS.loginWindowMs);
      if (!decision.allowed) throw rateLimitedError(decision);
      const user = await repo.findUserById(db, me.id);
      if (!user?.password_hash)
        throw new AppError(
          'INVALID_STATE',
          'This account signs in with an external provider; use "Forgot password" to set one.',
        );
      if (!(await verifyPassword(user.password_hash, input.oldPassword)))
        throw new AppError('WRONG_PASSWORD');
      checkNewPassword(input.newPassword);
      const passwordHash = await hashPassword(input.newPassword);
      const now = clock.now();
      const revoked = await audited(meta.correlationId, (trx, audit) =>
        replacePassword(trx, audit, me.id, passwordHash, 'password_changed', now),
      );
      await limiter.reset(key);
      await sessionsEnded(revoked, meta.correlationId);
      return { ok: true as const, sessions_revoked: revoked.length };
    },

    async oauthUrl(provider: OAuthProvider, meta: RequestMeta) {
      if (!deps.oauth) throw new AppError('PROVIDER_UNAVAILABLE');
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      let url: string;
      try {
        url = await deps.oauth.authorizationUrl(provider, {
          state,
          nonce,
          codeChallenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        });
      } catch (err) {
        deps.logger.error(
          { err, provider, correlation_id: meta.correlationId },
          'OAuth provider unavailable',
        );
        throw new AppError('PROVIDER_UNAVAILABLE');
      }
      const now = clock.now();
      await repo.insertOAuthAttempt(db, {
        stateHash: sha256Hex(state),
        provider,
        codeVerifier,
        nonce,
        visitorId: meta.visitorId,
        now,
        expiresAt: new Date(now.getTime() + AUTH_LIMITS.oauthAttemptTtlMs),
      });
      return { url, state, provider };
    },

    async oauthCallback(
      provider: OAuthProvider,
      params: URLSearchParams,
      boundState: string | null,
      meta: RequestMeta,
    ): Promise<AuthResponse & { isNewUser: boolean }> {
      if (!deps.oauth) throw new AppError('PROVIDER_UNAVAILABLE');
      const state = params.get('state');
      if (params.get('error') || !params.get('code') || !state) {
        throw new AppError('OAUTH_FAILED', undefined, {
          reason: params.get('error') ?? 'missing_code_or_state',
        });
      }
      // A browser that started a different attempt (or none) must not finish this one.
      if (boundState !== null && boundState !== state)
        throw new AppError('OAUTH_FAILED', undefined, { reason: 'state_mismatch' });
      const attempt = await repo.consumeOAuthAttempt(db, sha256Hex(state), provider, clock.now());
      if (!attempt) throw new AppError('OAUTH_FAILED', undefined, { reason: 'unknown_or_expired_state' });
      let identity: Awaited<ReturnType<OAuthClient['exchange']>>;
      try {
        identity = await deps.oauth.exchange(provider, {
          params,
          codeVerifier: attempt.code_verifier,
          state,
          nonce: attempt.nonce,
        });
      } catch (err) {
        deps.logger.warn({ err, provider, correlation_id: meta.correlationId }, 'OAuth exchange failed');
        if (err instanceof OAuthProviderError && err.kind === 'unreachable')
          throw new AppError('PROVIDER_UNAVAILABLE');
        throw new AppError('OAUTH_FAILED', undefined, { reason: 'exchange_failed' });
      }
      if (!identity.email)
        throw new AppError('OAUTH_FAILED', 'The provider did not share an email address.', {
          reason: 'no_email',
        });
      const email = identity.email.toLowerCase();
      const visitorId = meta.visitorId ?? attempt.visitor_session_id;
      // Apple shares the name only in the form post of a first sign-in (kept with the attempt).
      const name = attempt.provider_name ?? identity.name;
      const now = clock.now();
      const result = await audited(meta.correlationId, async (trx, audit) => {
        let isNewUser = false;
        let alreadyLinked = false;
        let user: repo.UserRow | undefined;
        // A concurrent sign-in may take the username or the email, or link this identity, between
        // our reads and our insert; the insert then does nothing and the next round reads again.
        for (let round = 0; round < 5 && !user; round++) {
          const linked = await repo.findIdentity(trx, provider, identity.subject);
          if (linked) {
            user = await repo.findUserById(trx, linked.user_id);
            alreadyLinked = Boolean(user);
            if (user) break;
          }
          const existing = await repo.findUserByEmail(trx, email);
          if (existing) {
            if (!identity.emailVerified || !existing.email_verified_at)
              throw new AppError('OAUTH_ACCOUNT_CONFLICT');
            // One identity per provider: an account linked to one Google (or Apple) account is
            // not taken over by another one that shares its address.
            const other = await repo.findIdentityOfUser(trx, existing.id, provider);
            if (other && other.subject !== identity.subject) throw linkedElsewhere(provider);
            user = existing;
            break;
          }
          const username = await uniqueUsername(trx, email);
          user = await repo.insertUserIfFree(trx, {
            id: newId(),
            username,
            email,
            passwordHash: null,
            displayName: name?.slice(0, 80).trim() || username,
            locale: 'en',
            signupProvider: provider,
            emailVerifiedAt: identity.emailVerified ? now : null,
            sourceAttribution: meta.sourceAttribution ?? {},
            now,
          });
          isNewUser = Boolean(user);
        }
        if (!user) throw new AppError('CONFLICT', 'Signing in collided with another sign-in. Try again.');
        if (isNewUser) {
          await audit({
            actor: { type: 'user', id: user.id },
            action: 'user.registered',
            resourceType: 'user',
            resourceId: user.id,
            details: { provider },
          });
        }
        if (!alreadyLinked) {
          const link = await repo.insertIdentity(trx, {
            id: newId(),
            userId: user.id,
            provider,
            subject: identity.subject,
            email,
            emailVerified: identity.emailVerified,
            now,
          });
          if (!link) {
            // Linked meanwhile: fine if it is this identity on this account, refused otherwise.
            const winner = await repo.findIdentity(trx, provider, identity.subject);
            if (winner?.user_id !== user.id) throw linkedElsewhere(provider);
          } else if (!isNewUser) {
            await audit({
              actor: { type: 'user', id: user.id },
              action: 'user.identity_linked',
              resourceType: 'user',
              resourceId: user.id,
              details: { provider },
            });
          }
        }
        const session = await issueSession(trx, user, provider, { ...meta, visitorId });
        await audit({
          actor: { type: 'user', id: user.id },
          action: 'auth.signed_in',
          resourceType: 'auth_session',
          resourceId: session.sessionId,
          details: { provider },
        });
        return { user, isNewUser, ...session };
      });
      if (result.isNewUser) {
        await emitSignup(result.user, provider, meta);
        if (!result.user.email_verified_at) await sendVerification(result.user, meta.correlationId);
      }
      return {
        ...(await authResponse(result.user, result.sessionId, result.refreshToken)),
        isNewUser: result.isNewUser,
      };
    },

    /**
     * Apple posts the person's name (the `user` form field) with the callback of a first sign-in
     * only, and the web app finishes the sign-in through another request: keep the name with the
     * open attempt, for the account that callback may create. First name kept wins.
     */
    async rememberProviderName(provider: OAuthProvider, state: string, rawUser: unknown): Promise<void> {
      const name = appleUserName(rawUser);
      if (!name || state.length > 512) return;
      await repo.setOAuthAttemptName(db, sha256Hex(state), provider, name, clock.now());
    },

    async me(viewer: Viewer): Promise<User> {
      if (!viewer.user) throw new AppError('UNAUTHENTICATED');
      const user = await repo.findUserById(db, viewer.user.id);
      if (!user) throw new AppError('UNAUTHENTICATED');
      return toUser(user);
    },

    async changeRole(actor: Viewer, userId: string, role: Role, correlationId: string): Promise<User> {
      const me = actor.user;
      if (!me) throw new AppError('UNAUTHENTICATED');
      if (me.id === userId)
        throw new AppError('INVALID_STATE', 'Founders cannot change their own role; ask another founder.');
      const user = await audited(correlationId, async (trx, audit) => {
        const before = await repo.findUserById(trx, userId);
        if (!before) throw new AppError('NOT_FOUND');
        const updated = await repo.setRole(trx, userId, role, clock.now());
        await audit({
          actor: { type: 'user', id: me.id },
          action: 'user.role_changed',
          resourceType: 'user',
          resourceId: userId,
          details: { from: before.role, to: role },
        });
        return updated;
      });
      return toUser(user);
    },

    /** The user behind an access token, if the token is valid and its session still live. */
    async userForAccessToken(
      token: string,
    ): Promise<{ user: SignedInUser; expiresInMs: number } | { problem: 'expired' | 'invalid' | 'revoked' }> {
      const check = await tokens.verify(token);
      if (!check.ok) return { problem: check.reason };
      const row = await repo.findLiveSessionUser(
        db,
        check.claims.sessionId,
        check.claims.userId,
        clock.now(),
      );
      if (!row?.live) return { problem: 'revoked' };
      return {
        expiresInMs: check.expiresAt.getTime() - clock.now().getTime(),
        user: {
          id: row.id,
          username: row.username,
          email: row.email,
          displayName: row.display_name,
          role: row.role,
          emailVerified: row.email_verified_at !== null,
          locale: row.locale,
          sessionId: row.session_id,
        },
      };
    },

    /** Who the request comes from: the access token's live session, else an active visitor session. */
    async resolveViewer(request: FastifyRequest): Promise<Viewer> {
      const header = request.headers.authorization;
      let tokenProblem: Viewer['tokenProblem'] = null;
      if (header?.startsWith('Bearer ')) {
        const result = await service.userForAccessToken(header.slice(7).trim());
        if ('user' in result) return { user: result.user, tokenProblem: null, visitorId: null };
        tokenProblem = result.problem;
      }
      return { user: null, tokenProblem, visitorId: await deps.visitors.activeId(request) };
    },
  };
  return service;
}

export type AuthService = ReturnType<typeof createAuthService>;
