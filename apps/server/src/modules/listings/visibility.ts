/**
 * The owner's hold on a published listing: unpublish it (only its owner and staff see it, its
 * saves and reservations stay), republish it (through the automatic checks again, like a new
 * listing), or delete it (reservations cancelled with a reason and their holders told, saves
 * removed, text, files, photos and draft gone; a tombstone keeps the name for the records).
 * Each change is audited in its own transaction; asking for the state a listing is already in
 * changes nothing.
 */
import { type ListingDetail, type RepublishRequest, UGC_LICENCE_VERSION } from '@kitwright/contracts';
import { checkUseCase } from '@kitwright/mesher';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { auditedTransaction } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { isUuid } from '../../platform/ids';
import type { SignedInUser } from '../../platform/viewer';
import { automaticChecks } from '../moderation/checks';
import { changed, deleted, type ListingsContext, sentToReview, withdrawn } from './context';
import { ownerDetail } from './page';
import { checkPrompt } from './publish';
import type { ListingRow } from './repo';
import * as repo from './repo';

/** The reason a deleted listing's reservations carry, as their holders read it. */
export const DELETED_REASON = 'The designer deleted this design, so it can no longer be built.';

/** The owner's listing, locked for the change; anyone else (and a deleted one) is told 404. */
async function lockOwned(trx: Transaction<DB>, user: SignedInUser, idOrSlug: string): Promise<ListingRow> {
  const row = await repo.findListing(trx, isUuid(idOrSlug) ? { id: idOrSlug } : { slug: idOrSlug }, {
    lock: true,
  });
  if (!row || row.owner_user_id !== user.id) throw new AppError('NOT_FOUND');
  return row;
}

export async function unpublish(
  ctx: ListingsContext,
  user: SignedInUser,
  idOrSlug: string,
): Promise<ListingDetail> {
  const row = await auditedTransaction(ctx, async (trx, audit) => {
    const current = await lockOwned(trx, user, idOrSlug);
    if (current.state === 'unpublished') return current;
    const now = ctx.clock.now();
    const updated = await repo.updateListing(trx, current.id, {
      state: 'unpublished',
      state_changed_at: now,
      updated_at: now,
    });
    await audit({
      actor: { type: 'user', id: user.id },
      action: 'listing.unpublished',
      resourceType: 'listing',
      resourceId: current.id,
      details: { active_reservations: current.reservation_count, saves: current.save_count },
    });
    return { ...current, ...updated };
  });
  changed(ctx);
  return ownerDetail(ctx, row, user);
}

export async function republish(
  ctx: ListingsContext,
  user: SignedInUser,
  idOrSlug: string,
  body: RepublishRequest,
): Promise<ListingDetail> {
  await ctx.controls.requireCapability('publishing');
  await ctx.controls.requireFlag('publishing');
  const row = await auditedTransaction(ctx, async (trx, audit) => {
    const current = await lockOwned(trx, user, idOrSlug);
    if (current.state === 'published') return current;
    if (current.moderation_state === 'rejected')
      throw new AppError('INVALID_STATE', 'A design a moderator rejected cannot be published again.');
    // A moderator's hold (hidden, changes requested) outlives unpublishing: it is published again
    // but stays out of public view until the moderator or the owner's edit moves it on.
    const held = current.moderation_state === 'hidden' || current.moderation_state === 'changes_requested';
    // The gates a new listing passes, against today's rules: the use case, the licence text, and
    // the automatic checks of its words (findings send it to review instead of the gallery).
    const useCase = checkUseCase(current.use_case);
    if (!useCase.allowed)
      throw new AppError('USE_CASE_BLOCKED', useCase.reason ?? undefined, { use_case: current.use_case });
    const source = current.draft_id ? await ctx.drafts.sourceOf(trx, current.draft_id) : null;
    if (source) checkPrompt(source);
    const newLicence = current.licence_version !== UGC_LICENCE_VERSION;
    if (newLicence && body.licence?.version !== UGC_LICENCE_VERSION)
      throw new AppError('GATE_NOT_MET', 'Accept the current version of the owner licence.', {
        gate: 'licence',
        current_version: UGC_LICENCE_VERSION,
      });
    const findings = automaticChecks({
      title: current.title,
      description: current.description,
      tags: current.tags,
    });
    const now = ctx.clock.now();
    const updated = await repo.updateListing(trx, current.id, {
      state: 'published',
      state_changed_at: now,
      updated_at: now,
      moderation_state: held ? current.moderation_state : findings.length === 0 ? 'approved' : 'pending',
      ...(newLicence ? { licence_version: UGC_LICENCE_VERSION, licence_accepted_at: now } : {}),
    });
    const details = await repo.updateDetails(trx, current.id, {
      moderation_flags: JSON.stringify(findings),
    });
    const live = updated.moderation_state === 'approved';
    if (updated.moderation_state === 'pending') await sentToReview(ctx, trx, current.id);
    await ctx.notifications.notify(trx, user.id, {
      kind: 'listing_published',
      title: live ? 'Your design is live again' : 'Your design is waiting for review',
      body: live
        ? `"${current.title}" is published again.`
        : `"${current.title}" will appear once a person has checked it. We usually review within a day.`,
      link: `/listing/${current.slug}`,
    });
    await audit({
      actor: { type: 'user', id: user.id },
      action: 'listing.republished',
      resourceType: 'listing',
      resourceId: current.id,
      details: {
        moderation_state: updated.moderation_state,
        licence_version: updated.licence_version,
        findings: findings.map((f) => f.code),
      },
    });
    return { ...current, ...updated, ...details };
  });
  changed(ctx);
  return ownerDetail(ctx, row, user);
}

export async function remove(ctx: ListingsContext, user: SignedInUser, idOrSlug: string): Promise<void> {
  const purges = await auditedTransaction(ctx, async (trx, audit) => {
    const current = await lockOwned(trx, user, idOrSlug);
    const { reservationsCancelled, savesRemoved } = await withdrawn(ctx, trx, {
      id: current.id,
      title: current.title,
      slug: current.slug,
      ownerUserId: user.id,
      reason: DELETED_REASON,
    });
    await repo.tombstone(trx, current.id, ctx.clock.now());
    await deleted(ctx, trx, current.id);
    const draft = await ctx.drafts.deleteForListing(trx, current.draft_id);
    const kept = await repo.photosShownElsewhere(trx, user.id, current.media_ids, current.id);
    const photos = await ctx.media.deleteFiles(trx, user.id, {
      ids: current.media_ids.filter((id) => !kept.has(id)),
    });
    await audit({
      actor: { type: 'user', id: user.id },
      action: 'listing.deleted',
      resourceType: 'listing',
      resourceId: current.id,
      details: {
        slug: current.slug,
        draft_id: current.draft_id,
        reservations_cancelled: reservationsCancelled,
        saves_removed: savesRemoved,
        photos_removed: current.media_ids.length - kept.size,
      },
    });
    return [draft, photos];
  });
  changed(ctx);
  for (const purge of purges) await purge();
}
