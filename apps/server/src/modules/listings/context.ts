/**
 * What the listings module's flows share: their dependencies, the caches of pages every reader
 * gets alike, and what other modules registered to hear of a listing's changes (they are made
 * after listings and reach it, so they register here instead of being handed in).
 */
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { AlertService } from '../../platform/alerts';
import type { Clock } from '../../platform/clock';
import type { DeliveryControls } from '../../platform/delivery-controls';
import type { ProductEvents } from '../../platform/product-events';
import type { RateLimiter } from '../../platform/rate-limits';
import { createResponseCache, type ResponseCache } from '../../platform/response-cache';
import type { Owner, SignedInUser } from '../../platform/viewer';
import type { Profile, Profiles } from '../auth/profiles';
import type { DraftsApi } from '../drafts/face';
import type { MediaApi } from '../media/face';
import type { NotificationsApi } from '../notifications/face';
import { createGallery, type Gallery } from './gallery';
import type { ListingRow } from './repo';

/** The designer terms of a listing, as its owner's page shows them (modules/preorders). */
export interface DesignerTerms {
  accepted: boolean;
  version: string | null;
  current_version: string;
}

/** What the viewer brings to a listing page: who they are, their save, their reservation, the phase's rules. */
export interface DetailContext {
  viewer: SignedInUser | null;
  locale: string | null;
  saved: boolean;
  reservationId: string | null;
  reservationsOpen: { open: boolean; reason: string | null };
  /** The owner's designer terms of this listing (A.5); absent for anyone else. */
  designerTerms?: DesignerTerms | undefined;
}

/**
 * What other modules know about a viewer and a listing (saves, reservations, designer terms),
 * provided to the listings service by those modules once they are made (`provideViewerState`).
 */
export interface ViewerState {
  saved(owner: Owner, listingId: string): Promise<boolean>;
  activeReservation(owner: Owner, listingId: string): Promise<string | null>;
  reservationsOpen(): Promise<{ open: boolean; reason: string | null }>;
  /** The designer terms of a listing, shown to its owner (modules/preorders). */
  designerTerms(listingId: string): Promise<DesignerTerms | undefined>;
}

/** A viewer state nobody has provided a part of yet: nothing saved, nothing reserved, closed. */
function noViewerState(): ViewerState {
  return {
    saved: async () => false,
    activeReservation: async () => null,
    reservationsOpen: async () => ({ open: false, reason: null }),
    designerTerms: async () => undefined,
  };
}

/** A listing its owner deletes, as the modules that keep something of it are told. */
export interface WithdrawnListing extends Pick<ListingRow, 'id' | 'title' | 'slug'> {
  ownerUserId: string;
  /** Why, as the people who held something of it read it. */
  reason: string;
}

/** What a module let go of a deleted listing (the deletion's audit names the counts). */
export interface WithdrawalCounts {
  reservationsCancelled?: number;
  savesRemoved?: number;
}

/**
 * What another module keeps about a listing lets go when its owner deletes it (saves removed,
 * reservations cancelled and their holders told), in the deletion's transaction.
 */
export type WithdrawalHandler = (
  trx: Transaction<DB>,
  listing: WithdrawnListing,
) => Promise<WithdrawalCounts>;
export type TextListener = (trx: Transaction<DB>, row: ListingRow) => Promise<void>;
export type DeletionListener = (trx: Transaction<DB>, listingId: string) => Promise<void>;
export type ReviewListener = (trx: Transaction<DB>, listingId: string) => Promise<void>;

export interface ListingsDeps {
  db: Kysely<DB>;
  clock: Clock;
  alerts: AlertService;
  controls: DeliveryControls;
  events: ProductEvents;
  drafts: DraftsApi;
  media: MediaApi;
  notifications: NotificationsApi;
  profiles: Profiles;
  limiter: RateLimiter;
  publicBaseUrl: string;
  galleryCacheMs: number;
  /**
   * Tells every process that listings changed (their cached gallery and listing pages must go);
   * the listings service registers what this process drops through `onListingsChanged`.
   */
  announceChanged?: () => void;
  onListingsChanged?: (drop: () => void) => void;
}

/** What every reader of a listing page gets alike: the listing and the people it names. */
export interface PublicPart {
  row: ListingRow | undefined;
  people: Map<string, Profile>;
}

export interface ListingsContext extends ListingsDeps {
  gallery: Gallery;
  /**
   * The part of a listing page that is the same for every reader, reused for as long as gallery
   * pages are (a listing changed through any process drops it at once); counts may lag that long.
   */
  pages: ResponseCache<PublicPart>;
  /** The viewer's part of a page, as the modules that keep it provided it. */
  viewerState: ViewerState;
  listeners: {
    textChanged: TextListener[];
    sentToReview: ReviewListener[];
    deleted: DeletionListener[];
    withdrawn: WithdrawalHandler[];
  };
}

export function createListingsContext(deps: ListingsDeps): ListingsContext {
  const ctx: ListingsContext = {
    ...deps,
    gallery: createGallery({ db: deps.db, profiles: deps.profiles, cacheMs: deps.galleryCacheMs }),
    pages: createResponseCache<PublicPart>(deps.galleryCacheMs, 2000),
    viewerState: noViewerState(),
    listeners: { textChanged: [], sentToReview: [], deleted: [], withdrawn: [] },
  };
  // Every process drops its pages when any process announces a change (NOTIFY on PostgreSQL).
  deps.onListingsChanged?.(() => dropPages(ctx));
  return ctx;
}

/** Forgets this process's cached gallery and listing pages. */
export function dropPages(ctx: ListingsContext): void {
  ctx.gallery.invalidate();
  ctx.pages.clear();
}

/** A listing appeared, changed or disappeared: cached pages are dropped (in every process). */
export function changed(ctx: ListingsContext): void {
  if (ctx.announceChanged) ctx.announceChanged();
  else dropPages(ctx);
}

/** A listing's source text is new or changed: its translations go stale (in the same transaction). */
export async function textChanged(
  ctx: ListingsContext,
  trx: Transaction<DB>,
  row: ListingRow,
): Promise<void> {
  for (const listener of ctx.listeners.textChanged) await listener(trx, row);
}

/** A listing now waits for a moderator (pending review): the moderation queue takes it (same transaction). */
export async function sentToReview(
  ctx: ListingsContext,
  trx: Transaction<DB>,
  listingId: string,
): Promise<void> {
  for (const listener of ctx.listeners.sentToReview) await listener(trx, listingId);
}

/** A listing was deleted: what other modules keep of its text goes (in the same transaction). */
export async function deleted(ctx: ListingsContext, trx: Transaction<DB>, listingId: string): Promise<void> {
  for (const listener of ctx.listeners.deleted) await listener(trx, listingId);
}

/** Its owner deletes a listing: what other modules keep of it lets go; the counts they answer, summed. */
export async function withdrawn(
  ctx: ListingsContext,
  trx: Transaction<DB>,
  listing: WithdrawnListing,
): Promise<Required<WithdrawalCounts>> {
  const total = { reservationsCancelled: 0, savesRemoved: 0 };
  for (const handler of ctx.listeners.withdrawn) {
    const counts = await handler(trx, listing);
    total.reservationsCancelled += counts.reservationsCancelled ?? 0;
    total.savesRemoved += counts.savesRemoved ?? 0;
  }
  return total;
}

/** Another module provides its part of the viewer's state on a listing page. */
export function provideViewerState(ctx: ListingsContext, part: Partial<ViewerState>): void {
  Object.assign(ctx.viewerState, part);
}
