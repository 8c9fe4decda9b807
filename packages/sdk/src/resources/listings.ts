/** `kw.listings`: one listing, read in the reader's language, edited by its designer, saved, shared. */
import type { OperationBody, OperationQuery } from '@kitwright/contracts';
import type { ApiClient } from '../api-client';
import { type CallOptions, call, splitOptions } from './call';

export type ListingQuery = NonNullable<OperationQuery<'getListing'>>;
export type SurfaceQuery = NonNullable<OperationQuery<'saveListing'>>;
export type ListingChanges = OperationBody<'editListing'>;
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
    /** Changes the designer's own listing (title, description, tags, category, visibility). */
    edit(listingId: string, changes: ListingChanges, options?: CallOptions) {
      return call(api, 'editListing', { params: { listingId }, body: changes, ...options });
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
