/**
 * Listings: publishing, the listing page, owner edits, share links, and the gallery. Other modules
 * change a listing's counters (saves, reservations) and its translations only through the
 * functions below, inside their own transactions, so the listing's figures always equal the rows.
 * Modules made after listings register what they keep of a listing (onWithdrawn, onDeleted ...)
 * and their part of a page's viewer state (provideViewerState). Each method binds a flow to the
 * module's one context.
 */
import type {
  EditListingRequest,
  GalleryQuery,
  PublishRequest,
  RepublishRequest,
} from '@kitwright/contracts';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { Owner, SignedInUser } from '../../platform/viewer';
import {
  changed,
  createListingsContext,
  type DeletionListener,
  type ListingsDeps,
  provideViewerState,
  type ReviewListener,
  type TextListener,
  type ViewerState,
  type WithdrawalHandler,
} from './context';
import * as counters from './counters';
import * as counterRows from './counters-repo';
import { findVisible } from './detail';
import { edit } from './edit';
import { existing, type PageRequest, page, preview } from './page';
import * as personal from './personal-data';
import { publish } from './publish';
import * as reads from './reads-repo';
import { type ListingRef, referableBy, refOfRow, refs } from './refs';
import type { ListingRow } from './repo';
import * as repo from './repo';
import { setModeration } from './review';
import { share } from './share';
import * as text from './text-repo';
import { applyTranslations } from './translation-text';
import { remove, republish, unpublish } from './visibility';

export type { ListingRef, ListingRow, PageRequest, ViewerState, WithdrawalHandler };

export function createListingsService(deps: ListingsDeps) {
  const ctx = createListingsContext(deps);
  const { db } = ctx;
  return {
    // What translations read and write of a listing's text; they, erasure and moderation drop the
    // caches once their transaction has committed.
    sourceText: text.sourceText,
    applyTranslations,
    dropCaches: () => changed(ctx),

    /** Registers what must happen when a listing's source text is new or changed (translations). */
    onTextChanged: (listener: TextListener) => void ctx.listeners.textChanged.push(listener),
    /** Registers what must happen when a listing starts waiting for review (the moderation queue). */
    onSentToReview: (listener: ReviewListener) => void ctx.listeners.sentToReview.push(listener),
    /** Registers what must go when a listing is deleted (its translation records, its moderation case). */
    onDeleted: (listener: DeletionListener) => void ctx.listeners.deleted.push(listener),
    /** Registers what lets go of a listing its owner deletes (saves, reservations), answering counts. */
    onWithdrawn: (handler: WithdrawalHandler) => void ctx.listeners.withdrawn.push(handler),
    /** Another module's part of the viewer's state on a listing page (saves, reservations, terms). */
    provideViewerState: (part: Partial<ViewerState>) => provideViewerState(ctx, part),

    setModeration,
    /** What a moderator reads of listings (deleted ones left out): state, owner, automatic findings. */
    moderationSummaries: (ids: readonly string[]) => reads.moderationRows(db, ids),

    publish: (user: SignedInUser, draftId: string, body: PublishRequest) => publish(ctx, user, draftId, body),
    edit: (user: SignedInUser, idOrSlug: string, body: EditListingRequest) => edit(ctx, user, idOrSlug, body),
    /** Hides the owner's listing from everyone else; saves and reservations stay. */
    unpublish: (user: SignedInUser, idOrSlug: string) => unpublish(ctx, user, idOrSlug),
    /** Shows the owner's listing again, after the automatic checks a new listing passes. */
    republish: (user: SignedInUser, idOrSlug: string, body: RepublishRequest) =>
      republish(ctx, user, idOrSlug, body),
    /** Deletes the owner's listing (see visibility.ts for what goes and what stays). */
    remove: (user: SignedInUser, idOrSlug: string) => remove(ctx, user, idOrSlug),

    page: (idOrSlug: string, req: PageRequest) => page(ctx, idOrSlug, req),
    preview: (idOrSlug: string, locale: string | null) => preview(ctx, idOrSlug, locale),
    /** The sitemap's pages of listings anyone may find: counts and newest change (see the repo). */
    sitemapPages: (size: number) => reads.sitemapPages(db, size),
    /** One sitemap page (0-based) of listings anyone may find: slugs and when each last changed. */
    sitemapEntries: (pageNumber: number, size: number) => reads.sitemapEntries(db, pageNumber, size),
    /** A listing whoever asks may see (see findVisible). */
    visible: (viewer: SignedInUser | null, idOrSlug: string) => findVisible(ctx, viewer, idOrSlug),
    existing: (viewer: SignedInUser | null, idOrSlug: string) => existing(ctx, viewer, idOrSlug),
    search: (query: GalleryQuery) => ctx.gallery.search(query),
    /** Cards of visible listings, in the order given (a dashboard's saved listings). */
    cards: (ids: string[], locale: string | null) => ctx.gallery.cards(ids, locale),
    /** A share link whose code tells the funnel where visits came from. */
    share: (
      viewer: SignedInUser | null,
      idOrSlug: string,
      channel: string,
      who: { visitorId: string | null; ip: string | null },
    ) => share(ctx, viewer, idOrSlug, channel, who),

    forReservation: counters.forReservation,
    lockLive: counters.lockLive,
    /**
     * Locks listings (any state) before a reservation change touches their reservations: a
     * listing is always locked before its reservation rows, as a reservation and a deletion do,
     * so a cancellation racing them cannot deadlock.
     */
    lockForInterest: repo.lockRows,
    adjustInterest: counters.adjustInterest,
    interestSettled: () => counters.interestSettled(ctx),
    /** Moves a listing's save count (in the save's transaction); returns the new count. */
    adjustSaves: counterRows.adjustSaves,
    saveCount: (listingId: string) => counters.saveCount(ctx, listingId),

    refs: (ids: readonly string[], locale: string | null) => refs(ctx, ids, locale),
    refOfRow: (row: ListingRow, locale: string | null) => refOfRow(ctx, row, locale),
    ownedBy: (userId: string, limit = 50) => reads.ownedBy(db, userId, limit),
    referableBy: (userId: string | null, listingId: string) => referableBy(ctx, userId, listingId),
    /** Whether a visible listing shows this stored file (so anyone may fetch it). */
    showsFile: (fileId: string) => reads.showsFile(db, fileId),
    /** Deletes view markers of days before `firstKeptDay` (housekeeping); returns how many. */
    pruneViewMarkers: (firstKeptDay: string, limit: number) =>
      counterRows.pruneViewMarkers(db, firstKeptDay, limit),
    anyListing: () => reads.anyListing(db),
    approvedIds: () => reads.approvedIds(db),

    exportFor: (userId: string) => personal.exportFor(ctx, userId),
    /** The listings an erased account owns, locked in the erasure's transaction (id, slug, title). */
    lockOwnedBy: repo.lockOwnedBy,
    eraseOwnedBy: (
      trx: Transaction<DB>,
      listingIds: readonly string[],
      who: { userId: string; visitorIds: readonly string[] },
    ) => personal.eraseOwnedBy(ctx, trx, listingIds, who),
  };
}

export type ListingsService = ReturnType<typeof createListingsService>;
export type { Owner };
