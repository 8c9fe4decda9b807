/** The saves module's part of a person's visitor claim, export and erasure. */
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { SavesContext } from './context';
import * as repo from './repo';

/** On sign-in: the visitor's saves become the user's; a listing saved by both keeps one save. */
export async function claim(ctx: SavesContext, trx: Transaction<DB>, visitorId: string, userId: string) {
  for (const listingId of await repo.dropVisitorDuplicates(trx, visitorId, userId))
    await ctx.listings.adjustSaves(trx, listingId, -1);
  await repo.moveVisitorSaves(trx, visitorId, userId);
}

/** Every save of a person (their account export). */
export async function exportFor(ctx: SavesContext, userId: string) {
  return (await repo.allOf(ctx.db, userId)).map((r) => ({
    listing_id: r.listing_id,
    source_surface: r.source_surface,
    saved_at: r.created_at.toISOString(),
  }));
}

/** Erasing an account, in its transaction: its saves go and each listing's count moves. */
export async function eraseFor(ctx: SavesContext, trx: Transaction<DB>, userId: string): Promise<number> {
  const listingIds = await repo.deleteAllOf(trx, userId);
  for (const listingId of listingIds) await ctx.listings.adjustSaves(trx, listingId, -1);
  return listingIds.length;
}
