/** SQL for anonymous visitor sessions. */
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';

type Q = Kysely<DB>;

export function findVisitorSession(q: Q, id: string) {
  return q
    .selectFrom('visitor_sessions')
    .select(['id', 'claimed_by_user_id'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertVisitorSession(
  q: Q,
  id: string,
  now: Date,
  attribution: Record<string, unknown> = {},
) {
  await q
    .insertInto('visitor_sessions')
    .values({ id, created_at: now, last_seen_at: now, source_attribution: JSON.stringify(attribution) })
    .execute();
}

/** What analytics may know of a visitor session: its stored consent and source attribution. */
export function analyticsProfileOfVisitor(q: Q, id: string) {
  return q
    .selectFrom('visitor_sessions')
    .select(['consent_state', 'source_attribution'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Stores a visitor session's analytics consent; returns the state it had, or undefined without such session. */
export async function setVisitorConsent(q: Q, id: string, state: 'granted' | 'denied', now: Date) {
  const row = await sql<{ previous: 'granted' | 'denied' | 'unset' }>`
    UPDATE visitor_sessions AS v SET consent_state = ${state}, consent_updated_at = ${now}, last_seen_at = ${now}
    FROM (SELECT consent_state AS previous FROM visitor_sessions WHERE id = ${id} FOR UPDATE) AS old
    WHERE v.id = ${id}
    RETURNING old.previous`.execute(q);
  return row.rows[0]?.previous;
}

/** A new visit of a known visitor session: its last touch changes, its first touch never. */
export async function setVisitorAttribution(q: Q, id: string, attribution: Record<string, unknown>) {
  await q
    .updateTable('visitor_sessions')
    .set({ source_attribution: JSON.stringify(attribution) })
    .where('id', '=', id)
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

/** The visitor sessions an account claimed when it signed in, oldest first. */
export function claimedBy(q: Q, userId: string) {
  return q
    .selectFrom('visitor_sessions')
    .select(['id', 'created_at', 'last_seen_at', 'consent_state', 'source_attribution', 'claimed_at'])
    .where('claimed_by_user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

/** Deletes the visitor sessions the account claimed; nothing is left in them once claimed. */
export async function deleteClaimedBy(q: Q, userId: string) {
  await q.deleteFrom('visitor_sessions').where('claimed_by_user_id', '=', userId).execute();
}
