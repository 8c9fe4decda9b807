/**
 * Saving listings, for signed-in people and for visitors with an anonymous session. The listing's
 * save count moves in the same transaction as the save, so it always equals the rows.
 */
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { Clock } from '../../platform/clock';
import { newId } from '../../platform/ids';
import type { ConsentState, ProductEvents } from '../../platform/product-events';

export interface Owner {
  userId: string | null;
  visitorId: string | null;
}

export function ownerColumn(owner: Owner): { column: 'user_id' | 'visitor_id'; value: string } {
  if (owner.userId) return { column: 'user_id', value: owner.userId };
  if (owner.visitorId) return { column: 'visitor_id', value: owner.visitorId };
  throw new Error('an owner needs a user or a visitor session');
}

export function createSavesService(deps: { db: Kysely<DB>; clock: Clock; events: ProductEvents }) {
  const { db } = deps;
  return {
    async isSaved(owner: Owner, listingId: string): Promise<boolean> {
      if (!owner.userId && !owner.visitorId) return false;
      const { column, value } = ownerColumn(owner);
      return Boolean(
        await db
          .selectFrom('listing_saves')
          .select('id')
          .where('listing_id', '=', listingId)
          .where(column, '=', value)
          .executeTakeFirst(),
      );
    },

    async save(
      owner: Owner,
      listingId: string,
      meta: { surface: string; consent: ConsentState; correlationId: string },
    ): Promise<boolean> {
      const { column, value } = ownerColumn(owner);
      const created = await db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('listing_saves')
          .values({
            id: newId(),
            listing_id: listingId,
            [column]: value,
            source_surface: meta.surface,
            created_at: deps.clock.now(),
          })
          .onConflict((oc) => oc.columns(['listing_id', column]).where(column, 'is not', null).doNothing())
          .returning('id')
          .executeTakeFirst();
        if (row)
          await trx
            .updateTable('listings')
            .set({ save_count: sql`save_count + 1` })
            .where('id', '=', listingId)
            .execute();
        return Boolean(row);
      });
      if (created) {
        await deps.events.emit(
          'listing_saved',
          {
            listing_id: listingId,
            user_id: owner.userId,
            session_id: owner.visitorId,
            source_surface: meta.surface,
          },
          {
            userId: owner.userId,
            sessionId: owner.visitorId,
            consent: meta.consent,
            route: 'listing-save',
            correlationId: meta.correlationId,
          },
        );
      }
      return created;
    },

    async unsave(owner: Owner, listingId: string): Promise<boolean> {
      const { column, value } = ownerColumn(owner);
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .deleteFrom('listing_saves')
          .where('listing_id', '=', listingId)
          .where(column, '=', value)
          .returning('id')
          .executeTakeFirst();
        if (row)
          await trx
            .updateTable('listings')
            .set({ save_count: sql`greatest(save_count - 1, 0)` })
            .where('id', '=', listingId)
            .execute();
        return Boolean(row);
      });
    },

    async savedListingIds(owner: Owner, limit: number): Promise<string[]> {
      if (!owner.userId && !owner.visitorId) return [];
      const { column, value } = ownerColumn(owner);
      const rows = await db
        .selectFrom('listing_saves')
        .select('listing_id')
        .where(column, '=', value)
        .orderBy('created_at', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => r.listing_id);
    },

    /** On sign-in: the visitor's saves become the user's; a listing saved by both keeps one save. */
    async claim(trx: Transaction<DB>, visitorId: string, userId: string) {
      const duplicates = await trx
        .deleteFrom('listing_saves')
        .where('visitor_id', '=', visitorId)
        .where(
          'listing_id',
          'in',
          trx.selectFrom('listing_saves').select('listing_id').where('user_id', '=', userId),
        )
        .returning('listing_id')
        .execute();
      for (const d of duplicates) {
        await trx
          .updateTable('listings')
          .set({ save_count: sql`greatest(save_count - 1, 0)` })
          .where('id', '=', d.listing_id)
          .execute();
      }
      await trx
        .updateTable('listing_saves')
        .set({ user_id: userId, visitor_id: null })
        .where('visitor_id', '=', visitorId)
        .execute();
    },
  };
}

export type SavesService = ReturnType<typeof createSavesService>;
