/** SQL for sign-in sessions and their refresh tokens (auth_sessions, refresh_tokens). */
import type { AuthProvider } from '@kitwright/contracts';
import type { Kysely } from 'kysely';
import type { DB, SessionRevokedReason } from '../../db/schema';

type Q = Kysely<DB>;

export function insertSession(
  q: Q,
  s: {
    id: string;
    userId: string;
    provider: AuthProvider;
    deviceId: string | null;
    ip: string | null;
    userAgent: string | null;
    now: Date;
    expiresAt: Date;
  },
) {
  return q
    .insertInto('auth_sessions')
    .values({
      id: s.id,
      user_id: s.userId,
      provider: s.provider,
      device_id: s.deviceId,
      ip_address: s.ip,
      user_agent: s.userAgent,
      created_at: s.now,
      last_used_at: s.now,
      expires_at: s.expiresAt,
    })
    .execute();
}

export function insertRefreshToken(
  q: Q,
  t: { id: string; sessionId: string; hash: string; now: Date; expiresAt: Date },
) {
  return q
    .insertInto('refresh_tokens')
    .values({
      id: t.id,
      session_id: t.sessionId,
      token_hash: t.hash,
      created_at: t.now,
      expires_at: t.expiresAt,
    })
    .execute();
}

export function findRefreshToken(q: Q, hash: string) {
  return q
    .selectFrom('refresh_tokens as t')
    .innerJoin('auth_sessions as s', 's.id', 't.session_id')
    .select([
      't.id as token_id',
      't.expires_at as token_expires_at',
      't.rotated_at',
      's.id as session_id',
      's.user_id',
      's.provider',
      's.revoked_at',
      's.expires_at as session_expires_at',
    ])
    .where('t.token_hash', '=', hash)
    .executeTakeFirst();
}

/** Marks the token rotated; false when another request rotated it first. */
export async function rotateRefreshToken(q: Q, tokenId: string, now: Date): Promise<boolean> {
  const row = await q
    .updateTable('refresh_tokens')
    .set({ rotated_at: now })
    .where('id', '=', tokenId)
    .where('rotated_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return Boolean(row);
}

export async function revokeSession(
  q: Q,
  sessionId: string,
  reason: SessionRevokedReason,
  now: Date,
): Promise<boolean> {
  const row = await q
    .updateTable('auth_sessions')
    .set({ revoked_at: now, revoked_reason: reason })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return Boolean(row);
}

/** Ends every live session of the user; returns their ids. */
export async function revokeUserSessions(
  q: Q,
  userId: string,
  reason: SessionRevokedReason,
  now: Date,
): Promise<string[]> {
  const rows = await q
    .updateTable('auth_sessions')
    .set({ revoked_at: now, revoked_reason: reason })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

export function touchSession(q: Q, sessionId: string, now: Date) {
  return q.updateTable('auth_sessions').set({ last_used_at: now }).where('id', '=', sessionId).execute();
}

/** The user behind an access token's session, if that session is still live. */
export function findLiveSessionUser(q: Q, sessionId: string, userId: string, now: Date) {
  return q
    .selectFrom('auth_sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([
      's.id as session_id',
      's.revoked_at',
      's.expires_at',
      'u.id',
      'u.username',
      'u.email',
      'u.display_name',
      'u.role',
      'u.email_verified_at',
      'u.locale',
    ])
    .where('s.id', '=', sessionId)
    .where('s.user_id', '=', userId)
    .executeTakeFirst()
    .then((row) => (row ? { ...row, live: row.revoked_at === null && row.expires_at > now } : undefined));
}

/** Every session of a user, ended ones too, oldest first (the account export). */
export function sessionsOf(q: Q, userId: string) {
  return q
    .selectFrom('auth_sessions')
    .select([
      'id',
      'provider',
      'device_id',
      'ip_address',
      'user_agent',
      'created_at',
      'last_used_at',
      'expires_at',
      'revoked_at',
      'revoked_reason',
    ])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** When a session began (a fresh sign-in stands in for a password on accounts without one). */
export async function sessionStartedAt(q: Q, sessionId: string): Promise<Date | null> {
  const row = await q
    .selectFrom('auth_sessions')
    .select('created_at')
    .where('id', '=', sessionId)
    .executeTakeFirst();
  return row?.created_at ?? null;
}

/** Deletes every session of the user (and, by cascade, their refresh tokens); returns the live ones' ids. */
export async function deleteUserSessions(
  q: Q,
  userId: string,
  now: Date,
): Promise<{ all: number; live: string[] }> {
  const rows = await q
    .deleteFrom('auth_sessions')
    .where('user_id', '=', userId)
    .returning(['id', 'revoked_at', 'expires_at'])
    .execute();
  return {
    all: rows.length,
    live: rows.filter((r) => r.revoked_at === null && r.expires_at > now).map((r) => r.id),
  };
}
