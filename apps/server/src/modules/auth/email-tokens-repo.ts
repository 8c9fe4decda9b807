/** SQL for the single-use links sent by email: address verification and password reset. */
import { type Kysely, type SqlBool, sql } from 'kysely';
import type { DB } from '../../db/schema';
import { deleteBatch } from '../../platform/batch-delete';

type Q = Kysely<DB>;

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

/** Deletes up to `limit` email links that expired before `before`; returns how many. */
export function pruneEmailTokens(q: Q, before: Date, limit: number): Promise<number> {
  return deleteBatch(q, 'email_tokens', sql<SqlBool>`expires_at < ${before}`, limit);
}

/** A verification or reset link by its hash, used or not, with its account's verification state. */
export function findEmailToken(q: Q, purpose: 'verify_email' | 'reset_password', hash: string) {
  return q
    .selectFrom('email_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select(['t.user_id', 't.used_at', 't.expires_at', 'u.email_verified_at'])
    .where('t.token_hash', '=', hash)
    .where('t.purpose', '=', purpose)
    .executeTakeFirst();
}

export async function deleteEmailTokensOf(q: Q, userId: string) {
  await q.deleteFrom('email_tokens').where('user_id', '=', userId).execute();
}
