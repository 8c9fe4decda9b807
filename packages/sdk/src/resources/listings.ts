/**
 * `kw.listings`: one listing, read in the reader's language, managed by its designer (edited,
 * unpublished, republished, deleted), saved, shared.
 */
import type { OperationBody, OperationQuery } from '@kitwright/contracts';
import type { ApiClient } from '../api-client';
import { type CallOptions, call, splitOptions } from './call';

export type ListingQuery = NonNullable<OperationQuery<'getListing'>>;
export type SurfaceQuery = NonNullable<OperationQuery<'saveListing'>>;
export type ListingChanges = OperationBody<'editListing'>;
export type RepublishInput = OperationBody<'republishListing'>;
export type ShareChannel = OperationBody<'shareListing'>['channel'];

export function listingsResource(api: ApiClient) {
  return {
    /**
     * A listing by id or slug. `locale`: the language to read it in; `share`: the code of the share
     * link followed; `surface`: where the visit came from (counted as a view from there).
     */
    get(idOrSlug: string, options?: ListingQuery & CallOptions) {
      const { query, options: rest } = splitOptions(options);
      return call(api, 'getListing', { params: { listingId: idOrSlug }, query, ...rest });
    },
    /**
     * Changes the designer's own listing (title, description, tags, category, visibility, and
     * `media_ids`: the ids of their own uploaded photos to show, in order).
     */
    edit(listingId: string, changes: ListingChanges, options?: CallOptions) {
      return call(api, 'editListing', { params: { listingId }, body: changes, ...options });
    },
    /** Hides the designer's own listing from everyone else; answers the listing (`state: 'unpublished'`). */
    unpublish(listingId: string, options?: CallOptions) {
      return call(api, 'unpublishListing', { params: { listingId }, ...options });
    },
    /**
     * Publishes the designer's unpublished listing again, after the automatic checks; send the
     * licence acknowledgement when the owner licence changed since (422 GATE_NOT_MET otherwise).
     */
    republish(listingId: string, body: RepublishInput = {}, options?: CallOptions) {
      return call(api, 'republishListing', { params: { listingId }, body, ...options });
    },
    /** Deletes the designer's own listing for good (reservations are cancelled, saves removed). */
    delete(listingId: string, options?: CallOptions) {
      return call(api, 'deleteListing', { params: { listingId }, ...options });
    },
    /** Saves the listing for the signed-in user or the visitor session; answers the new count. */
    save(listingId: string, options?: SurfaceQuery & CallOptions) {
      const { query, options: rest } = splitOptions(options);
      return call(api, 'saveListing', { params: { listingId }, query, ...rest });
    },
    unsave(listingId: string, options?: SurfaceQuery & CallOptions) {
      const { query, options: rest } = splitOptions(options);
      return call(api, 'unsaveListing', { params: { listingId }, query, ...rest });
    },
    /** A share link with its own code, so visits through it are attributed to `channel`. */
    share(listingId: string, channel: ShareChannel, options?: CallOptions) {
      return call(api, 'shareListing', { params: { listingId }, body: { channel }, ...options });
    },
  };
}

export type ListingsResource = ReturnType<typeof listingsResource>;
