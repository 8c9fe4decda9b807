/**
 * Anonymous visitor sessions (spec Authentication 11): a visitor without an account gets a session
 * — a signed HttpOnly cookie for browsers, the same signed value in the x-visitor-session header
 * for other clients — so they can save and reserve. When they register or sign in, what the
 * session owns moves to the account, in the same transaction as the sign-in.
 */
import type {} from '@fastify/cookie';
import { VISITOR_SESSION_HEADER } from '@kitwright/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Config } from '../../config';
import { RATE_LIMITS } from '../../config/rate-limits';
import type { DB } from '../../db/schema';
import { touchOfRequest } from '../../platform/attribution';
import type { Clock } from '../../platform/clock';
import { isUuid, newId } from '../../platform/ids';
import { enforceLimit, type RateLimiter } from '../../platform/rate-limits';
import { sha256Hex } from '../../platform/secrets';
import * as repo from './visitors-repo';

export const VISITOR_COOKIE = 'kw_visitor';
const VISITOR_MAX_AGE_SECONDS = 365 * 24 * 3600;

/** Moves what a visitor session owns to the user who claimed it. */
export type VisitorClaimHandler = (trx: Transaction<DB>, visitorId: string, userId: string) => Promise<void>;

export function createVisitorSessions(deps: {
  db: Kysely<DB>;
  clock: Clock;
  config: Config;
  limiter: RateLimiter;
}) {
  const handlers: VisitorClaimHandler[] = [];
  const secure = deps.config.publicBaseUrl.startsWith('https://');
  const originOf = (u: string) => {
    try {
      return new URL(u).origin;
    } catch {
      return null;
    }
  };
  /** The app's own pages: a Referer from one of them carries the visit's campaign parameters. */
  const ownOrigins = [deps.config.publicBaseUrl, deps.config.frontendUrl, ...deps.config.corsOrigins]
    .map(originOf)
    .filter((o): o is string => o !== null);

  /** The visitor id a request presents, if its signature holds; not yet checked against the table. */
  function presentedId(request: FastifyRequest): string | null {
    const header = request.headers[VISITOR_SESSION_HEADER];
    const raw = typeof header === 'string' ? header : request.cookies[VISITOR_COOKIE];
    if (!raw) return null;
    const unsigned = request.unsignCookie(raw);
    return unsigned.valid && unsigned.value && isUuid(unsigned.value) ? unsigned.value : null;
  }

  async function activeId(request: FastifyRequest): Promise<string | null> {
    const id = presentedId(request);
    if (!id) return null;
    const row = await repo.findVisitorSession(deps.db, id);
    return row && !row.claimed_by_user_id ? row.id : null;
  }

  /**
   * A new visitor session, its first touch taken from the request that made it (docs/decisions.md,
   * "Analytics pipeline").
   */
  async function create(reply: FastifyReply): Promise<{ id: string; token: string }> {
    // Each session may save and reserve: one address may not make them without end.
    await enforceLimit(
      deps.limiter,
      `visitor-ip:${sha256Hex(reply.request.ip ?? 'unknown')}`,
      { limit: deps.config.visitorSessionsPerIpPerHour, windowMs: RATE_LIMITS.visitorSessionsPerIp.windowMs },
      'Too many new visitor sessions from this address. Try again later, or sign in.',
    );
    const id = newId();
    const now = deps.clock.now();
    const touch = touchOfRequest(reply.request.headers, ownOrigins);
    await repo.insertVisitorSession(deps.db, id, now, { first_touch: touch, last_touch: touch });
    const token = reply.signCookie(id);
    reply.setCookie(VISITOR_COOKIE, token, {
      httpOnly: true,
      sameSite: 'lax',
      secure,
      path: '/',
      maxAge: VISITOR_MAX_AGE_SECONDS,
    });
    return { id, token };
  }

  return {
    presentedId,
    activeId,
    create,
    /** The request's visitor session, made (and its cookie set) when it has none. */
    async ensure(request: FastifyRequest, reply: FastifyReply): Promise<string> {
      return (await activeId(request)) ?? (await create(reply)).id;
    },
    onClaim(handler: VisitorClaimHandler) {
      handlers.push(handler);
    },
    /** Hands the visitor's belongings to the user; call inside the sign-in transaction. */
    async claim(trx: Transaction<DB>, visitorId: string, userId: string): Promise<boolean> {
      if (!(await repo.claimVisitorSession(trx, visitorId, userId, deps.clock.now()))) return false;
      for (const handler of handlers) await handler(trx, visitorId, userId);
      return true;
    },
    clearCookie(reply: FastifyReply) {
      reply.clearCookie(VISITOR_COOKIE, { path: '/' });
    },
  };
}

export type VisitorSessions = ReturnType<typeof createVisitorSessions>;
