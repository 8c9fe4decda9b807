/** SQL for accounts: users, sessions and refresh tokens, email tokens, identities, OAuth attempts. */
import { type Kysely, type Selectable, sql } from 'kysely';
import type { AuthProvider, DB, SessionRevokedReason, UsersTable } from '../../db/schema';

export type UserRow = Selectable<UsersTable>;
type Q = Kysely<DB>;

export function findUserById(q: Q, id: string) {
  return q.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A username or an email, case-insensitively. */
export function findUserByIdentifier(q: Q, identifier: string) {
  const value = identifier.trim().toLowerCase();
  return q
    .selectFrom('users')
    .selectAll()
    .where((eb) =>
      value.includes('@')
        ? eb(eb.fn('lower', ['email']), '=', value)
        : eb(eb.fn('lower', ['username']), '=', value),
    )
    .executeTakeFirst();
}

export function findUserByEmail(q: Q, email: string) {
  return q
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()))
    .executeTakeFirst();
}

export async function usernameTaken(q: Q, username: string): Promise<boolean> {
  const row = await q
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
    .executeTakeFirst();
  return Boolean(row);
}

export interface NewUser {
  id: string;
  username: string;
  email: string;
  passwordHash: string | null;
  displayName: string;
  locale: string;
  signupProvider: AuthProvider;
  emailVerifiedAt: Date | null;
  sourceAttribution: Record<string, unknown>;
  now: Date;
  /** Defaults to the database's default role (user). */
  role?: UserRow['role'];
}

function userValues(user: NewUser) {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    password_hash: user.passwordHash,
    display_name: user.displayName,
    locale: user.locale,
    signup_provider: user.signupProvider,
    email_verified_at: user.emailVerifiedAt,
    source_attribution: JSON.stringify(user.sourceAttribution),
    created_at: user.now,
    updated_at: user.now,
    ...(user.role ? { role: user.role } : {}),
  };
}

/**
 * Inserts the user unless the username or the email is taken (by a committed row or one a
 * concurrent transaction is inserting, which is waited for); undefined then, and the transaction
 * stays usable.
 */
export function insertUserIfFree(q: Q, user: NewUser) {
  return q
    .insertInto('users')
    .values(userValues(user))
    .onConflict((oc) => oc.doNothing())
    .returningAll()
    .executeTakeFirst();
}

export function insertUser(q: Q, user: NewUser) {
  return q.insertInto('users').values(userValues(user)).returningAll().executeTakeFirstOrThrow();
}

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

export function insertEmailToken(
  q: Q,
  t: {
    id: string;
    userId: string;
    purpose: 'verify_email' | 'reset_password';
    hash: string;
    now: Date;
    expiresAt: Date;
  },
) {
  return q
    .insertInto('email_tokens')
    .values({
      id: t.id,
      user_id: t.userId,
      purpose: t.purpose,
      token_hash: t.hash,
      created_at: t.now,
      expires_at: t.expiresAt,
    })
    .execute();
}

/** Uses a single-use email token: returns its user only if it was unused and unexpired. */
export async function consumeEmailToken(
  q: Q,
  purpose: 'verify_email' | 'reset_password',
  hash: string,
  now: Date,
) {
  return q
    .updateTable('email_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', hash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['user_id'])
    .executeTakeFirst();
}

export function retireEmailTokens(
  q: Q,
  userId: string,
  purpose: 'verify_email' | 'reset_password',
  now: Date,
) {
  return q
    .updateTable('email_tokens')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
}

export function setPassword(q: Q, userId: string, passwordHash: string, now: Date) {
  return q
    .updateTable('users')
    .set({ password_hash: passwordHash, password_changed_at: now, updated_at: now })
    .where('id', '=', userId)
    .execute();
}

export function markEmailVerified(q: Q, userId: string, now: Date) {
  return q
    .updateTable('users')
    .set({ email_verified_at: sql`coalesce(email_verified_at, ${now})`, updated_at: now })
    .where('id', '=', userId)
    .returning(['id'])
    .executeTakeFirst();
}

export function findIdentity(q: Q, provider: 'google' | 'apple', subject: string) {
  return q
    .selectFrom('user_identities')
    .selectAll()
    .where('provider', '=', provider)
    .where('subject', '=', subject)
    .executeTakeFirst();
}

/** The identity a user has with a provider (one per provider), if any. */
export function findIdentityOfUser(q: Q, userId: string, provider: 'google' | 'apple') {
  return q
    .selectFrom('user_identities')
    .selectAll()
    .where('user_id', '=', userId)
    .where('provider', '=', provider)
    .executeTakeFirst();
}

export function insertIdentity(
  q: Q,
  i: {
    id: string;
    userId: string;
    provider: 'google' | 'apple';
    subject: string;
    email: string | null;
    emailVerified: boolean;
    now: Date;
  },
) {
  return (
    q
      .insertInto('user_identities')
      .values({
        id: i.id,
        user_id: i.userId,
        provider: i.provider,
        subject: i.subject,
        email: i.email,
        email_verified: i.emailVerified,
        created_at: i.now,
      })
      // A concurrent sign-in may link the same identity first; the caller reads what won.
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst()
  );
}

export function insertOAuthAttempt(
  q: Q,
  a: {
    stateHash: string;
    provider: 'google' | 'apple';
    codeVerifier: string;
    nonce: string;
    visitorId: string | null;
    now: Date;
    expiresAt: Date;
  },
) {
  return q
    .insertInto('oauth_attempts')
    .values({
      state_hash: a.stateHash,
      provider: a.provider,
      code_verifier: a.codeVerifier,
      nonce: a.nonce,
      visitor_session_id: a.visitorId,
      created_at: a.now,
      expires_at: a.expiresAt,
    })
    .execute();
}

/** Takes an OAuth attempt for its one use; undefined when unknown, used, expired or for another provider. */
export function consumeOAuthAttempt(q: Q, stateHash: string, provider: 'google' | 'apple', now: Date) {
  return q
    .updateTable('oauth_attempts')
    .set({ used_at: now })
    .where('state_hash', '=', stateHash)
    .where('provider', '=', provider)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['code_verifier', 'nonce', 'visitor_session_id', 'provider_name'])
    .executeTakeFirst();
}

/** Keeps the name a provider posted with its callback (Apple, first sign-in only) on the open attempt. */
export function setOAuthAttemptName(
  q: Q,
  stateHash: string,
  provider: 'google' | 'apple',
  name: string,
  now: Date,
) {
  return q
    .updateTable('oauth_attempts')
    .set({ provider_name: name })
    .where('state_hash', '=', stateHash)
    .where('provider', '=', provider)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .where('provider_name', 'is', null)
    .execute();
}

/** Public profiles (id, username, display name) of the given users. */
export function profilesByIds(q: Q, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return q
    .selectFrom('users')
    .select(['id', 'username', 'display_name'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
}

/** A user's id by username, case-insensitively. */
export async function idByUsername(q: Q, username: string): Promise<string | null> {
  const row = await q
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Deletes up to `limit` OAuth attempts that expired before `before`; returns how many. */
export async function pruneOAuthAttempts(q: Q, before: Date, limit: number): Promise<number> {
  const result = await sql`
    DELETE FROM oauth_attempts WHERE ctid = ANY(ARRAY(
      SELECT ctid FROM oauth_attempts WHERE expires_at < ${before} LIMIT ${limit}))`.execute(q);
  return Number(result.numAffectedRows ?? 0);
}

/** Deletes up to `limit` email links that expired before `before`; returns how many. */
export async function pruneEmailTokens(q: Q, before: Date, limit: number): Promise<number> {
  const result = await sql`
    DELETE FROM email_tokens WHERE ctid = ANY(ARRAY(
      SELECT ctid FROM email_tokens WHERE expires_at < ${before} LIMIT ${limit}))`.execute(q);
  return Number(result.numAffectedRows ?? 0);
}

export function findVisitorSession(q: Q, id: string) {
  return q
    .selectFrom('visitor_sessions')
    .select(['id', 'claimed_by_user_id'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertVisitorSession(q: Q, id: string, now: Date) {
  await q
    .insertInto('visitor_sessions')
    .values({ id, created_at: now, last_seen_at: now, source_attribution: '{}' })
    .execute();
}

/** Marks an unclaimed visitor session claimed by the user; false when it was claimed already. */
export async function claimVisitorSession(q: Q, id: string, userId: string, now: Date): Promise<boolean> {
  const claimed = await q
    .updateTable('visitor_sessions')
    .set({ claimed_by_user_id: userId, claimed_at: now })
    .where('id', '=', id)
    .where('claimed_by_user_id', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return Boolean(claimed);
}

export function setRole(q: Q, userId: string, role: UserRow['role'], now: Date) {
  return q
    .updateTable('users')
    .set({ role, updated_at: now })
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}
