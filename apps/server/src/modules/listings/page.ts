/**
 * The listing page and the reads of a listing that serve a viewer: the page with the viewer's
 * call to action and what a view records (once per viewer per day, the share link it came
 * through, the listing_viewed event), the anonymous preview, the owner's page after a change, and
 * whether a viewer may see or still reach a listing.
 */
import type { ListingDetail } from '@kitwright/contracts';
import { AppError } from '../../platform/errors';
import type { ConsentState } from '../../platform/product-events';
import { hasRole, type Owner, type SignedInUser } from '../../platform/viewer';
import type { ListingsContext, PublicPart } from './context';
import * as counters from './counters-repo';
import { findListing, isPublic, peopleOf, requireVisible, toDetail } from './detail';
import type { ListingRow } from './repo';
import * as shares from './shares-repo';

export interface PageRequest {
  viewer: SignedInUser | null;
  owner: Owner;
  /** The visitor session the request presented (also when signed in), for the event. */
  visitorId: string | null;
  locale: string | null;
  share: string | undefined;
  surface: string;
  consent: ConsentState;
}

async function loadPublicPart(ctx: ListingsContext, idOrSlug: string): Promise<PublicPart> {
  const row = await findListing(ctx, idOrSlug);
  return { row, people: row ? await peopleOf(ctx, row) : new Map() };
}

/** The part every reader gets alike, through the listing pages' short cache. */
function publicPartOf(ctx: ListingsContext, idOrSlug: string): Promise<PublicPart> {
  return ctx.pages.get(idOrSlug, () => loadPublicPart(ctx, idOrSlug));
}

/** Counts the view once per viewer per day (not the owner's own); true when it counted. */
async function countView(ctx: ListingsContext, row: ListingRow, req: PageRequest): Promise<boolean> {
  const viewerKey = req.owner.userId
    ? `user:${req.owner.userId}`
    : req.owner.visitorId
      ? `visitor:${req.owner.visitorId}`
      : null;
  if (!viewerKey || req.viewer?.id === row.owner_user_id) return false;
  const day = ctx.clock.now().toISOString().slice(0, 10);
  return counters.countView(ctx.db, row.id, viewerKey, day);
}

/**
 * The listing page for a viewer: its detail, the view counted and the listing_viewed event
 * emitted. The public part may come from a short cache (the same for every reader); what depends
 * on the viewer is always read fresh.
 */
export async function page(ctx: ListingsContext, idOrSlug: string, req: PageRequest): Promise<ListingDetail> {
  const publicPart = await publicPartOf(ctx, idOrSlug);
  const row = requireVisible(publicPart.row, req.viewer);
  const state = ctx.viewerState;
  const identified = req.owner.userId !== null || req.owner.visitorId !== null;
  const isOwner = req.viewer !== null && req.viewer.id === row.owner_user_id;
  const [saved, reservationId, reservationsOpen, designerTerms] = await Promise.all([
    identified ? state.saved(req.owner, row.id) : false,
    identified ? state.activeReservation(req.owner, row.id) : null,
    state.reservationsOpen(),
    isOwner ? state.designerTerms(row.id) : undefined,
  ]);
  const detail = await toDetail(
    ctx,
    row,
    { viewer: req.viewer, locale: req.locale, saved, reservationId, reservationsOpen, designerTerms },
    publicPart.people,
  );
  // The event is sent for every view; the count moves once per viewer per day.
  if (await countView(ctx, row, req)) detail.interest.views += 1;
  const share =
    req.share && /^[A-Za-z0-9_-]{6,16}$/.test(req.share)
      ? await shares.countShareVisit(ctx.db, row.id, req.share)
      : undefined;
  await ctx.events.emit(
    'listing_viewed',
    {
      listing_id: row.id,
      designer_id: row.owner_user_id,
      source_surface: req.surface,
      source_attribution: share ? { source: 'share', share_code: share.code, channel: share.channel } : {},
      signed_in: req.viewer !== null,
    },
    {
      userId: req.viewer?.id ?? null,
      sessionId: req.visitorId,
      consent: req.consent,
      route: 'listing',
    },
  );
  return detail;
}

/**
 * A listing's detail as an anonymous reader sees it (link previews, the page's static HTML):
 * 404 unless approved and not private; nothing is recorded. Read through the listing pages'
 * short cache, like the API's listing page.
 */
export async function preview(
  ctx: ListingsContext,
  idOrSlug: string,
  locale: string | null,
): Promise<ListingDetail> {
  const publicPart = await publicPartOf(ctx, idOrSlug);
  const row = requireVisible(publicPart.row, null);
  return toDetail(
    ctx,
    row,
    {
      viewer: null,
      locale,
      saved: false,
      reservationId: null,
      reservationsOpen: { open: false, reason: null },
    },
    publicPart.people,
  );
}

/** The owner's page of a listing they just changed (an edit): their save and reservation, fresh. */
export async function ownerDetail(
  ctx: ListingsContext,
  row: ListingRow,
  user: SignedInUser,
): Promise<ListingDetail> {
  const owner = { userId: user.id, visitorId: null };
  const state = ctx.viewerState;
  const [saved, reservationId, reservationsOpen, designerTerms] = await Promise.all([
    state.saved(owner, row.id),
    state.activeReservation(owner, row.id),
    state.reservationsOpen(),
    user.id === row.owner_user_id ? state.designerTerms(row.id) : undefined,
  ]);
  return toDetail(ctx, row, {
    viewer: user,
    locale: null,
    saved,
    reservationId,
    reservationsOpen,
    designerTerms,
  });
}

/**
 * A listing that is not deleted, whoever may see it, and whether this viewer may: someone who
 * saved a listing that was then unpublished can still take their save off it.
 */
export async function existing(
  ctx: ListingsContext,
  viewer: SignedInUser | null,
  idOrSlug: string,
): Promise<{ row: ListingRow; visible: boolean }> {
  const row = await findListing(ctx, idOrSlug);
  if (!row) throw new AppError('NOT_FOUND');
  const privileged = viewer !== null && (viewer.id === row.owner_user_id || hasRole(viewer.role, 'staff'));
  return { row, visible: privileged || isPublic(row) };
}
