/**
 * Listings: publishing, the listing page, owner edits, share links, and the gallery. Other modules
 * change a listing's counters (saves, reservations) and its translations only through the
 * functions below, inside their own transactions, so the listing's figures always equal the rows.
 */
import type {
  EditListingRequest,
  GalleryQuery,
  ListingDetail,
  ListingRef as ListingRefSchema,
  PublishRequest,
} from '@kitwright/contracts';
import type { Transaction } from 'kysely';
import type { Static } from 'typebox';
import type { DB } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { isUuid, newId } from '../../platform/ids';
import { enforceLimit, RATE_LIMITS } from '../../platform/rate-limits';
import { createResponseCache } from '../../platform/response-cache';
import { sha256Hex } from '../../platform/secrets';
import type { Owner, SignedInUser } from '../../platform/viewer';
import { type Profile, unknownProfile } from '../auth/profiles';
import { mediaUrl } from '../media/urls';
import { type ListingI18n, localiseListing } from '../translations/localise';
import type { ListingText, ListingTexts } from '../translations/service';
import type { ListingsContext, ListingsDeps } from './context';
import {
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
import { publish } from './publish';
import type { ListingRow } from './repo';
import * as repo from './repo';
import * as search from './search-repo';
import { searchWordsOf } from './text';

export type { ListingRow, PageRequest, ViewerState };

export type ListingRef = Static<typeof ListingRefSchema>;

/** What a listing reference is made from: a listing or card row. */
type RefRow = Pick<
  search.CardRow,
  | 'id'
  | 'slug'
  | 'title'
  | 'description'
  | 'tags'
  | 'source_language'
  | 'i18n'
  | 'preview_png_file_id'
  | 'preview_file_id'
  | 'owner_user_id'
>;

function refOf(row: RefRow, designer: Profile | undefined, locale: string | null): ListingRef {
  return {
    id: row.id,
    slug: row.slug,
    title: localiseListing(row, locale).title,
    preview_url: mediaUrl(row.preview_png_file_id ?? row.preview_file_id),
    designer: designer ?? unknownProfile(row.owner_user_id),
  };
}

type TextListener = (trx: Transaction<DB>, row: ListingRow, correlationId: string | null) => Promise<void>;

export function createListingsService(deps: ListingsDeps & { viewerState: ViewerState }) {
  const { db } = deps;
  const gallery = createGallery({ db, profiles: deps.profiles, cacheMs: deps.galleryCacheMs });
  // The part of a listing page that is the same for every reader, reused for as long as gallery
  // pages are (a listing changed through this process drops it at once); counts may lag that long.
  const pages = createResponseCache<PublicPart>(deps.galleryCacheMs, 2000);
  const textListeners: TextListener[] = [];
  const ctx: ListingsContext = {
    ...deps,
    toDetail: (row, dc) => toDetail(deps, row, dc),
    changed: () => {
      gallery.invalidate();
      pages.clear();
    },
    async textChanged(trx, row, correlationId) {
      for (const listener of textListeners) await listener(trx, row, correlationId);
    },
  };

  /** The viewer's state for a page they just changed (an edit): their save and reservation, fresh. */
  async function detailFor(row: ListingRow, user: SignedInUser): Promise<ListingDetail> {
    const owner = { userId: user.id, visitorId: null };
    const [saved, reservationId, reservationsOpen] = await Promise.all([
      deps.viewerState.saved(owner, row.id),
      deps.viewerState.activeReservation(owner, row.id),
      deps.viewerState.reservationsOpen(),
    ]);
    return toDetail(deps, row, { viewer: user, locale: null, saved, reservationId, reservationsOpen });
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
  };

  return {
    ...texts,

    /** Registers what must happen when a listing's source text is new or changed (translations). */
    onTextChanged(listener: TextListener) {
      textListeners.push(listener);
    },

    publish: (user: SignedInUser, draftId: string, body: PublishRequest, correlationId: string) =>
      publish(ctx, user, draftId, body, correlationId),

    async edit(user: SignedInUser, idOrSlug: string, body: EditListingRequest, correlationId: string) {
      return detailFor(await edit(ctx, user, idOrSlug, body, correlationId), user);
    },

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
      const row = await repo.findListing(trx, isUuid(idOrSlug) ? { id: idOrSlug } : { slug: idOrSlug });
      if (!row || !isPublic(row)) throw new AppError('NOT_FOUND');
      return row;
    },

    /** Moves a listing's interest summary (in the reservation's transaction). */
    adjustInterest: (trx: Transaction<DB>, listingId: string, reservations: number, quantity: number) =>
      reservations === 0 && quantity === 0
        ? Promise.resolve()
        : repo.adjustInterest(trx, listingId, reservations, quantity),

    /** Moves a listing's save count (in the save's transaction); returns the new count. */
    adjustSaves: (trx: Transaction<DB>, listingId: string, by: number) =>
      repo.adjustSaves(trx, listingId, by),

    /** A listing's save count as it stands. */
    async saveCount(listingId: string): Promise<number> {
      return (await repo.findListing(db, { id: listingId }))?.save_count ?? 0;
    },

    /** Short references (title in the reader's language, preview, designer) to listings, by id. */
    async refs(ids: readonly string[], locale: string | null): Promise<Map<string, ListingRef>> {
      const rows = await search.cardRows(db, [...ids], { visibleOnly: false });
      const people = await deps.profiles.byIds(rows.map((r) => r.owner_user_id));
      return new Map(rows.map((r) => [r.id, refOf(r, people.get(r.owner_user_id), locale)]));
    },

    /** The short reference to a listing already read (a reservation just made). */
    async refOfRow(row: RefRow, locale: string | null): Promise<ListingRef> {
      const people = await deps.profiles.byIds([row.owner_user_id]);
      return refOf(row, people.get(row.owner_user_id), locale);
    },

    ownedBy: (userId: string, limit = 50) => repo.ownedBy(db, userId, limit),

    /** Whether a visible listing shows this stored file (so anyone may fetch it). */
    showsFile: (fileId: string) => repo.showsFile(db, fileId),

    /** Deletes view markers of days before `firstKeptDay` (housekeeping); returns how many. */
    pruneViewMarkers: (firstKeptDay: string, limit: number) => repo.pruneViewMarkers(db, firstKeptDay, limit),

    anyListing: () => repo.anyListing(db),
    approvedIds: () => repo.approvedIds(db),
  };
}

export type ListingsService = ReturnType<typeof createListingsService>;
export type { Owner };
