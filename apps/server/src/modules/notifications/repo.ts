/** SQL for beta notifications and who read the ones addressed to everyone. */
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';

type Q = Kysely<DB> | Transaction<DB>;

export async function insertNotification(
  q: Q,
  n: {
    id: string;
    userId: string | null;
    kind: string;
    title: string;
    body: string;
    link: string | null;
    at: Date;
  },
) {
  await q
    .insertInto('beta_notifications')
    .values({
      id: n.id,
      user_id: n.userId,
      kind: n.kind,
      title: n.title,
      body: n.body,
      link: n.link,
      created_at: n.at,
    })
    .execute();
}

/** A person's notifications and everyone's, newest first, each with the time this person read it. */
export function listFor(q: Q, userId: string, limit: number) {
  return q
    .selectFrom('beta_notifications as n')
    .leftJoin('notification_reads as r', (join) =>
      join.onRef('r.notification_id', '=', 'n.id').on('r.user_id', '=', userId),
    )
    .select(['n.id', 'n.kind', 'n.title', 'n.body', 'n.link', 'n.created_at'])
    .select(sql<Date | null>`coalesce(n.read_at, r.read_at)`.as('read_at'))
    .where((eb) => eb.or([eb('n.user_id', '=', userId), eb('n.user_id', 'is', null)]))
    .orderBy('n.created_at', 'desc')
    .orderBy('n.id', 'desc')
    .limit(limit)
    .execute();
}

/** A notification this person may read (theirs, or everyone's). */
export function findReadable(q: Q, userId: string, id: string) {
  return q
    .selectFrom('beta_notifications')
    .select(['id', 'user_id'])
    .where('id', '=', id)
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('user_id', 'is', null)]))
    .executeTakeFirst();
}

/** Everyone's notification read by one person; the first time counts. */
export async function markSharedRead(q: Q, userId: string, id: string, at: Date) {
  await q
    .insertInto('notification_reads')
    .values({ user_id: userId, notification_id: id, read_at: at })
    .onConflict((oc) => oc.columns(['user_id', 'notification_id']).doNothing())
    .execute();
}

export async function markOwnRead(q: Q, id: string, at: Date) {
  await q
    .updateTable('beta_notifications')
    .set({ read_at: sql`coalesce(read_at, ${at})` })
    .where('id', '=', id)
    .execute();
}

/** Every notification addressed to this person, newest first (the account export). */
export function personalOf(q: Q, userId: string) {
  return q
    .selectFrom('beta_notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** When this person read notices addressed to everyone. */
export function sharedReadsOf(q: Q, userId: string) {
  return q
    .selectFrom('notification_reads')
    .select(['notification_id', 'read_at'])
    .where('user_id', '=', userId)
    .orderBy('read_at')
    .execute();
}

/** Deletes a person's notifications and read markers; returns how many notifications. */
export async function deleteAllOf(trx: Transaction<DB>, userId: string): Promise<number> {
  await trx.deleteFrom('notification_reads').where('user_id', '=', userId).execute();
  const rows = await trx
    .deleteFrom('beta_notifications')
    .where('user_id', '=', userId)
    .returning('id')
    .execute();
  return rows.length;
}
