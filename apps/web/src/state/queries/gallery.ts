/** The public gallery: single pages (home sections) and the endless list on the cursor API. */
import { GALLERY_PAGE_SIZE } from '@kitwright/contracts/constants';
import type { GalleryQuery } from '@kitwright/sdk';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useKitwright } from '../../client/kitwright';

/** The search, filters and sort the app offers (a part of what the API takes). */
export type GalleryFilters = Pick<
  GalleryQuery,
  'q' | 'category' | 'sort' | 'designer' | 'min_parts' | 'max_parts' | 'has_reservations'
>;

type PageParams = GalleryFilters & { locale: string; limit?: number };

export const galleryKeys = {
  all: () => ['gallery'] as const,
  /** One page (the home page's sections). */
  page: (params: PageParams) => ['gallery', params] as const,
  /** The gallery as an infinite list of pages. */
  pages: (params: PageParams) => ['gallery', 'pages', params] as const,
};

export const GALLERY_STALE_TIME = 15_000;

/** One page of listings (home sections). */
export function useGalleryPage(filters: GalleryFilters & { limit: number }, locale: string) {
  const client = useKitwright();
  const params = { ...filters, locale };
  return useQuery({
    queryKey: galleryKeys.page(params),
    queryFn: ({ signal }) => client.gallery.search({ ...params, signal }),
    staleTime: GALLERY_STALE_TIME,
  });
}

/** The gallery as pages on the cursor API, for an endless list. */
export function useGalleryPages(filters: GalleryFilters, locale: string) {
  const client = useKitwright();
  const params = { ...filters, locale, limit: GALLERY_PAGE_SIZE };
  return useInfiniteQuery({
    queryKey: galleryKeys.pages(params),
    queryFn: ({ pageParam, signal }) =>
      client.gallery.search({ ...params, ...(pageParam ? { cursor: pageParam } : {}), signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    staleTime: GALLERY_STALE_TIME,
  });
}
