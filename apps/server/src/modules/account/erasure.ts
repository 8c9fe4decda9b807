/** Erasing a person's account: every module's erase hook, in reverse list order, in one audited transaction. */
import type { DeleteAccountRequest, DeleteAccountResponse } from '@kitwright/contracts';
import { type Actor, auditedTransaction, pseudonymousRef } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { ERASURE_COUNTS, type ErasureCounts, type ErasureSubject } from '../../platform/module';
import { forgetProductEvents } from '../../platform/product-events';
import { hasRole, type SignedInUser } from '../../platform/viewer';
import type { AccountContext } from './context';

/**
 * Deletes the signed-in person's account at once (there is no grace period), after they typed
 * their username and proved they hold the account. In one audited transaction: their
 * reservations are cancelled, saves, notifications, drafts, jobs and file records deleted,
 * their listings deleted (other people's reservations on them ended and those people told),
 * support conversations kept but detached, usage events deleted, error reports and share
 * links kept without them, beta feedback kept anonymous (no words, screenshot or context), and the account with its sessions deleted. Entries written for it
 * name the account only by its pseudonymous reference. After the commit: stored bytes are
 * purged by a job, open sockets close, and a verified address gets a confirmation.
 */
export async function erase(
  ctx: AccountContext,
  user: SignedInUser,
  body: DeleteAccountRequest,
): Promise<DeleteAccountResponse> {
  if (body.confirm.trim().toLowerCase() !== user.username.toLowerCase())
    throw new AppError('VALIDATION_FAILED', 'Type your username to confirm.', {
      fields: { confirm: 'does not match your username' },
    });
  if (hasRole(user.role, 'staff'))
    throw new AppError(
      'INVALID_STATE',
      'Staff accounts are not deleted here: another founder first changes the role, then you can delete it.',
    );
  await ctx.auth.reauthenticate(user, body.password);

  const ref = pseudonymousRef(ctx.pseudonymKey, user.id);
  const actor: Actor = { type: 'user', id: ref };
  const result = await auditedTransaction(ctx, async (trx, audit) => {
    const row = await ctx.auth.lockForErasure(trx, user.id);
    if (!row) throw new AppError('UNAUTHENTICATED');
    const visitorIds = await ctx.auth.claimedVisitorIds(trx, user.id);
    const subject: ErasureSubject = {
      trx,
      userId: user.id,
      visitorIds,
      email: row.email,
      ref,
      actor,
      audit,
    };
    const counts: ErasureCounts = {
      listings: 0,
      drafts: 0,
      files: 0,
      saves: 0,
      notifications: 0,
      reservations_cancelled: 0,
      others_reservations_closed: 0,
      support_conversations_kept: 0,
      beta_feedback_anonymised: 0,
    };
    const afterCommit: Array<() => Promise<unknown>> = [];
    // Reverse list order: a module's rows go before those of the earlier modules they refer to.
    for (const part of [...ctx.parts].reverse()) {
      if (!part.erase) continue;
      const done = await part.erase(subject);
      for (const key of ERASURE_COUNTS) counts[key] += done.counts?.[key] ?? 0;
      if (done.afterCommit) afterCommit.push(done.afterCommit);
    }
    await forgetProductEvents(trx, user.id, visitorIds);
    const erased = await ctx.auth.eraseAccount(trx, row);

    const removed = {
      listings: counts.listings,
      drafts: counts.drafts,
      files: counts.files,
      saves: counts.saves,
      notifications: counts.notifications,
      sessions: erased.sessions,
    };
    await audit({
      actor,
      action: 'user.erased',
      resourceType: 'user',
      resourceId: ref,
      details: {
        ...removed,
        reservations_cancelled: counts.reservations_cancelled,
        others_reservations_closed: counts.others_reservations_closed,
        support_conversations_kept: counts.support_conversations_kept,
        beta_feedback_anonymised: counts.beta_feedback_anonymised,
      },
    });
    return {
      erased,
      removed,
      reservationsCancelled: counts.reservations_cancelled,
      supportKept: counts.support_conversations_kept,
      afterCommit,
    };
  });

  // What the modules do once the erasure committed (caches dropped, the purge job woken,
  // saved cards of cancelled pre-orders detached at the provider).
  for (const after of result.afterCommit) await after();
  const confirmation = await ctx.auth.accountErased(result.erased);
  return {
    deleted: true,
    removed: result.removed,
    reservations_cancelled: result.reservationsCancelled,
    support_conversations_kept: result.supportKept,
    confirmation_email: confirmation,
  };
}
