/**
 * Accounts with a password: registration, sign-in (an unknown account costs the same hashing work
 * as a known one), and changing or resetting the password, which ends every session.
 */
import {
  type AuthResponse,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  resolveLocale,
} from '@kitwright/contracts';
import type { Transaction } from 'kysely';
import { RATE_LIMITS } from '../../config/rate-limits';
import type { DB } from '../../db/schema';
import type { Actor, AuditWriter } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { newId } from '../../platform/ids';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import { enforceLimit, rateLimitedError } from '../../platform/rate-limits';
import { randomToken, sha256Hex } from '../../platform/secrets';
import type { Viewer } from '../../platform/viewer';
import { emitSignup } from './accounts';
import { AUTH_LIMITS, type AuthContext, type RequestMeta } from './context';
import { sendVerification } from './email-flows';
import * as emailTokens from './email-tokens-repo';
import { authResponse, issueSession, sessionsEnded } from './sessions';
import * as sessions from './sessions-repo';
import * as users from './users-repo';

function isUniqueViolation(err: unknown): err is { constraint?: string } {
  return typeof err === 'object' && err !== null && (err as { code?: string }).code === '23505';
}

/** The sign-in counters of one attempt: the (account, address) pair, the address, the account. */
export function signInKeys(account: string, ip: string | null) {
  const address = sha256Hex(ip ?? 'unknown');
  return {
    pair: `login-pair:${account}:${address}`,
    address: `login-ip:${address}`,
    account: `login-account:${account}`,
  };
}

/** How long an attempt waits when the account has `failures` failures in the window (0: none). */
export function slowdownMs(failures: number, policy: { baseMs: number; maxMs: number }): number {
  const over = failures - RATE_LIMITS.loginFailuresPerAccount.limit;
  if (over < 0 || policy.baseMs <= 0) return 0;
  return Math.min(policy.maxMs, policy.baseMs * 2 ** Math.min(over, 20));
}

/** After a new password: the account's failures and every address's pair with it start again. */
async function forgetSignInFailures(limiter: AuthContext['limiter'], userId: string) {
  await limiter.reset(`login-account:${userId}`);
  await limiter.resetPrefix(`login-pair:${userId}:`);
}

function checkNewPassword(password: string) {
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH)
    throw new AppError('WEAK_PASSWORD');
}

/**
 * Sets a new password and ends every session of the account (a reset or a change means the old
 * password may be known to someone else), audited as `auth.<reason>`. Returns the ended sessions.
 */
async function replacePassword(
  trx: Transaction<DB>,
  audit: AuditWriter,
  userId: string,
  passwordHash: string,
  reason: 'password_reset' | 'password_changed',
  now: Date,
) {
  await users.setPassword(trx, userId, passwordHash, now);
  const ended = await sessions.revokeUserSessions(trx, userId, reason, now);
  await audit({
    actor: { type: 'user', id: userId },
    action: `auth.${reason}`,
    resourceType: 'user',
    resourceId: userId,
    details: { sessions_revoked: ended.length },
  });
  return ended;
}

type RegisterInput = {
  username: string;
  email: string;
  password: string;
  displayName: string | null;
  locale: string | null;
  invitationCode?: string | null;
};

/** What the password flows share: the auth context and the hash an unknown account is checked against. */
export interface PasswordsContext extends AuthContext {
  /** A hash of nothing anyone knows, made once on first use. */
  dummyHash(): Promise<string>;
}

/** The password flows bound to one context. */
export function createPasswords(auth: AuthContext) {
  let dummy: Promise<string> | null = null;
  const ctx: PasswordsContext = {
    ...auth,
    dummyHash: () => {
      dummy ??= hashPassword(randomToken('dummy'));
      return dummy;
    },
  };
  return {
    register: (input: RegisterInput, meta: RequestMeta) => register(ctx, input, meta),
    login: (input: { identifier: string; password: string }, meta: RequestMeta) => login(ctx, input, meta),
    resetPassword: (token: string, newPassword: string) => resetPassword(ctx, token, newPassword),
    changePassword: (userId: string, viewer: Viewer, input: { oldPassword: string; newPassword: string }) =>
      changePassword(ctx, userId, viewer, input),
  };
}

export async function register(
  ctx: PasswordsContext,
  input: RegisterInput,
  meta: RequestMeta,
): Promise<AuthResponse> {
  checkNewPassword(input.password);
  // Every registration costs an argon2 hash: bounded per client address.
  await enforceLimit(
    ctx.limiter,
    `register-ip:${sha256Hex(meta.ip ?? 'unknown')}`,
    { limit: ctx.config.registrationsPerIpPerHour, windowMs: RATE_LIMITS.registrationsPerIp.windowMs },
    'Too many accounts were made from your network in the last hour. Try again later.',
  );
  const email = input.email.trim().toLowerCase();
  const passwordHash = await hashPassword(input.password);
  let result: { user: users.UserRow; sessionId: string; refreshToken: string };
  try {
    result = await insertAccount(ctx, input, email, passwordHash, meta);
  } catch (err) {
    if (isUniqueViolation(err)) {
      const field = err.constraint?.includes('email') ? 'email' : 'username';
      throw new AppError('ACCOUNT_EXISTS', `An account with this ${field} already exists.`, { field });
    }
    throw err;
  }
  await sendVerification(ctx, result.user);
  await emitSignup(ctx, result.user, 'password', meta);
  return authResponse(ctx, result.user, result.sessionId, result.refreshToken);
}

/** The new account, its invitation redeemed and its first session, in one audited transaction. */
function insertAccount(
  ctx: PasswordsContext,
  input: RegisterInput,
  email: string,
  passwordHash: string,
  meta: RequestMeta,
) {
  const now = ctx.clock.now();
  return ctx.audited(async (trx, audit) => {
    const user = await users.insertUser(trx, {
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
    await ctx.invitations?.claimForSignUp(trx, input.invitationCode, user.id);
    const session = await issueSession(ctx, trx, user, 'password', meta);
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
}

export async function login(
  ctx: PasswordsContext,
  input: { identifier: string; password: string },
  meta: RequestMeta,
): Promise<AuthResponse> {
  const { limiter } = ctx;
  const user = await users.findUserByIdentifier(ctx.db, input.identifier);
  // An account has one budget whichever name it is signed in with (username or email); an
  // identifier that matches no account is limited by itself, so guessing names is limited too.
  const account = user ? user.id : `name-${sha256Hex(input.identifier.trim().toLowerCase())}`;
  const keys = signInKeys(account, meta.ip);
  await countSignInAttempt(ctx, keys);
  await slowDownAfterFailures(ctx, keys);
  // Unknown accounts cost the same argon2 work as known ones, and get the same answer.
  const dummyHash = ctx.dummyHash();
  // Without a user, a hash is still checked so the answer takes as long either way.
  const ok = user?.password_hash
    ? await verifyPassword(user.password_hash, input.password)
    : await verifyPassword(await dummyHash, input.password).then(() => false);
  if (!user || !ok) {
    await limiter.hit(
      keys.account,
      RATE_LIMITS.loginFailuresPerAccount.limit,
      RATE_LIMITS.loginFailuresPerAccount.windowMs,
    );
    throw new AppError('INVALID_CREDENTIALS');
  }
  // The owner from this address is forgiven its earlier failures here; the address's count of
  // attempts across accounts does not keep a success.
  await limiter.reset(keys.pair);
  await limiter.refund(keys.address, RATE_LIMITS.loginAttemptsPerIp.windowMs);
  const session = await ctx.audited(async (trx, audit) => {
    const s = await issueSession(ctx, trx, user, 'password', meta);
    await audit({
      actor: { type: 'user', id: user.id },
      action: 'auth.signed_in',
      resourceType: 'auth_session',
      resourceId: s.sessionId,
      details: { provider: 'password' },
    });
    return s;
  });
  return authResponse(ctx, user, session.sessionId, session.refreshToken);
}

/**
 * The attempt is counted before the password is checked, each counter in one statement, so a
 * burst in parallel cannot slip past the limits; a successful sign-in takes its count back.
 */
async function countSignInAttempt(ctx: PasswordsContext, keys: ReturnType<typeof signInKeys>) {
  for (const [key, rule] of [
    [keys.pair, RATE_LIMITS.loginAttemptsPerAccountAndIp],
    [keys.address, RATE_LIMITS.loginAttemptsPerIp],
  ] as const) {
    const decision = await ctx.limiter.hit(key, rule.limit, rule.windowMs);
    if (!decision.allowed)
      throw rateLimitedError(decision, 'Too many sign-in attempts from here. Try again later.');
  }
}

/**
 * Failures from everywhere never lock the account (that would let anyone lock its owner
 * out); past their count, each attempt waits longer before its password is checked.
 */
async function slowDownAfterFailures(ctx: PasswordsContext, keys: ReturnType<typeof signInKeys>) {
  const failures = await ctx.limiter.peek(
    keys.account,
    RATE_LIMITS.loginFailuresPerAccount.limit,
    RATE_LIMITS.loginFailuresPerAccount.windowMs,
  );
  const wait = slowdownMs(failures.count, ctx.config.signInSlowdown);
  if (wait > 0) {
    ctx.logger.info(
      {
        stage: 'sign-in',
        account_failures: failures.count,
        delay_ms: wait,
      },
      'sign-in slowed',
    );
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

export async function resetPassword(
  ctx: PasswordsContext,
  token: string,
  newPassword: string,
): Promise<void> {
  checkNewPassword(newPassword);
  const passwordHash = await hashPassword(newPassword);
  const now = ctx.clock.now();
  const reset = await ctx.audited(async (trx, audit) => {
    const used = await emailTokens.consumeEmailToken(trx, 'reset_password', sha256Hex(token), now);
    if (!used) return null;
    // Receiving the link proves the address.
    await users.markEmailVerified(trx, used.user_id, now);
    const ended = await replacePassword(trx, audit, used.user_id, passwordHash, 'password_reset', now);
    return { userId: used.user_id, ended };
  });
  if (!reset) throw new AppError('INVALID_LINK');
  // Failures counted against the old password say nothing about the new one.
  await forgetSignInFailures(ctx.limiter, reset.userId);
  await sessionsEnded(ctx, reset.ended);
}

export async function changePassword(
  ctx: PasswordsContext,
  userId: string,
  viewer: Viewer,
  input: { oldPassword: string; newPassword: string },
) {
  const { limiter } = ctx;
  const me = viewer.user;
  if (!me) throw new AppError('UNAUTHENTICATED');
  if (me.id !== userId) throw new AppError('FORBIDDEN', 'You can only change your own password.');
  const key = `change-password:${me.id}`;
  const decision = await limiter.hit(key, AUTH_LIMITS.passwordChecksPerUser, AUTH_LIMITS.loginWindowMs);
  if (!decision.allowed) throw rateLimitedError(decision);
  const user = await users.findUserById(ctx.db, me.id);
  if (!user?.password_hash)
    throw new AppError(
      'INVALID_STATE',
      'This account signs in with an external provider; use "Forgot password" to set one.',
    );
  if (!(await verifyPassword(user.password_hash, input.oldPassword))) throw new AppError('WRONG_PASSWORD');
  checkNewPassword(input.newPassword);
  const passwordHash = await hashPassword(input.newPassword);
  const now = ctx.clock.now();
  const revoked = await ctx.audited((trx, audit) =>
    replacePassword(trx, audit, me.id, passwordHash, 'password_changed', now),
  );
  await limiter.reset(key);
  await sessionsEnded(ctx, revoked);
  return { ok: true as const, sessions_revoked: revoked.length };
}
