/**
 * Beta notifications shown in a person's dashboard: their listing is live, someone registered
 * interest, a job failed. A notification without a user is for everyone; each person marks it read
 * for themselves (notification_reads), while a personal one carries its own read time.
 */
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { isUuid, newId } from '../../platform/ids';

export function createNotificationsService(deps: { db: Kysely<DB>; clock: Clock }) {
  const { db } = deps;
  return {
    async notify(
      q: Kysely<DB>,
      userId: string,
      n: { kind: string; title: string; body: string; link?: string | null },
    ) {
      await q
        .insertInto('beta_notifications')
        .values({
          id: newId(),
          user_id: userId,
          kind: n.kind,
          title: n.title,
          body: n.body,
          link: n.link ?? null,
          created_at: deps.clock.now(),
        })
        .execute();
    },
    async list(userId: string, limit = 20) {
      const rows = await db
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
      return rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        title: r.title,
        body: r.body,
        link: r.link,
        created_at: r.created_at.toISOString(),
        read: r.read_at !== null,
      }));
    },
    async markRead(userId: string, id: string) {
      if (!isUuid(id)) throw new AppError('NOT_FOUND');
      const now = deps.clock.now();
      const row = await db
        .selectFrom('beta_notifications')
        .select(['id', 'user_id'])
        .where('id', '=', id)
        .where((eb) => eb.or([eb('user_id', '=', userId), eb('user_id', 'is', null)]))
        .executeTakeFirst();
      if (!row) throw new AppError('NOT_FOUND');
      if (row.user_id === null) {
        // Everyone's notification: read for this person only, and the first time counts.
        await db
          .insertInto('notification_reads')
          .values({ user_id: userId, notification_id: row.id, read_at: now })
          .onConflict((oc) => oc.columns(['user_id', 'notification_id']).doNothing())
          .execute();
        return;
      }
      await db
        .updateTable('beta_notifications')
        .set({ read_at: sql`coalesce(read_at, ${now})` })
        .where('id', '=', row.id)
        .execute();
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
