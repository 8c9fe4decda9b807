/** SQL for saved listings, of signed-in people and of visitor sessions. */
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { newId } from '../../platform/ids';
import { type Owner, ownerColumn } from '../../platform/owner-column';

type Q = Kysely<DB> | Transaction<DB>;

export async function isSaved(q: Q, owner: Owner, listingId: string): Promise<boolean> {
  const { column, value } = ownerColumn(owner);
  const row = await q
    .selectFrom('listing_saves')
    .select('id')
    .where('listing_id', '=', listingId)
    .where(column, '=', value)
    .executeTakeFirst();
  return Boolean(row);
}

/** Saves the listing unless this owner already has; true when a save was added. */
export async function insertSave(
  q: Q,
  owner: Owner,
  listingId: string,
  surface: string,
  at: Date,
): Promise<boolean> {
  const { column, value } = ownerColumn(owner);
  const row = await q
    .insertInto('listing_saves')
    .values({ id: newId(), listing_id: listingId, [column]: value, source_surface: surface, created_at: at })
    .onConflict((oc) => oc.columns(['listing_id', column]).where(column, 'is not', null).doNothing())
    .returning('id')
    .executeTakeFirst();
  return Boolean(row);
}

/** Removes the owner's save; true when there was one. */
export async function deleteSave(q: Q, owner: Owner, listingId: string): Promise<boolean> {
  const { column, value } = ownerColumn(owner);
  const row = await q
    .deleteFrom('listing_saves')
    .where('listing_id', '=', listingId)
    .where(column, '=', value)
    .returning('id')
    .executeTakeFirst();
  return Boolean(row);
}

export async function savedListingIds(q: Q, owner: Owner, limit: number): Promise<string[]> {
  const { column, value } = ownerColumn(owner);
  const rows = await q
    .selectFrom('listing_saves')
    .select('listing_id')
    .where(column, '=', value)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => r.listing_id);
}

/** Deletes every save of a listing (it is being deleted); returns how many. */
export async function deleteForListing(trx: Transaction<DB>, listingId: string): Promise<number> {
  const rows = await trx
    .deleteFrom('listing_saves')
    .where('listing_id', '=', listingId)
    .returning('id')
    .execute();
  return rows.length;
}

/** Deletes the visitor's saves of listings the user saved too; returns those listing ids. */
export async function dropVisitorDuplicates(trx: Transaction<DB>, visitorId: string, userId: string) {
  const rows = await trx
    .deleteFrom('listing_saves')
    .where('visitor_id', '=', visitorId)
    .where(
      'listing_id',
      'in',
      trx.selectFrom('listing_saves').select('listing_id').where('user_id', '=', userId),
    )
    .returning('listing_id')
    .execute();
  return rows.map((r) => r.listing_id);
}

export async function moveVisitorSaves(trx: Transaction<DB>, visitorId: string, userId: string) {
  await trx
    .updateTable('listing_saves')
    .set({ user_id: userId, visitor_id: null })
    .where('visitor_id', '=', visitorId)
    .execute();
}

/** Every save of a person, newest first (the account export). */
export function allOf(q: Q, userId: string) {
  return q
    .selectFrom('listing_saves')
    .select(['listing_id', 'source_surface', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .execute();
}

/** Deletes every save of a person; returns the listings they were of. */
export async function deleteAllOf(trx: Transaction<DB>, userId: string): Promise<string[]> {
  const rows = await trx
    .deleteFrom('listing_saves')
    .where('user_id', '=', userId)
    .returning('listing_id')
    .execute();
  return rows.map((r) => r.listing_id);
}
