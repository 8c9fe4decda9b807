/** SQL for share links: made, visited, exported and kept without their maker on erasure. */
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';

type Q = Kysely<DB> | Transaction<DB>;

export async function insertShare(
  q: Q,
  share: {
    id: string;
    code: string;
    listingId: string;
    channel: string;
    userId: string | null;
    visitorId: string | null;
    at: Date;
  },
) {
  await q
    .insertInto('listing_shares')
    .values({
      id: share.id,
      code: share.code,
      listing_id: share.listingId,
      channel: share.channel,
      user_id: share.userId,
      visitor_id: share.visitorId,
      created_at: share.at,
    })
    .execute();
}

/** Counts a visit through a share link of this listing; the link's code and channel, if it exists. */
export function countShareVisit(q: Q, listingId: string, code: string) {
  return q
    .updateTable('listing_shares')
    .set({ visits: sql`visits + 1` })
    .where('code', '=', code)
    .where('listing_id', '=', listingId)
    .returning(['code', 'channel'])
    .executeTakeFirst();
}

/** The share links a person made, oldest first. */
export function sharesBy(q: Q, userId: string) {
  return q
    .selectFrom('listing_shares')
    .select(['listing_id', 'code', 'channel', 'visits', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

/** Share links a person made of other people's listings stay (their visits count) without the person. */
export async function detachSharesOf(trx: Transaction<DB>, userId: string, visitorIds: readonly string[]) {
  await trx.updateTable('listing_shares').set({ user_id: null }).where('user_id', '=', userId).execute();
  if (visitorIds.length > 0)
    await trx
      .updateTable('listing_shares')
      .set({ visitor_id: null })
      .where('visitor_id', 'in', [...visitorIds])
      .execute();
}
