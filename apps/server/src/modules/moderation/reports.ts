/**
 * Reports and appeals arrive through support: `opened` runs in the support conversation's
 * transaction, so a refusal leaves nothing behind. A report queues the listing, and enough
 * distinct reporters hide it at once; an owner appeals a reject, hide or request for changes once.
 */
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { appendAudit, SYSTEM } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { newId } from '../../platform/ids';
import { networkFingerprint } from '../../platform/network';
import type { ListingConversations } from '../support/face';
import { APPEALABLE, type ModerationContext, notifyHolders } from './context';
import { ownerNotice } from './messages';
import * as repo from './repo';

type Opened = Parameters<ListingConversations['opened']>[1];
type LockedListing = Awaited<ReturnType<ModerationContext['listings']['lockLive']>>;

/** A conversation about a listing opened: an appeal of its last decision, or a report of it. */
export async function opened(
  ctx: ModerationContext,
  trx: Transaction<DB>,
  c: Opened,
): ReturnType<ListingConversations['opened']> {
  const row = await ctx.listings.lockLive(trx, c.listingId);
  const now = ctx.clock.now();
  if (c.category === 'appeal') {
    await appeal(ctx, trx, row, c, now);
    return;
  }
  return report(ctx, trx, row, c, now);
}

async function appeal(
  ctx: ModerationContext,
  trx: Transaction<DB>,
  row: LockedListing,
  c: Opened,
  now: Date,
) {
  if (row.owner_user_id !== c.requester.userId)
    throw new AppError('FORBIDDEN', 'Only the owner of a listing can appeal a decision about it.');
  const decision = await repo.latestDecision(trx, row.id);
  if (!decision || !APPEALABLE.includes(decision.action))
    throw new AppError(
      'INVALID_STATE',
      'There is no moderation decision about this listing to appeal (a rejection, a hiding or a request for changes).',
    );
  const recorded = await repo.insertAppeal(trx, {
    id: newId(),
    decision_id: decision.id,
    listing_id: row.id,
    conversation_id: c.conversationId,
    message: c.message,
    created_at: now,
  });
  if (!recorded)
    throw new AppError(
      'CONFLICT',
      'You have already appealed this decision. A decision can be appealed once; the moderators will answer your appeal.',
    );
  await repo.enqueue(trx, row.id, 'appealed', now);
  await appendAudit(
    trx,
    {
      actor: { type: 'user', id: row.owner_user_id },
      action: 'moderation.appealed',
      resourceType: 'listing',
      resourceId: row.id,
      details: { decision_id: decision.id, conversation_id: c.conversationId },
    },
    ctx.clock,
  );
}

async function report(
  ctx: ModerationContext,
  trx: Transaction<DB>,
  row: LockedListing,
  c: Opened,
  now: Date,
): ReturnType<ListingConversations['opened']> {
  // The owner's own report reaches support but counts for nothing here.
  if (c.requester.userId === row.owner_user_id) return;
  const network = networkFingerprint(c.ip, ctx.fingerprintKey);
  const reporterKey = c.requester.userId
    ? `user:${c.requester.userId}`
    : c.requester.visitorId
      ? `visitor:${c.requester.visitorId}`
      : `network:${network}`;
  await repo.insertReport(trx, {
    id: newId(),
    listing_id: row.id,
    conversation_id: c.conversationId,
    reason: c.reason ?? 'other',
    reporter_key: reporterKey,
    network_fingerprint: network,
    message: c.message,
    created_at: now,
  });
  await repo.enqueue(trx, row.id, 'reported', now);
  // Only a listing still in view (or about to be) is hidden; a rejected, hidden or changes-
  // requested one keeps its state and the report is kept for the moderator.
  if (row.moderation_state !== 'approved' && row.moderation_state !== 'pending') return;
  const networks = await repo.openReportNetworks(trx, row.id);
  if (networks < ctx.reportsToHide) return;
  await hideByReports(ctx, trx, row, networks);
  // Dropped once the report has committed: the gallery and search stop showing the listing at
  // once, and no read between the drop and the commit can cache it again.
  return () => ctx.listings.dropCaches();
}

/** Hides a listing whose distinct reporters reached the threshold (in the report's transaction). */
async function hideByReports(
  ctx: ModerationContext,
  trx: Transaction<DB>,
  row: { id: string; title: string; slug: string; owner_user_id: string },
  networks: number,
) {
  await ctx.listings.setModeration(trx, row.id, 'hidden');
  await repo.enqueue(trx, row.id, 'hidden_by_reports', ctx.clock.now());
  await appendAudit(
    trx,
    {
      actor: SYSTEM,
      action: 'moderation.hidden_by_reports',
      resourceType: 'listing',
      resourceId: row.id,
      details: { distinct_reporters: networks, threshold: ctx.reportsToHide },
    },
    ctx.clock,
  );
  const owner = await ctx.profiles.contact(row.owner_user_id, trx);
  await ctx.notifications.notify(trx, row.owner_user_id, {
    kind: 'listing_moderation',
    ...ownerNotice('hide', owner?.locale ?? null, row, null),
    link: `/listing/${row.slug}`,
  });
  await notifyHolders(ctx, trx, row);
}
