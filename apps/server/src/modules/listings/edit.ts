/**
 * The owner edits a listing's text, category, visibility or photos. Changed text is checked like
 * new text (findings send it back to review) and translated again; a photo taken off the listing
 * is deleted unless another of the owner's listings shows it. Audited; the listing is read locked
 * in the change's transaction, so an edit never lands on a listing deleted meanwhile.
 */
import type { EditListingRequest, ListingDetail } from '@kitwright/contracts';
import { auditedTransaction } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { isUuid } from '../../platform/ids';
import type { SignedInUser } from '../../platform/viewer';
import { automaticChecks } from '../moderation/checks';
import { changed, type ListingsContext, sentToReview, textChanged } from './context';
import { ownerDetail } from './page';
import type { ListingRow } from './repo';
import * as repo from './repo';
import { normaliseTags, searchWordsOf } from './text';
import * as text from './text-repo';

export async function edit(
  ctx: ListingsContext,
  user: SignedInUser,
  idOrSlug: string,
  body: EditListingRequest,
): Promise<ListingDetail> {
  const photos = body.media_ids ? [...new Set(body.media_ids)] : null;
  if (photos) await ctx.media.requireOwnImages(user, photos);
  const { result, purge } = await auditedTransaction(ctx, async (trx, audit) => {
    const row = await repo.findListing(trx, isUuid(idOrSlug) ? { id: idOrSlug } : { slug: idOrSlug }, {
      lock: true,
    });
    if (!row || row.owner_user_id !== user.id) throw new AppError('NOT_FOUND');
    const mediaIds = photos ?? row.media_ids;
    const dropped = row.media_ids.filter((id) => !mediaIds.includes(id));
    const photosChanged = mediaIds.join(',') !== row.media_ids.join(',');
    const title = body.title?.trim() ?? row.title;
    const description = body.description?.trim() ?? row.description;
    const tags = body.tags ? normaliseTags(body.tags) : row.tags;
    const textEdited =
      title !== row.title || description !== row.description || tags.join(',') !== row.tags.join(',');
    const findings = textEdited ? automaticChecks({ title, description, tags }) : [];
    // New words with findings send a listing back to review; so does any edit of a listing a
    // moderator asked changes of. A hidden or rejected listing keeps the moderator's state.
    const toReview =
      row.moderation_state === 'changes_requested' ||
      (findings.length > 0 && (row.moderation_state === 'approved' || row.moderation_state === 'pending'));
    const listingRow = await repo.updateListing(trx, row.id, {
      title,
      tags,
      ...(photosChanged ? { media_ids: mediaIds } : {}),
      ...(body.category ? { category: body.category } : {}),
      ...(body.visibility ? { visibility: body.visibility } : {}),
      ...(textEdited
        ? {
            search_vector: text.listingSearchVector({ title, tags, description }),
            title_vector: text.titleVectorSql(title),
          }
        : {}),
      ...(toReview ? { moderation_state: 'pending' as const } : {}),
      updated_at: ctx.clock.now(),
    });
    const details = await repo.updateDetails(trx, row.id, {
      description,
      ...(findings.length > 0 ? { moderation_flags: JSON.stringify(findings) } : {}),
    });
    const updated: ListingRow = { ...row, ...listingRow, ...details };
    if (toReview) await sentToReview(ctx, trx, row.id);
    if (textEdited) {
      await textChanged(ctx, trx, updated);
      await text.recordSearchWords(
        trx,
        searchWordsOf([updated.title, ...updated.tags]),
        updated.source_language,
      );
    }
    const kept = await repo.photosShownElsewhere(trx, user.id, dropped, row.id);
    const removed = dropped.filter((id) => !kept.has(id));
    await audit({
      actor: { type: 'user', id: user.id },
      action: 'listing.updated',
      resourceType: 'listing',
      resourceId: row.id,
      details: {
        text_changed: textEdited,
        visibility: updated.visibility,
        moderation_state: updated.moderation_state,
        ...(photosChanged ? { photos: mediaIds.length, photos_removed: removed.length } : {}),
      },
    });
    return { result: updated, purge: await ctx.media.deleteFiles(trx, user.id, { ids: removed }) };
  });
  changed(ctx);
  await purge();
  return ownerDetail(ctx, result, user);
}
