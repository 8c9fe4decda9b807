/** SQL for the users table: accounts, their passwords, roles and public profiles. */
import type { AuthProvider } from '@kitwright/contracts';
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { DB, UsersTable } from '../../db/schema';

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

/** Public profiles (id, username, display name) of the given users. */
export function profilesByIds(q: Q, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return q
    .selectFrom('users')
    .select(['id', 'username', 'display_name'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
}

/** What support staff may see of an account (never its password hash, tokens or consent data). */
export function accountSummary(q: Q, id: string) {
  return q
    .selectFrom('users')
    .select(['id', 'username', 'display_name', 'role', 'locale', 'email', 'email_verified_at', 'created_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Where and in which language a person is written to (a moderation decision about their listing). */
export function contactOf(q: Kysely<DB> | Transaction<DB>, id: string) {
  return q
    .selectFrom('users')
    .select(['id', 'email', 'display_name', 'locale'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The profile of a staff member or founder, or undefined for anyone else. */
export function staffProfile(q: Q, id: string) {
  return q
    .selectFrom('users')
    .select(['id', 'username', 'display_name'])
    .where('id', '=', id)
    .where('role', 'in', ['staff', 'founder'])
    .executeTakeFirst();
}

/** The staff and founders by display name, at most `limit` of them. */
export function staffProfiles(q: Q, limit: number) {
  return q
    .selectFrom('users')
    .select(['id', 'username', 'display_name'])
    .where('role', 'in', ['staff', 'founder'])
    .orderBy('display_name')
    .orderBy('id')
    .limit(limit)
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

export function setRole(q: Q, userId: string, role: UserRow['role'], now: Date) {
  return q
    .updateTable('users')
    .set({ role, updated_at: now })
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The account, locked until the transaction ends (nothing else changes it while it is erased). */
export function lockUser(q: Q, id: string) {
  return q.selectFrom('users').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Deletes the account row; its sessions, tokens and identities go with it (ON DELETE CASCADE). */
export async function deleteUser(q: Q, id: string): Promise<boolean> {
  const row = await q.deleteFrom('users').where('id', '=', id).returning('id').executeTakeFirst();
  return Boolean(row);
}

/** What analytics may know of an account: its stored consent and source attribution. */
export function analyticsProfileOfUser(q: Q, id: string) {
  return q
    .selectFrom('users')
    .select(['consent_state', 'source_attribution'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Stores an account's analytics consent; returns the state it had, or undefined without such account. */
export async function setUserConsent(
  q: Q,
  id: string,
  state: 'granted' | 'denied',
  now: Date,
): Promise<UserRow['consent_state'] | undefined> {
  const row = await sql<{ previous: UserRow['consent_state'] }>`
    UPDATE users AS u SET consent_state = ${state}, consent_updated_at = ${now}
    FROM (SELECT consent_state AS previous FROM users WHERE id = ${id} FOR UPDATE) AS old
    WHERE u.id = ${id}
    RETURNING old.previous`.execute(q);
  return row.rows[0]?.previous;
}

/** Sets an account's attribution and, when it has none yet, its consent (from the visitor session it claims). */
export async function adoptVisitorAnalytics(
  q: Q,
  id: string,
  attribution: Record<string, unknown>,
  consent: UserRow['consent_state'] | null,
) {
  await q
    .updateTable('users')
    .set({ source_attribution: JSON.stringify(attribution) })
    .where('id', '=', id)
    .execute();
  if (consent && consent !== 'unset') {
    await q
      .updateTable('users')
      .set({ consent_state: consent })
      .where('id', '=', id)
      .where('consent_state', '=', 'unset')
      .execute();
  }
}
