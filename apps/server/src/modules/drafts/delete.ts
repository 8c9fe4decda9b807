/**
 * Deleting a draft with its stored files: the owner's delete (audited), and the draft of a listing
 * being deleted (publish.ts), both in a transaction that removes the bytes only once it has committed.
 */
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { auditedTransaction } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { SignedInUser } from '../../platform/viewer';
import { artefactPrefix, type DraftsContext, owned } from './context';
import type { DraftRow } from './repo';
import * as repo from './repo';

/**
 * Deletes a draft row and its files (its source model unless another of the owner's drafts is
 * made from the same upload, and every artefact its jobs stored) in the caller's transaction;
 * answers what removes the bytes once it has committed.
 */
export async function deleteWithFiles(
  ctx: DraftsContext,
  trx: Transaction<DB>,
  row: DraftRow,
): Promise<() => Promise<void>> {
  await repo.deleteDraft(trx, row.id);
  const source =
    row.source_upload_id &&
    !(await repo.uploadUsedElsewhere(trx, row.owner_user_id, row.source_upload_id, row.id))
      ? [row.source_upload_id]
      : [];
  return ctx.media.deleteFiles(trx, row.owner_user_id, {
    ids: source,
    keyPrefix: artefactPrefix(row.id),
  });
}

/**
 * Deletes an unpublished draft with its stored files (audited). A published draft belongs to its
 * listing, which is deleted instead; one whose model or kit is still being made waits for that
 * job, whose files would otherwise arrive after the draft is gone.
 */
export async function deleteDraft(ctx: DraftsContext, user: SignedInUser, draftId: string): Promise<void> {
  await owned(ctx, user, draftId);
  const purge = await auditedTransaction(ctx, async (trx, audit) => {
    const row = await repo.lockDraft(trx, draftId);
    if (!row || row.owner_user_id !== user.id) throw new AppError('NOT_FOUND');
    if (row.publish_state === 'published')
      throw new AppError(
        'INVALID_STATE',
        'This draft is published: delete its listing, which deletes the draft with it.',
        {
          listing_id: row.listing_id,
        },
      );
    if (await ctx.jobs.hasActiveFor(user.id, { type: 'design_draft', id: row.id }, trx))
      throw new AppError(
        'INVALID_STATE',
        'This draft is still being processed. Cancel the job or wait for it to finish, then delete the draft.',
      );
    const removeBytes = await deleteWithFiles(ctx, trx, row);
    await audit({
      actor: { type: 'user', id: user.id },
      action: 'draft.deleted',
      resourceType: 'design_draft',
      resourceId: row.id,
      details: { mode: row.mode, stage: row.stage },
    });
    return removeBytes;
  });
  await purge();
}
