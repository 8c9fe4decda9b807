/** Deleting files: their records in the caller's transaction, their bytes once it has committed. */
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { isUuid } from '../../platform/ids';
import type { MediaContext } from './context';
import * as repo from './repo';

/**
 * Deletes an owner's files in the caller's transaction: the given ids and everything stored under
 * `keyPrefix` (a draft's job artefacts). The caller makes sure nothing still points at them (a
 * foreign key refuses a file a draft still uses). The bytes can only go once the transaction has
 * committed: the answer is the function that removes them; a store that fails to delete leaves an
 * unreferenced object behind, which is logged, never an error.
 */
export async function deleteFiles(
  ctx: MediaContext,
  trx: Transaction<DB>,
  ownerId: string,
  which: { ids?: readonly string[]; keyPrefix?: string | null },
): Promise<() => Promise<void>> {
  const ids = (which.ids ?? []).filter(isUuid);
  const keys = await repo.deleteOwned(trx, ownerId, { ids, keyPrefix: which.keyPrefix ?? null });
  return async () => {
    for (const key of keys) {
      try {
        await ctx.storage.delete(key);
      } catch (err) {
        ctx.logger.warn({ err, stage: 'media-delete' }, 'a deleted file stayed in storage');
      }
    }
  };
}

/** Deletes stored bytes; a key already gone is fine, so a retry repeats safely. */
export async function purge(ctx: MediaContext, keys: readonly string[]): Promise<void> {
  for (const key of keys) await ctx.storage.delete(key);
}
