/**
 * A listing's detail: who may see a listing, and its detail in the reader's language with the
 * viewer's call to action. Listings always name their creator and owner: the platform never
 * presents itself as the owner of a design.
 */

import type { KitSummary, ListingDetail } from '@kitwright/contracts';
import { AppError } from '../../platform/errors';
import { isUuid } from '../../platform/ids';
import { hasRole, type SignedInUser } from '../../platform/viewer';
import { type Profile, unknownProfile } from '../auth/profiles';
import { mediaUrl } from '../media/urls';
import { localiseListing } from '../translations/localise';
import type { DetailContext, ListingsContext } from './context';
import { interestSummaryOf } from './interest-summary';
import type { ListingRow } from './repo';
import * as repo from './repo';

/** Anyone sees a published, approved listing that is not private; its owner and staff always. */
export function isPublic(row: Pick<ListingRow, 'moderation_state' | 'visibility' | 'state'>): boolean {
  return row.state === 'published' && row.moderation_state === 'approved' && row.visibility !== 'private';
}

const UNDER_REVIEW = new Set<ListingRow['moderation_state']>(['pending', 'hidden', 'changes_requested']);

export function findListing(ctx: Pick<ListingsContext, 'db'>, idOrSlug: string) {
  return repo.findListing(ctx.db, isUuid(idOrSlug) ? { id: idOrSlug } : { slug: idOrSlug });
}

/** Refuses (404) a listing this viewer may not see; anyone else gets the same answer as for none. */
export function requireVisible(row: ListingRow | undefined, viewer: SignedInUser | null): ListingRow {
  if (!row) throw new AppError('NOT_FOUND');
  const privileged = viewer !== null && (viewer.id === row.owner_user_id || hasRole(viewer.role, 'staff'));
  if (!isPublic(row) && !privileged) {
    // Waiting for a moderator: others are told so, neutrally, and see nothing of it.
    if (row.state === 'published' && UNDER_REVIEW.has(row.moderation_state))
      throw new AppError('NOT_FOUND', 'This listing is under review.', { under_review: true });
    throw new AppError('NOT_FOUND');
  }
  return row;
}

export async function findVisible(
  ctx: Pick<ListingsContext, 'db'>,
  viewer: SignedInUser | null,
  idOrSlug: string,
): Promise<ListingRow> {
  return requireVisible(await findListing(ctx, idOrSlug), viewer);
}

function ctaFor(row: ListingRow, ctx: DetailContext): ListingDetail['cta'] {
  if (ctx.viewer && ctx.viewer.id === row.owner_user_id)
    return { state: 'own_listing', reason: 'This is your listing.', reservation_id: null };
  if (!ctx.reservationsOpen.open)
    return { state: 'reservations_closed', reason: ctx.reservationsOpen.reason, reservation_id: null };
  if (!isPublic(row))
    return {
      state: 'unavailable',
      reason:
        row.state === 'unpublished'
          ? 'Its designer has unpublished this design.'
          : 'This listing is not public.',
      reservation_id: ctx.reservationId,
    };
  if (ctx.reservationId)
    return { state: 'already_reserved', reason: null, reservation_id: ctx.reservationId };
  return { state: 'can_reserve', reason: null, reservation_id: null };
}

/** The listing's owner and creator as pages name them. */
export function peopleOf(ctx: Pick<ListingsContext, 'profiles'>, row: ListingRow) {
  return ctx.profiles.byIds([row.owner_user_id, row.creator_user_id]);
}

export async function toDetail(
  ctx: Pick<ListingsContext, 'profiles' | 'publicBaseUrl'>,
  row: ListingRow,
  dc: DetailContext,
  people?: Map<string, Profile>,
): Promise<ListingDetail> {
  const text = localiseListing(row, dc.locale);
  const who = people ?? (await peopleOf(ctx, row));
  const owner = who.get(row.owner_user_id) ?? unknownProfile(row.owner_user_id);
  const creator = who.get(row.creator_user_id) ?? owner;
  const { bill_of_materials, build, pose: _pose, ...kit } = row.kit_summary;
  return {
    id: row.id,
    slug: row.slug,
    url: `${ctx.publicBaseUrl}/l/${row.slug}`,
    title: text.title,
    description: text.description,
    category: row.category as ListingDetail['category'],
    tags: text.tags,
    visibility: row.visibility,
    state: row.state,
    mode: row.mode,
    use_case: row.use_case,
    safety: row.safety as Record<string, boolean>,
    moderation_state: row.moderation_state,
    owner,
    creator,
    attribution:
      owner.id === creator.id
        ? `Designed and owned by ${owner.display_name}.`
        : `Designed by ${creator.display_name}; owned by ${owner.display_name}.`,
    media: {
      preview_url: mediaUrl(row.preview_file_id),
      preview_png_url: row.preview_png_file_id ? mediaUrl(row.preview_png_file_id) : null,
      kit_url: mediaUrl(row.kit_file_id),
      images: row.media_ids.map(mediaUrl),
      photos: row.media_ids.map((id) => ({ id, url: mediaUrl(id) })),
    },
    kit: kit as KitSummary,
    bill_of_materials,
    build,
    licence_version: row.licence_version,
    commerce_state: 'interest_only',
    published_at: row.published_at.toISOString(),
    source_language: row.source_language,
    localisation: { title: text.localisation, description: text.localisation },
    interest: interestSummaryOf(row),
    cta: ctaFor(row, dc),
    viewer: {
      saved: dc.saved,
      owner: dc.viewer?.id === row.owner_user_id,
      ...(dc.designerTerms && dc.viewer?.id === row.owner_user_id
        ? { designer_terms: dc.designerTerms }
        : {}),
    },
  };
}
