/**
 * Listings: publishing, the listing page, owner edits, share links, and the gallery. Other modules
 * change a listing's counters (saves, reservations) and its translations only through the
 * functions below, inside their own transactions, so the listing's figures always equal the rows.
 */
import type {
  EditListingRequest,
  ExportedListing,
  ExportedShare,
  GalleryQuery,
  ListingDetail,
  ListingRef as ListingRefSchema,
  ModerationState,
  PublishRequest,
  RepublishRequest,
} from '@kitwright/contracts';
import type { Transaction } from 'kysely';
import type { Static } from 'typebox';
import { RATE_LIMITS } from '../../config/rate-limits';
import type { DB } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { isUuid, newId } from '../../platform/ids';
import { enforceLimit } from '../../platform/rate-limits';
import { createResponseCache } from '../../platform/response-cache';
import { sha256Hex } from '../../platform/secrets';
import { hasRole, type Owner, type SignedInUser } from '../../platform/viewer';
import { type Profile, unknownProfile } from '../auth/profiles';
import { mediaUrl } from '../media/urls';
import { type ListingI18n, localiseListing } from '../translations/localise';
import type { ListingText, ListingTexts } from '../translations/service';
import type { ListingFollowers, ListingsContext, ListingsDeps } from './context';
import {
  findListing,
  findVisible,
  isPublic,
  loadPublicPart,
  type PageRequest,
  type PublicPart,
  readPage,
  requireVisible,
  toDetail,
  type ViewerState,
} from './detail';
import { edit } from './edit';
import { createGallery } from './gallery';
import { remove, republish, unpublish } from './manage';
import { publish } from './publish';
import type { ListingRow } from './repo';
import * as repo from './repo';
import { searchWordsOf } from './text';

export type { ListingFollowers, ListingRow, PageRequest, ViewerState };

export type ListingRef = Static<typeof ListingRefSchema>;

/** What a listing reference is made from: a listing row (a deleted one has no text or files). */
type RefRow = Awaited<ReturnType<typeof repo.refRows>>[number];

function availabilityOf(
  row: Pick<RefRow, 'state' | 'moderation_state' | 'visibility'>,
): ListingRef['availability'] {
  if (row.state === 'deleted') return 'deleted';
  return isPublic({ ...row, state: row.state }) ? 'available' : 'unavailable';
}

function refOf(row: RefRow, designer: Profile | undefined, locale: string | null): ListingRef {
  const availability = availabilityOf(row);
  const preview = row.preview_png_file_id ?? row.preview_file_id;
  return {
    id: row.id,
    slug: row.slug,
    // A deleted listing has no translations left: its title as written.
    title:
      row.description === null
        ? row.title
        : localiseListing({ ...row, description: row.description, i18n: row.i18n ?? {} }, locale).title,
    preview_url: availability === 'available' && preview ? mediaUrl(preview) : null,
    designer: designer ?? unknownProfile(row.owner_user_id),
    availability,
  };
}

type TextListener = (trx: Transaction<DB>, row: ListingRow) => Promise<void>;
type DeletionListener = (trx: Transaction<DB>, listingId: string) => Promise<void>;
type ReviewListener = (trx: Transaction<DB>, listingId: string) => Promise<void>;

export function createListingsService(deps: ListingsDeps & { viewerState: ViewerState }) {
  const { db } = deps;
  const gallery = createGallery({ db, profiles: deps.profiles, cacheMs: deps.galleryCacheMs });
  // The part of a listing page that is the same for every reader, reused for as long as gallery
  // pages are (a listing changed through any process drops it at once); counts may lag that long.
  const pages = createResponseCache<PublicPart>(deps.galleryCacheMs, 2000);
  const textListeners: TextListener[] = [];
  const deletionListeners: DeletionListener[] = [];
  const reviewListeners: ReviewListener[] = [];
  const dropPages = () => {
    gallery.invalidate();
    pages.clear();
  };
  // Every process drops its pages when any process announces a change (NOTIFY on PostgreSQL).
  deps.onListingsChanged?.(dropPages);
  const ctx: ListingsContext = {
    ...deps,
    toDetail: (row, dc) => toDetail(deps, row, dc),
    changed: () => {
      if (deps.announceChanged) deps.announceChanged();
      else dropPages();
    },
    async textChanged(trx, row) {
      for (const listener of textListeners) await listener(trx, row);
    },
    async sentToReview(trx, listingId) {
      for (const listener of reviewListeners) await listener(trx, listingId);
    },
    async deleted(trx, listingId) {
      for (const listener of deletionListeners) await listener(trx, listingId);
    },
  };

  /** The viewer's state for a page they just changed (an edit): their save and reservation, fresh. */
  async function detailFor(row: ListingRow, user: SignedInUser): Promise<ListingDetail> {
    const owner = { userId: user.id, visitorId: null };
    const [saved, reservationId, reservationsOpen, designerTerms] = await Promise.all([
      deps.viewerState.saved(owner, row.id),
      deps.viewerState.activeReservation(owner, row.id),
      deps.viewerState.reservationsOpen(),
      user.id === row.owner_user_id ? deps.viewerState.designerTerms(row.id) : undefined,
    ]);
    return toDetail(deps, row, {
      viewer: user,
      locale: null,
      saved,
      reservationId,
      reservationsOpen,
      designerTerms,
    });
  }

  const texts: ListingTexts = {
    sourceText: (q, listingId, options) => repo.sourceText(q, listingId, options),
    async applyTranslations(trx: Transaction<DB>, listing: ListingText, i18n: ListingI18n) {
      const parts = [
        { weight: 'A' as const, text: listing.title },
        { weight: 'B' as const, text: listing.tags.join(' ') },
        { weight: 'C' as const, text: listing.description },
        ...Object.values(i18n).flatMap((v) => [
          { weight: 'A' as const, text: v.title ?? '' },
          { weight: 'B' as const, text: v.tags ?? '' },
          { weight: 'C' as const, text: v.description ?? '' },
        ]),
      ];
      await repo.updateDetails(trx, listing.id, { i18n: JSON.stringify(i18n) });
      const titles = [listing.title, ...Object.values(i18n).map((v) => v.title ?? '')].join(' ');
      await repo.updateListing(trx, listing.id, {
        search_vector: repo.searchVectorSql(parts),
        title_vector: repo.titleVectorSql(titles),
      });
      for (const [language, variant] of Object.entries(i18n))
        await repo.recordSearchWords(trx, searchWordsOf([variant.title ?? '', variant.tags ?? '']), language);
    },
    // Translations call this after their transaction commits; erasure and moderation too.
    dropCaches: () => ctx.changed(),
  };

  return {
    ...texts,

    /** Registers what must happen when a listing's source text is new or changed (translations). */
    onTextChanged(listener: TextListener) {
      textListeners.push(listener);
    },

    /** Registers what must happen when a listing starts waiting for review (the moderation queue). */
    onSentToReview(listener: ReviewListener) {
      reviewListeners.push(listener);
    },

    /**
     * A moderator's decision (or enough reports) moves a listing's moderation state, in the
     * moderation module's transaction; the listing was locked with lockLive first. The caller drops
     * the caches (dropCaches) once its transaction has committed.
     */
    async setModeration(
      trx: Transaction<DB>,
      listingId: string,
      state: ModerationState,
    ): Promise<ListingRow> {
      const row = await repo.findListing(trx, { id: listingId }, { lock: true });
      if (!row) throw new AppError('NOT_FOUND');
      const updated = await repo.updateListing(trx, listingId, { moderation_state: state });
      return { ...row, ...updated };
    },

    /** What a moderator reads of listings (deleted ones left out): state, owner, automatic findings. */
    moderationSummaries: (ids: readonly string[]) => repo.moderationRows(db, ids),

    /** Registers what must go when a listing is deleted (its translation records). */
    onDeleted(listener: DeletionListener) {
      deletionListeners.push(listener);
    },

    publish: (user: SignedInUser, draftId: string, body: PublishRequest) => publish(ctx, user, draftId, body),

    async edit(user: SignedInUser, idOrSlug: string, body: EditListingRequest) {
      return detailFor(await edit(ctx, user, idOrSlug, body), user);
    },

    /** Hides the owner's listing from everyone else; saves and reservations stay. */
    async unpublish(user: SignedInUser, idOrSlug: string) {
      return detailFor(await unpublish(ctx, user, idOrSlug), user);
    },

    /** Shows the owner's listing again, after the automatic checks a new listing passes. */
    async republish(user: SignedInUser, idOrSlug: string, body: RepublishRequest) {
      return detailFor(await republish(ctx, user, idOrSlug, body), user);
    },

    /** Deletes the owner's listing (see manage.ts for what goes and what stays). */
    remove: (user: SignedInUser, idOrSlug: string) => remove(ctx, user, idOrSlug),

    async page(idOrSlug: string, req: PageRequest) {
      const publicPart = await pages.get(idOrSlug, () => loadPublicPart(ctx, idOrSlug));
      return readPage(ctx, deps.viewerState, publicPart, req);
    },

    /**
     * A listing's detail as an anonymous reader sees it (link previews, the page's static HTML):
     * 404 unless approved and not private; nothing is recorded. Read through the listing pages'
     * short cache, like the API's listing page.
     */
    async preview(idOrSlug: string, locale: string | null): Promise<ListingDetail> {
      const publicPart = await pages.get(idOrSlug, () => loadPublicPart(ctx, idOrSlug));
      const row = requireVisible(publicPart.row, null);
      return toDetail(
        deps,
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
    },

    /** The sitemap's pages of listings anyone may find: counts and newest change (see the repo). */
    sitemapPages: (size: number) => repo.sitemapPages(db, size),

    /** One sitemap page (0-based) of listings anyone may find: slugs and when each last changed. */
    sitemapEntries: (page: number, size: number) => repo.sitemapEntries(db, page, size),

    /** A listing whoever asks may see (see findVisible). */
    visible: (viewer: SignedInUser | null, idOrSlug: string) => findVisible(ctx, viewer, idOrSlug),

    /**
     * A listing that is not deleted, whoever may see it, and whether this viewer may: someone who
     * saved a listing that was then unpublished can still take their save off it.
     */
    async existing(viewer: SignedInUser | null, idOrSlug: string) {
      const row = await findListing(ctx, idOrSlug);
      if (!row) throw new AppError('NOT_FOUND');
      const privileged =
        viewer !== null && (viewer.id === row.owner_user_id || hasRole(viewer.role, 'staff'));
      return { row, visible: privileged || isPublic(row) };
    },

    search: (query: GalleryQuery) => gallery.search(query),

    /** Cards of visible listings, in the order given (a dashboard's saved listings). */
    cards: (ids: string[], locale: string | null) => gallery.cards(ids, locale),

    /** A share link whose code tells the funnel where visits came from. */
    async share(
      viewer: SignedInUser | null,
      idOrSlug: string,
      channel: string,
      who: { visitorId: string | null; ip: string | null },
    ) {
      const listing = await findVisible(ctx, viewer, idOrSlug);
      // Anyone may make links, so one person, visitor or address cannot fill the table.
      const sharer = viewer
        ? `user:${viewer.id}`
        : who.visitorId
          ? `visitor:${who.visitorId}`
          : `ip:${sha256Hex(who.ip ?? 'unknown')}`;
      await enforceLimit(
        deps.limiter,
        `shares:${sharer}`,
        RATE_LIMITS.sharesPerViewer,
        'You have made a lot of share links in the last hour. Try again later.',
      );
      const code = newId().replaceAll('-', '').slice(-10);
      await repo.insertShare(db, {
        id: newId(),
        code,
        listingId: listing.id,
        channel,
        userId: viewer?.id ?? null,
        visitorId: who.visitorId,
        at: deps.clock.now(),
      });
      return { code, channel, url: `${deps.publicBaseUrl}/l/${listing.slug}?s=${code}` };
    },

    /**
     * The listing a reservation is for, read once (locked against concurrent change) in the
     * reservation's transaction: only an approved listing that is not private can be reserved.
     */
    async forReservation(trx: Transaction<DB>, idOrSlug: string): Promise<ListingRow> {
      // Locked: a reservation waits for a concurrent unpublish or delete and then sees it.
      const row = await repo.findListing(trx, isUuid(idOrSlug) ? { id: idOrSlug } : { slug: idOrSlug }, {
        lock: true,
      });
      if (!row || !isPublic(row)) throw new AppError('NOT_FOUND');
      return row;
    },

    /**
     * Locks a listing that is not deleted for another module's change (a save, a report) and
     * returns it; 404 otherwise.
     */
    async lockLive(trx: Transaction<DB>, listingId: string): Promise<ListingRow> {
      const row = isUuid(listingId)
        ? await repo.findListing(trx, { id: listingId }, { lock: true })
        : undefined;
      if (!row) throw new AppError('NOT_FOUND');
      return row;
    },

    /**
     * Locks listings (any state) before a reservation change touches their reservations: a
     * listing is always locked before its reservation rows, as a reservation and a deletion do,
     * so a cancellation racing them cannot deadlock.
     */
    lockForInterest: (trx: Transaction<DB>, listingIds: readonly string[]) => repo.lockRows(trx, listingIds),

    /** Moves a listing's interest summary (in the reservation's transaction). */
    adjustInterest: (trx: Transaction<DB>, listingId: string, delta: repo.InterestDelta) =>
      Object.values(delta).every((n) => n === 0)
        ? Promise.resolve()
        : repo.adjustInterest(trx, listingId, delta),

    /**
     * Drops this process's cached listing pages once a reservation change has committed, so whoever
     * just reserved or cancelled sees it counted on their next read. After the commit, not inside
     * the transaction: a page read between a drop and the commit would cache the old count again.
     * (Other processes' pages may lag by GALLERY_CACHE_MS, as documented.)
     */
    interestSettled: () => pages.clear(),

    /** Moves a listing's save count (in the save's transaction); returns the new count. */
    adjustSaves: (trx: Transaction<DB>, listingId: string, by: number) =>
      repo.adjustSaves(trx, listingId, by),

    /** A listing's save count as it stands. */
    async saveCount(listingId: string): Promise<number> {
      return (await repo.findListing(db, { id: listingId }))?.save_count ?? 0;
    },

    /**
     * Short references (title in the reader's language, preview, designer, availability) to
     * listings by id, deleted ones included: what a reservation or a save names.
     */
    async refs(ids: readonly string[], locale: string | null): Promise<Map<string, ListingRef>> {
      const rows = await repo.refRows(db, ids);
      const people = await deps.profiles.byIds(rows.map((r) => r.owner_user_id));
      return new Map(rows.map((r) => [r.id, refOf(r, people.get(r.owner_user_id), locale)]));
    },

    /** The short reference to a listing already read (a reservation just made). */
    async refOfRow(row: ListingRow, locale: string | null): Promise<ListingRef> {
      const people = await deps.profiles.byIds([row.owner_user_id]);
      return refOf(row, people.get(row.owner_user_id), locale);
    },

    ownedBy: (userId: string, limit = 50) => repo.ownedBy(db, userId, limit),

    /** Whether a person (null: a visitor) may name the listing in support: any not deleted, a private one only its owner. */
    async referableBy(userId: string | null, listingId: string): Promise<boolean> {
      const row = isUuid(listingId) ? await repo.findListing(db, { id: listingId }) : undefined;
      return row !== undefined && (row.visibility !== 'private' || row.owner_user_id === userId);
    },

    /** Whether a visible listing shows this stored file (so anyone may fetch it). */
    showsFile: (fileId: string) => repo.showsFile(db, fileId),

    /** Deletes view markers of days before `firstKeptDay` (housekeeping); returns how many. */
    pruneViewMarkers: (firstKeptDay: string, limit: number) => repo.pruneViewMarkers(db, firstKeptDay, limit),

    anyListing: () => repo.anyListing(db),
    approvedIds: () => repo.approvedIds(db),

    /** A person's listings with their full text and translations, and the links they shared (export). */
    async exportFor(
      userId: string,
    ): Promise<{ listings: Static<typeof ExportedListing>[]; shares: Static<typeof ExportedShare>[] }> {
      const [rows, shares] = await Promise.all([repo.allOwnedBy(db, userId), repo.sharesBy(db, userId)]);
      return {
        listings: rows.map((r) => ({
          id: r.id,
          slug: r.slug,
          url: `${deps.publicBaseUrl}/l/${r.slug}`,
          title: r.title,
          description: r.description,
          tags: r.tags,
          category: r.category,
          source_language: r.source_language,
          visibility: r.visibility,
          moderation_state: r.moderation_state,
          use_case: r.use_case,
          mode: r.mode,
          draft_id: r.draft_id,
          state: r.state,
          licence_version: r.licence_version,
          licence_accepted_at: r.licence_accepted_at.toISOString(),
          media_ids: r.media_ids,
          kit_file_id: r.kit_file_id,
          preview_file_id: r.preview_file_id,
          preview_png_file_id: r.preview_png_file_id,
          counts: {
            views: r.view_count,
            saves: r.save_count,
            reservations: r.reservation_count,
            reserved_quantity: r.reservation_quantity,
          },
          translations: Object.fromEntries(
            Object.entries(r.i18n).map(([language, { title, description, tags }]) => [
              language,
              {
                ...(title !== undefined ? { title } : {}),
                ...(description !== undefined ? { description } : {}),
                ...(tags !== undefined ? { tags } : {}),
              },
            ]),
          ),
          published_at: r.published_at.toISOString(),
          updated_at: r.updated_at.toISOString(),
        })),
        shares: shares.map((s) => ({
          listing_id: s.listing_id,
          code: s.code,
          channel: s.channel,
          visits: s.visits,
          created_at: s.created_at.toISOString(),
        })),
      };
    },

    /** The listings an erased account owns, locked in the erasure's transaction (id, slug, title). */
    lockOwnedBy: (trx: Transaction<DB>, userId: string) => repo.lockOwnedBy(trx, userId),

    /**
     * Erasing an account, in its transaction: its listings are deleted with what hangs off them
     * (text, view markers, other people's saves and share links; reservations on them are closed
     * by the interest module first), its share links of other listings are kept without it, and
     * its own view markers go. Pages that showed the listings are dropped from the caches.
     */
    async eraseOwnedBy(
      trx: Transaction<DB>,
      listingIds: readonly string[],
      who: { userId: string; visitorIds: readonly string[] },
    ): Promise<number> {
      const deleted = await repo.deleteListings(trx, listingIds);
      await repo.detachSharesOf(trx, who.userId, who.visitorIds);
      await repo.deleteViewMarkersOf(trx, [
        `user:${who.userId}`,
        ...who.visitorIds.map((id) => `visitor:${id}`),
      ]);
      ctx.changed();
      return deleted;
    },
  };
}

export type ListingsService = ReturnType<typeof createListingsService>;
export type { Owner };
