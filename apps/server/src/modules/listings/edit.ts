/**
 * The owner edits a listing's text, category or visibility. Changed text is checked like new text
 * (findings send it back to review) and translated again. Audited.
 */
import type { EditListingRequest } from '@kitwright/contracts';
import { auditedTransaction } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { SignedInUser } from '../../platform/viewer';
import { automaticChecks } from '../moderation/service';
import type { ListingsContext } from './context';
import { findVisible } from './detail';
import type { ListingRow } from './repo';
import * as repo from './repo';
import { normaliseTags, searchWordsOf } from './text';

export async function edit(
  ctx: ListingsContext,
  user: SignedInUser,
  idOrSlug: string,
  body: EditListingRequest,
  correlationId: string,
): Promise<ListingRow> {
  const row = await findVisible(ctx, user, idOrSlug);
  if (row.owner_user_id !== user.id) throw new AppError('NOT_FOUND');
  const title = body.title?.trim() ?? row.title;
  const description = body.description?.trim() ?? row.description;
  const tags = body.tags ? normaliseTags(body.tags) : row.tags;
  const textChanged =
    title !== row.title || description !== row.description || tags.join(',') !== row.tags.join(',');
  const findings = textChanged ? automaticChecks({ title, description, tags }) : [];
  const result = await auditedTransaction(ctx, correlationId, async (trx, audit) => {
    const listingRow = await repo.updateListing(trx, row.id, {
      title,
      tags,
      ...(body.category ? { category: body.category } : {}),
      ...(body.visibility ? { visibility: body.visibility } : {}),
      ...(textChanged
        ? {
            search_vector: repo.listingSearchVector({ title, tags, description }),
            title_vector: repo.titleVectorSql(title),
            // New words are checked like new listings: findings send it back to review.
            ...(findings.length > 0 ? { moderation_state: 'pending' as const } : {}),
          }
        : {}),
      updated_at: ctx.clock.now(),
    });
    const details = await repo.updateDetails(trx, row.id, {
      description,
      ...(findings.length > 0 ? { moderation_flags: JSON.stringify(findings) } : {}),
    });
    const updated = { ...listingRow, ...details };
    if (textChanged) {
      await ctx.textChanged(trx, updated, correlationId);
      await repo.recordSearchWords(
        trx,
        searchWordsOf([updated.title, ...updated.tags]),
        updated.source_language,
      );
    }
    await audit({
      actor: { type: 'user', id: user.id },
      action: 'listing.updated',
      resourceType: 'listing',
      resourceId: row.id,
      details: {
        text_changed: textChanged,
        visibility: updated.visibility,
        moderation_state: updated.moderation_state,
      },
    });
    return updated;
  });
  ctx.changed();
  return result;
}
