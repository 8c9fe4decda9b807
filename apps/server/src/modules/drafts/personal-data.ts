/** The drafts module's part of a person's account export and erasure. */
import type { Draft } from '@kitwright/contracts';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { DraftsContext } from './context';
import * as repo from './repo';
import { toDrafts } from './view';

/** Every draft of a person, as the API shows drafts (their account export). */
export async function exportFor(ctx: DraftsContext, userId: string): Promise<Draft[]> {
  return toDrafts(ctx, await repo.allOf(ctx.db, userId));
}

/**
 * Erasing an account, in its transaction: first the drafts let go of their listings (so the
 * listings can be deleted), then, once they are, the drafts themselves are deleted.
 */
export function unlinkListingsOf(_ctx: DraftsContext, trx: Transaction<DB>, userId: string) {
  return repo.unlinkListings(trx, userId);
}

export function eraseAllOf(_ctx: DraftsContext, trx: Transaction<DB>, userId: string) {
  return repo.deleteAllOf(trx, userId);
}
