/**
 * Sign-in sessions: issuing one with its tokens, rotating refresh tokens (a rotated token presented
 * again ends the whole session), signing out, and who a request comes from.
 */
import type { AuthProvider, AuthResponse } from '@kitwright/contracts';
import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { newId } from '../../platform/ids';
import { randomToken, sha256Hex } from '../../platform/secrets';
import type { SignedInUser, Viewer } from '../../platform/viewer';
import { toUser } from './accounts';
import { AUTH_LIMITS, type AuthContext, type RequestMeta } from './context';
import * as sessions from './sessions-repo';
import * as users from './users-repo';

export async function issueSession(
  ctx: AuthContext,
  trx: Transaction<DB>,
  user: users.UserRow,
  provider: AuthProvider,
  meta: RequestMeta,
): Promise<{ sessionId: string; refreshToken: string }> {
  const now = ctx.clock.now();
  const sessionId = newId();
  await sessions.insertSession(trx, {
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
  await sessions.insertRefreshToken(trx, {
    id: newId(),
    sessionId,
    hash: sha256Hex(refreshToken),
    now,
    expiresAt: new Date(now.getTime() + AUTH_LIMITS.refreshTokenTtlMs),
  });
  if (meta.visitorId) await ctx.visitors.claim(trx, meta.visitorId, user.id);
  return { sessionId, refreshToken };
}

export async function authResponse(
  ctx: AuthContext,
  user: users.UserRow,
  sessionId: string,
  refreshToken: string,
): Promise<AuthResponse> {
  const access = await ctx.tokens.sign({ userId: user.id, sessionId });
  return {
    user: toUser(user),
    access_token: access.token,
    refresh_token: refreshToken,
    expires_in: access.expiresIn,
    token_type: 'Bearer',
  };
}

/** Closes the live sockets of sessions that were just ended; never fails the request. */
export async function sessionsEnded(ctx: AuthContext, sessionIds: string[]) {
  if (sessionIds.length === 0 || !ctx.sessionsEnded) return;
  try {
    await ctx.sessionsEnded(sessionIds);
  } catch (err) {
    ctx.logger.warn({ err, stage: 'sessions-ended' }, 'could not close the sockets of ended sessions');
  }
}

export function createSessions(ctx: AuthContext) {
  const { db, clock, tokens } = ctx;

  /** The user behind an access token, if the token is valid and its session still live. */
  async function userForAccessToken(
    token: string,
  ): Promise<{ user: SignedInUser; expiresInMs: number } | { problem: 'expired' | 'invalid' | 'revoked' }> {
    const check = await tokens.verify(token);
    if (!check.ok) return { problem: check.reason };
    const row = await sessions.findLiveSessionUser(
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
  }

  return {
    async refresh(refreshToken: string): Promise<AuthResponse> {
      const now = clock.now();
      const found = await sessions.findRefreshToken(db, sha256Hex(refreshToken));
      if (!found) throw new AppError('INVALID_TOKEN');
      if (found.revoked_at) throw new AppError('SESSION_REVOKED');
      const reuse = async () => {
        const revoked = await ctx.audited(async (trx, audit) => {
          if (!(await sessions.revokeSession(trx, found.session_id, 'refresh_token_reused', now)))
            return false;
          await audit({
            actor: { type: 'system', id: null },
            action: 'auth.session_revoked',
            resourceType: 'auth_session',
            resourceId: found.session_id,
            details: { reason: 'refresh_token_reused', user_id: found.user_id },
          });
          return true;
        });
        if (revoked) await sessionsEnded(ctx, [found.session_id]);
        ctx.logger.warn(
          { stage: 'refresh', session: found.session_id },
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
        if (!(await sessions.rotateRefreshToken(trx, found.token_id, now))) return false;
        await sessions.insertRefreshToken(trx, {
          id: newId(),
          sessionId: found.session_id,
          hash: sha256Hex(next),
          now,
          expiresAt: new Date(
            Math.min(now.getTime() + AUTH_LIMITS.refreshTokenTtlMs, found.session_expires_at.getTime()),
          ),
        });
        await sessions.touchSession(trx, found.session_id, now);
        return true;
      });
      // Lost a race with another refresh of the same token: it was presented twice.
      if (!rotated) throw await reuse();
      const user = await users.findUserById(db, found.user_id);
      if (!user) throw new AppError('INVALID_TOKEN');
      return authResponse(ctx, user, found.session_id, next);
    },

    async logout(refreshToken: string | null, viewer: Viewer): Promise<void> {
      const now = clock.now();
      let sessionId: string | null = null;
      let userId: string | null = null;
      if (refreshToken) {
        const found = await sessions.findRefreshToken(db, sha256Hex(refreshToken));
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
      const revoked = await ctx.audited(async (trx, audit) => {
        if (!(await sessions.revokeSession(trx, sid, 'logout', now))) return false;
        await audit({
          actor: { type: 'user', id: uid },
          action: 'auth.signed_out',
          resourceType: 'auth_session',
          resourceId: sid,
        });
        return true;
      });
      if (revoked) await sessionsEnded(ctx, [sid]);
    },

    userForAccessToken,

    /** Who the request comes from: the access token's live session, else an active visitor session. */
    async resolveViewer(request: FastifyRequest): Promise<Viewer> {
      const header = request.headers.authorization;
      let tokenProblem: Viewer['tokenProblem'] = null;
      if (header?.startsWith('Bearer ')) {
        const result = await userForAccessToken(header.slice(7).trim());
        if ('user' in result) return { user: result.user, tokenProblem: null, visitorId: null };
        tokenProblem = result.problem;
      }
      return { user: null, tokenProblem, visitorId: await ctx.visitors.activeId(request) };
    },
  };
}
