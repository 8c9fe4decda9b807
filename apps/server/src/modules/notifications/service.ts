/**
 * Beta notifications shown in a person's dashboard: their listing is live, someone registered
 * interest, a job failed. A notification without a user is for everyone; each person marks it read
 * for themselves, while a personal one carries its own read time.
 */
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { isUuid, newId } from '../../platform/ids';
import * as repo from './repo';

export function createNotificationsService(deps: { db: Kysely<DB>; clock: Clock }) {
  const { db } = deps;
  return {
    /** Adds a notification for a person, in the transaction of what it announces. */
    async notify(
      q: Kysely<DB> | Transaction<DB>,
      userId: string,
      n: { kind: string; title: string; body: string; link?: string | null },
    ) {
      await repo.insertNotification(q, {
        id: newId(),
        userId,
        kind: n.kind,
        title: n.title,
        body: n.body,
        link: n.link ?? null,
        at: deps.clock.now(),
      });
    },
    async list(userId: string, limit = 20) {
      const rows = await repo.listFor(db, userId, limit);
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
      const row = await repo.findReadable(db, userId, id);
      if (!row) throw new AppError('NOT_FOUND');
      if (row.user_id === null) await repo.markSharedRead(db, userId, row.id, now);
      else await repo.markOwnRead(db, row.id, now);
    },

    /** A person's own notifications and when they read notices for everyone (their account export). */
    async exportFor(userId: string) {
      const [own, reads] = await Promise.all([repo.personalOf(db, userId), repo.sharedReadsOf(db, userId)]);
      return {
        notifications: own.map((r) => ({
          id: r.id,
          kind: r.kind,
          title: r.title,
          body: r.body,
          link: r.link,
          created_at: r.created_at.toISOString(),
          read: r.read_at !== null,
        })),
        broadcast_reads: reads.map((r) => ({
          notification_id: r.notification_id,
          read_at: r.read_at.toISOString(),
        })),
      };
    },

    /** Erasing an account, in its transaction; returns how many notifications were deleted. */
    eraseFor: (trx: Transaction<DB>, userId: string) => repo.deleteAllOf(trx, userId),
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
