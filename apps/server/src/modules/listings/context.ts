/** What the listings module's flows share: their dependencies and the module's own helpers. */
import type { ListingDetail } from '@kitwright/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { AlertService } from '../../platform/alerts';
import type { Clock } from '../../platform/clock';
import type { DeliveryControls } from '../../platform/delivery-controls';
import type { ProductEvents } from '../../platform/product-events';
import type { RateLimiter } from '../../platform/rate-limits';
import type { SignedInUser } from '../../platform/viewer';
import type { Profiles } from '../auth/profiles';
import type { DraftsApi } from '../drafts/face';
import type { MediaApi } from '../media/face';
import type { NotificationsApi } from '../notifications/face';
import type { ListingRow } from './repo';

/** What the viewer brings to a listing page: who they are, their save, their reservation, the phase's rules. */
export interface DetailContext {
  viewer: SignedInUser | null;
  locale: string | null;
  saved: boolean;
  reservationId: string | null;
  reservationsOpen: { open: boolean; reason: string | null };
  /** The owner's designer terms of this listing (A.5); absent for anyone else. */
  designerTerms?: { accepted: boolean; version: string | null; current_version: string } | undefined;
}

/**
 * What other modules keep about a listing, reached when it is deleted (saves and reservations are
 * made after listings, so compose.ts resolves these late). Both run in the deletion's transaction.
 */
export interface ListingFollowers {
  /** Removes every save of the listing; answers how many. */
  dropSaves(trx: Transaction<DB>, listingId: string): Promise<number>;
  /**
   * Cancels the listing's active reservations with `reason`, audited as the owner's act, and tells
   * each signed-in holder; answers how many.
   */
  cancelReservations(
    trx: Transaction<DB>,
    listing: Pick<ListingRow, 'id' | 'title' | 'slug'>,
    reason: string,
    ownerUserId: string,
  ): Promise<number>;
}

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
  followers: ListingFollowers;
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

export interface ListingsContext extends ListingsDeps {
  toDetail(row: ListingRow, ctx: DetailContext): Promise<ListingDetail>;
  /** A listing appeared, changed or disappeared: cached pages are dropped. */
  changed(): void;
  /** A listing's source text is new or changed: its translations go stale (in the same transaction). */
  textChanged(trx: Transaction<DB>, row: ListingRow): Promise<void>;
  /** A listing now waits for a moderator (pending review): the moderation queue takes it (same transaction). */
  sentToReview(trx: Transaction<DB>, listingId: string): Promise<void>;
  /** A listing was deleted: what other modules keep of its text goes (in the same transaction). */
  deleted(trx: Transaction<DB>, listingId: string): Promise<void>;
}
