/**
 * A moderator decides about a listing: approve, reject, hide, restore or request changes. Each
 * decision is audited and recorded, settles the listing's reports and answers its appeals, takes
 * it off the queue, is told to the owner (in-app and by email, in their language) and drops the
 * gallery's caches. The state machine is in service.ts's header and TRANSITIONS below.
 */
import type {
  ModerationAction,
  ModerationDecisionRequest,
  ModerationItem,
  ModerationState,
} from '@kitwright/contracts';
import { auditedTransaction } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { isUuid, newId } from '../../platform/ids';
import { supportPage } from '../../providers/email/layout';
import { APPEALABLE, type ModerationContext, notifyHolders } from './context';
import { decisionEmail, ownerNotice } from './messages';
import { history } from './queue';
import * as repo from './repo';

/** Where each action may start from, and where it leads. */
const TRANSITIONS: Record<ModerationAction, { from: readonly ModerationState[]; to: ModerationState }> = {
  approve: { from: ['pending', 'approved', 'rejected', 'changes_requested'], to: 'approved' },
  reject: { from: ['pending', 'approved', 'hidden', 'changes_requested'], to: 'rejected' },
  hide: { from: ['pending', 'approved'], to: 'hidden' },
  restore: { from: ['hidden'], to: 'approved' },
  request_changes: { from: ['pending', 'approved', 'hidden'], to: 'changes_requested' },
};

export async function decide(
  ctx: ModerationContext,
  staff: { id: string },
  listingId: string,
  body: ModerationDecisionRequest,
): Promise<ModerationItem> {
  const { db, clock } = ctx;
  if (!isUuid(listingId)) throw new AppError('NOT_FOUND');
  const reason = body.reason?.trim() || null;
  if (APPEALABLE.includes(body.action) && !reason)
    throw new AppError('VALIDATION_FAILED', 'Give the reason the owner will read.', {
      location: 'body',
      fields: { reason: `is required to ${body.action.replace('_', ' ')}` },
    });
  const transition = TRANSITIONS[body.action];
  const row = await auditedTransaction({ db, clock, alerts: ctx.alerts }, async (trx, audit) => {
    const current = await ctx.listings.lockLive(trx, listingId);
    const from = current.moderation_state;
    const queued = await repo.queueEntry(trx, current.id);
    // Approving an approved listing dismisses its reports: only while it waits in the queue.
    if (!transition.from.includes(from) || (body.action === 'approve' && from === 'approved' && !queued))
      throw new AppError(
        'INVALID_STATE',
        `A listing that is ${from.replace('_', ' ')} cannot be given "${body.action}".`,
        {
          moderation_state: from,
          action: body.action,
        },
      );
    if (transition.to !== from) await ctx.listings.setModeration(trx, current.id, transition.to);
    const now = clock.now();
    const decision = await repo.insertDecision(trx, {
      id: newId(),
      listing_id: current.id,
      moderator_user_id: staff.id,
      action: body.action,
      reason,
      from_state: from,
      to_state: transition.to,
      created_at: now,
    });
    await repo.settleReports(trx, current.id, now);
    await repo.answerAppeals(trx, current.id, decision.id);
    await repo.dequeue(trx, current.id);
    const owner = await ctx.profiles.contact(current.owner_user_id, trx);
    await ctx.notifications.notify(trx, current.owner_user_id, {
      kind: 'listing_moderation',
      ...ownerNotice(body.action, owner?.locale ?? null, current, reason),
      link: `/listing/${current.slug}`,
    });
    // Hiding keeps the reservations; their holders are told the design is under review.
    if (body.action === 'hide') await notifyHolders(ctx, trx, current);
    await audit({
      actor: { type: 'user', id: staff.id },
      action: `moderation.${body.action}`,
      resourceType: 'listing',
      resourceId: current.id,
      details: { decision_id: decision.id, from_state: from, to_state: transition.to, reason },
    });
    return current;
  });
  ctx.listings.dropCaches();
  await tellOwner(ctx, row, body.action, reason);
  return history(ctx, row.id);
}

/** The decision by email, in the owner's language; a failed email is logged, the decision stands. */
async function tellOwner(
  ctx: ModerationContext,
  row: { title: string; slug: string; owner_user_id: string },
  action: ModerationAction,
  reason: string | null,
) {
  const owner = await ctx.profiles.contact(row.owner_user_id);
  if (!owner) return;
  try {
    await ctx.email.send(
      decisionEmail(
        owner,
        action,
        row,
        reason,
        `${ctx.publicBaseUrl}/listing/${row.slug}`,
        supportPage(ctx.publicBaseUrl),
      ),
    );
  } catch (err) {
    // The decision stands and the in-app notice is there; the failed email is logged.
    ctx.logger.error({ err, stage: 'email' }, 'moderation email could not be sent');
  }
}
