/**
 * The client-side session: exactly what is stored as JSON under `state_server_session`
 * (access_token, refresh_token, user, expires_at), and how it is made, read and judged.
 */
import type { AuthResponse, User } from '@kitwright/contracts';
import { readTokenClaims } from './jwt-claims';

export interface Session {
  access_token: string;
  /** Null for a token that was set directly (setToken): such a session cannot be refreshed. */
  refresh_token: string | null;
  /** Null until known, e.g. after setToken with a token of another user. */
  user: User | null;
  /** When the access token expires, in epoch milliseconds; null when unknown. */
  expires_at: number | null;
}

/** The spec's auto-refresh window: refresh when the access token expires within 5 minutes. */
export const REFRESH_WINDOW_MS = 5 * 60 * 1000;

export function sessionFromAuthResponse(response: AuthResponse, now: number): Session {
  return {
    access_token: response.access_token,
    refresh_token: response.refresh_token,
    user: response.user,
    // expires_in is relative, so a client clock that is off does not shorten or stretch the token.
    expires_at: now + response.expires_in * 1000,
  };
}

/** The AuthResponse shape of a held session (one another tab refreshed); null if it lacks a user. */
export function authResponseFromSession(session: Session, now: number): AuthResponse | null {
  if (!session.user || !session.refresh_token) return null;
  return {
    user: session.user,
    access_token: session.access_token,
    refresh_token: session.refresh_token,
    expires_in: session.expires_at === null ? 0 : Math.max(0, Math.round((session.expires_at - now) / 1000)),
    token_type: 'Bearer',
  };
}

/** A session for a token set directly: no refresh token; the user is kept only if the token is theirs. */
export function sessionFromToken(token: string, previous: Session | null): Session {
  const claims = readTokenClaims(token);
  const user = previous?.user && claims.subject === previous.user.id ? previous.user : null;
  return { access_token: token, refresh_token: null, user, expires_at: claims.expiresAt };
}

export function isExpired(session: Session, now: number): boolean {
  return session.expires_at !== null && session.expires_at <= now;
}

export function expiresWithin(session: Session, windowMs: number, now: number): boolean {
  return session.expires_at !== null && session.expires_at - now <= windowMs;
}

export function sameTokens(a: Session | null, b: Session | null): boolean {
  return a?.access_token === b?.access_token && a?.refresh_token === b?.refresh_token;
}

function isUserLike(value: unknown): value is User {
  if (typeof value !== 'object' || value === null) return false;
  const u = value as Record<string, unknown>;
  return typeof u.id === 'string' && typeof u.username === 'string' && Array.isArray(u.roles);
}

/** Parses the stored JSON; anything malformed counts as no session rather than a crash at start-up. */
export function parseSession(raw: string | null): Session | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (typeof v.access_token !== 'string' || v.access_token === '') return null;
  return {
    access_token: v.access_token,
    refresh_token: typeof v.refresh_token === 'string' && v.refresh_token !== '' ? v.refresh_token : null,
    user: isUserLike(v.user) ? v.user : null,
    expires_at: typeof v.expires_at === 'number' && Number.isFinite(v.expires_at) ? v.expires_at : null,
  };
}

export function serializeSession(session: Session): string {
  const { access_token, refresh_token, user, expires_at } = session;
  return JSON.stringify({ access_token, refresh_token, user, expires_at });
}
