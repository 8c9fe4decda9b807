/**
 * The hand-off to the listings module: a draft claimed for publishing and pointed at its listing,
 * what it was made from, and its deletion with the listing. Each runs in the listing's transaction.
 */
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../platform/errors';
import type { DraftsContext } from './context';
import { deleteWithFiles } from './delete';
import type { DraftRow } from './repo';
import * as repo from './repo';

/** Marks the draft published in the publishing transaction, or refuses: it already is. */
export async function claimForPublish(
  ctx: DraftsContext,
  trx: Transaction<DB>,
  draftId: string,
): Promise<void> {
  if (await repo.claimForPublish(trx, draftId, ctx.clock.now())) return;
  const winner = await repo.findDraft(trx, draftId);
  throw new AppError('INVALID_STATE', 'This draft is already published.', {
    listing_id: winner?.listing_id ?? null,
  });
}

/** Points the published draft at its listing. */
export function linkListing(_ctx: DraftsContext, trx: Transaction<DB>, draftId: string, listingId: string) {
  return repo.setListing(trx, draftId, listingId);
}

/** What a draft was made from (its mode and prompt), read in the caller's transaction. */
export async function sourceOf(
  _ctx: DraftsContext,
  trx: Transaction<DB>,
  draftId: string,
): Promise<Pick<DraftRow, 'mode' | 'prompt'> | null> {
  const row = await repo.findDraft(trx, draftId);
  return row ? { mode: row.mode, prompt: row.prompt } : null;
}

/**
 * Deletes the draft of a listing being deleted, with its files, in the listing's transaction
 * (the listing no longer points at it); answers what removes the bytes after the commit.
 */
export async function deleteForListing(
  ctx: DraftsContext,
  trx: Transaction<DB>,
  draftId: string,
): Promise<() => Promise<void>> {
  const row = await repo.lockDraft(trx, draftId);
  if (!row) return async () => {};
  return deleteWithFiles(ctx, trx, row);
}
