/**
 * The narrow interfaces other modules are given of listings: only the methods each one calls.
 * The listings service satisfies every one of them.
 */
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { SignedInUser } from '../../platform/viewer';
import type { InterestDelta } from './counters-repo';
import type { ListingRef } from './refs';
import type { ListingRow } from './repo';

/** Short references to listings by id, deleted ones included (what reservations and saves name). */
export interface ListingRefs {
  refs(ids: readonly string[], locale: string | null): Promise<Map<string, ListingRef>>;
}

/** What saves reach of listings: the listing saved, its lock and its save count. */
export interface ListingsForSaves {
  /** A listing whoever asks may see (404 otherwise). */
  visible(viewer: SignedInUser | null, idOrSlug: string): Promise<ListingRow>;
  /** A listing that is not deleted, and whether this viewer may see it. */
  existing(viewer: SignedInUser | null, idOrSlug: string): Promise<{ row: ListingRow; visible: boolean }>;
  lockLive(trx: Transaction<DB>, listingId: string): Promise<ListingRow>;
  adjustSaves(trx: Transaction<DB>, listingId: string, by: number): Promise<number>;
  saveCount(listingId: string): Promise<number>;
}

/** What interest reservations reach of listings: the listing reserved, its locks and its interest summary. */
export interface ListingsForInterest extends ListingRefs {
  forReservation(trx: Transaction<DB>, idOrSlug: string): Promise<ListingRow>;
  lockForInterest(trx: Transaction<DB>, listingIds: readonly string[]): Promise<void>;
  adjustInterest(trx: Transaction<DB>, listingId: string, delta: InterestDelta): Promise<void>;
  /** After a reservation change committed: this process's cached pages go. */
  interestSettled(): void;
  refOfRow(row: ListingRow, locale: string | null): Promise<ListingRef>;
}

/** What pre-orders reach of listings: the listing an invitation or checkout is for. */
export interface ListingsForPreorders {
  existing(viewer: SignedInUser | null, idOrSlug: string): Promise<{ row: ListingRow; visible: boolean }>;
  forReservation(trx: Transaction<DB>, idOrSlug: string): Promise<ListingRow>;
  lockLive(trx: Transaction<DB>, listingId: string): Promise<ListingRow>;
}

export type { ListingRef, ListingRow };
