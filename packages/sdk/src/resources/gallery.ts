/** `kw.gallery`: the public gallery, searched, filtered and sorted, a page at a time. */
import type { OperationQuery } from '@kitwright/contracts';
import type { ApiClient } from '../api-client';
import { type CallOptions, call, splitOptions } from './call';

export type GalleryQuery = NonNullable<OperationQuery<'searchGallery'>>;

export function galleryResource(api: ApiClient) {
  return {
    /**
     * One page of listings: `q` (typos are corrected, see `corrected_query`), filters, `sort`,
     * `locale`, and `cursor` (the previous page's `next_cursor`) with `limit`.
     */
    search(query?: GalleryQuery & CallOptions) {
      const split = splitOptions(query);
      return call(api, 'searchGallery', { query: split.query, ...split.options });
    },
  };
}

export type GalleryResource = ReturnType<typeof galleryResource>;
