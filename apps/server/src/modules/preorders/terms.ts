/**
 * Designer commerce terms: a listing's designer accepts the current version before any of its
 * reservations can be invited, and may withdraw them before Phase B (no new invitation, setup
 * intent or confirmation is made for the listing afterwards).
 */
import {
  DESIGNER_TERMS_TEXT,
  DESIGNER_TERMS_VERSION,
  type DesignerTermsRequest,
  type DesignerTermsState,
} from '@kitwright/contracts';
import { auditedTransaction } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { newId } from '../../platform/ids';
import { ownListing, type PreordersContext, userActor, type Viewer } from './context';
import * as repo from './repo';

function termsState(
  listingId: string,
  row: Awaited<ReturnType<typeof repo.latestTerms>>,
): DesignerTermsState {
  return {
    listing_id: listingId,
    accepted: row !== undefined && row.withdrawn_at === null && row.version === DESIGNER_TERMS_VERSION,
    version: row?.version ?? null,
    accepted_at: row?.accepted_at.toISOString() ?? null,
    withdrawn_at: row?.withdrawn_at?.toISOString() ?? null,
    current_version: DESIGNER_TERMS_VERSION,
    current_text: DESIGNER_TERMS_TEXT,
  };
}

/** A listing's terms as its owner's listing page shows them. */
export async function termsOf(ctx: PreordersContext, listingId: string) {
  const { accepted, version, current_version } = termsState(
    listingId,
    await repo.latestTerms(ctx.db, listingId),
  );
  return { accepted, version, current_version };
}

export async function designerTerms(
  ctx: PreordersContext,
  user: Viewer,
  listingId: string,
): Promise<DesignerTermsState> {
  const row = await ownListing(ctx, user, listingId);
  return termsState(row.id, await repo.latestTerms(ctx.db, row.id));
}

export async function acceptDesignerTerms(
  ctx: PreordersContext,
  user: Viewer,
  listingId: string,
  body: DesignerTermsRequest,
): Promise<DesignerTermsState> {
  const listing = await ownListing(ctx, user, listingId);
  if (body.version !== DESIGNER_TERMS_VERSION) {
    throw new AppError('GATE_NOT_MET', 'Read and accept the current designer commerce terms.', {
      gate: 'designer_terms',
      current_version: DESIGNER_TERMS_VERSION,
    });
  }
  const row = await auditedTransaction(ctx, async (trx, audit) => {
    await ctx.listings().lockLive(trx, listing.id);
    const current = await repo.termsInForce(trx, listing.id);
    if (current?.version === DESIGNER_TERMS_VERSION) return current;
    const now = ctx.clock.now();
    if (current) await repo.withdrawTerms(trx, listing.id, now);
    const inserted = await repo.insertTerms(trx, {
      id: newId(),
      listingId: listing.id,
      designerId: user.id,
      version: body.version,
      at: now,
    });
    await audit({
      actor: userActor(user.id),
      action: 'designer_terms.accepted',
      resourceType: 'listing',
      resourceId: listing.id,
      details: { version: body.version, replaced_version: current?.version ?? null },
    });
    return inserted;
  });
  return termsState(listing.id, row);
}

/**
 * Withdraws the listing's designer terms (before Phase B). No new invitation, setup intent or
 * confirmation is made for the listing afterwards; confirmed pre-orders stay as they are (the
 * buyer may still cancel them) and are decided by Phase B's own gates.
 */
export async function withdrawDesignerTerms(
  ctx: PreordersContext,
  user: Viewer,
  listingId: string,
): Promise<DesignerTermsState> {
  const listing = await ownListing(ctx, user, listingId);
  if ((await ctx.controls.phase()) === 'B')
    throw new AppError('INVALID_STATE', 'Designer terms cannot be withdrawn once Phase B has started.');
  const row = await auditedTransaction(ctx, async (trx, audit) => {
    await ctx.listings().lockLive(trx, listing.id);
    const withdrawn = await repo.withdrawTerms(trx, listing.id, ctx.clock.now());
    if (withdrawn)
      await audit({
        actor: userActor(user.id),
        action: 'designer_terms.withdrawn',
        resourceType: 'listing',
        resourceId: listing.id,
        details: { version: withdrawn.version },
      });
    return withdrawn ?? (await repo.latestTerms(trx, listing.id));
  });
  return termsState(listing.id, row);
}
