/** The erasure of a person's account (UK GDPR right of erasure), in one audited transaction. */
import type { DeleteAccountRequest, DeleteAccountResponse } from '@kitwright/contracts';
import { type Actor, auditedTransaction, pseudonymousRef } from '../../platform/audit';
import { currentCorrelationId } from '../../platform/correlation';
import { AppError } from '../../platform/errors';
import { forgetProductEvents } from '../../platform/product-events';
import { hasRole, type SignedInUser } from '../../platform/viewer';
import { mediaPurgeJob } from '../media/purge-job';
import { type AccountContext, actorsOf } from './context';

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

    const reservationsCancelled = await ctx.interest.eraseFor(trx, user.id, actor, audit);
    const saves = await ctx.saves.eraseFor(trx, user.id);
    // Their feedback keeps no words, screenshot or context (the check of migration 0031).
    const beta = await ctx.beta.eraseFor(trx, { userId: user.id, visitorIds, email: row.email });

    const owned = await ctx.listings.lockOwnedBy(trx, user.id);
    const listingIds = owned.map((l) => l.id);
    // Pre-orders the person made, and those made of their listings, are cancelled.
    const cardsToDetach = await ctx.preorders.eraseFor(trx, user.id, listingIds, actor, audit);
    const othersClosed = await ctx.interest.closeOn(trx, owned, audit);
    await ctx.translations.eraseForListings(trx, listingIds);
    await ctx.drafts.unlinkListingsOf(trx, user.id);
    const listings = await ctx.listings.eraseOwnedBy(trx, listingIds, { userId: user.id, visitorIds });
    for (const l of owned)
      await audit({
        actor,
        action: 'listing.deleted',
        resourceType: 'listing',
        resourceId: l.id,
        details: { reason: 'account_erased' },
      });
    const drafts = await ctx.drafts.eraseAllOf(trx, user.id);
    await ctx.jobs.eraseAllOf(trx, user.id);
    const { files, keys } = await ctx.media.eraseAllOf(trx, user.id);
    if (keys.length > 0)
      await ctx.jobs.enqueue(
        mediaPurgeJob,
        {
          ownerUserId: null,
          resource: null,
          idempotencyKey: null,
          payload: { keys },
          correlationId: currentCorrelationId(),
        },
        trx,
      );
    const notifications = await ctx.notifications.eraseFor(trx, user.id);
    const supportKept = await ctx.support.detachFrom(trx, user.id, visitorIds, ref);
    await ctx.moderation.detachReporter(trx, user.id, visitorIds, ref);
    await forgetProductEvents(trx, user.id, visitorIds);
    await ctx.errorEvents.forget(trx, actorsOf(user.id, visitorIds));
    const erased = await ctx.auth.eraseAccount(trx, row);

    const removed = {
      listings,
      drafts,
      files,
      saves,
      notifications,
      sessions: erased.sessions,
    };
    await audit({
      actor,
      action: 'user.erased',
      resourceType: 'user',
      resourceId: ref,
      details: {
        ...removed,
        reservations_cancelled: reservationsCancelled,
        others_reservations_closed: othersClosed,
        support_conversations_kept: supportKept,
        beta_feedback_anonymised: beta.feedback,
      },
    });
    return { erased, removed, reservationsCancelled, supportKept, cardsToDetach };
  });

  ctx.listings.dropCaches();
  ctx.jobs.wake();
  // Saved cards of the cancelled pre-orders can never be charged: detached at the provider.
  await ctx.preorders.detachAfterErasure(result.cardsToDetach);
  const confirmation = await ctx.auth.accountErased(result.erased);
  return {
    deleted: true,
    removed: result.removed,
    reservations_cancelled: result.reservationsCancelled,
    support_conversations_kept: result.supportKept,
    confirmation_email: confirmation,
  };
}
