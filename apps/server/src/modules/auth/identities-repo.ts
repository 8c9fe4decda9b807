/** SQL for external sign-in: linked provider identities and open OAuth attempts. */
import { type Kysely, type SqlBool, sql } from 'kysely';
import type { DB } from '../../db/schema';
import { deleteBatch } from '../../platform/batch-delete';

type Q = Kysely<DB>;

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

/**
 * An open attempt: its one use, expiry, provider and what the callback needs besides the browser's
 * cookie. The PKCE verifier and nonce are not kept here: they live in that cookie only.
 */
export function insertOAuthAttempt(
  q: Q,
  a: {
    stateHash: string;
    provider: 'google' | 'apple';
    visitorId: string | null;
    invitationCode?: string | null;
    now: Date;
    expiresAt: Date;
  },
) {
  return q
    .insertInto('oauth_attempts')
    .values({
      state_hash: a.stateHash,
      provider: a.provider,
      visitor_session_id: a.visitorId,
      beta_invitation_code: a.invitationCode ?? null,
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
    .returning(['visitor_session_id', 'provider_name', 'beta_invitation_code'])
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

/** Deletes up to `limit` OAuth attempts that expired before `before`; returns how many. */
export function pruneOAuthAttempts(q: Q, before: Date, limit: number): Promise<number> {
  return deleteBatch(q, 'oauth_attempts', sql<SqlBool>`expires_at < ${before}`, limit);
}

/** The provider identities linked to a user, oldest first. */
export function identitiesOf(q: Q, userId: string) {
  return q
    .selectFrom('user_identities')
    .select(['provider', 'subject', 'email', 'email_verified', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

export async function deleteIdentitiesOf(q: Q, userId: string) {
  await q.deleteFrom('user_identities').where('user_id', '=', userId).execute();
}
