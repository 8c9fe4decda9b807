/**
 * The gallery page's search, filters and sort as URL query parameters (`/gallery?q=&category=…`),
 * so a link or a reload shows the same results. Shared by the app (which reads and writes them)
 * and the server (which renders the same first page for crawlers and slow phones, and names its
 * canonical URL). Unknown or malformed values are ignored rather than sent to the API.
 */
import { GALLERY_SORTS, type GallerySort, LISTING_CATEGORIES, type ListingCategory } from './listing-terms';

export const SIZES = ['small', 'medium', 'large'] as const;
export type SizeBand = (typeof SIZES)[number];

/** How many cards a gallery page shows at a time (the app's pages and the server's first page). */
export const GALLERY_PAGE_SIZE = 12;

/** Kit sizes by block count. */
const SIZE_PARTS: Record<SizeBand, { min_parts?: number; max_parts?: number }> = {
  small: { max_parts: 100 },
  medium: { min_parts: 101, max_parts: 400 },
  large: { min_parts: 401 },
};

export interface GalleryParams {
  q: string;
  category: ListingCategory | null;
  sort: GallerySort | null;
  size: SizeBand | null;
  designer: string | null;
  reserved: boolean;
}

/** The part of the gallery API's query these parameters make. */
export interface GalleryUrlFilters {
  q?: string;
  category?: ListingCategory;
  sort?: GallerySort;
  designer?: string;
  min_parts?: number;
  max_parts?: number;
  has_reservations?: boolean;
}

type Raw = Record<string, string | string[] | undefined>;

const one = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value[0] : value;

export function readGalleryParams(raw: Raw): GalleryParams {
  const q = (one(raw.q) ?? '').slice(0, 200);
  const category = one(raw.category);
  const sort = one(raw.sort);
  const size = one(raw.size);
  const designer = one(raw.designer);
  return {
    q,
    category: (LISTING_CATEGORIES as readonly string[]).includes(category ?? '')
      ? (category as ListingCategory)
      : null,
    sort:
      (GALLERY_SORTS as readonly string[]).includes(sort ?? '') && (sort !== 'relevance' || q.trim())
        ? (sort as GallerySort)
        : null,
    size: (SIZES as readonly string[]).includes(size ?? '') ? (size as SizeBand) : null,
    designer: designer && /^[A-Za-z0-9_.-]{1,64}$/.test(designer) ? designer : null,
    reserved: one(raw.reserved) === '1',
  };
}

/** The API query for these parameters. */
export function toFilters(p: GalleryParams): GalleryUrlFilters {
  return {
    ...(p.q.trim() ? { q: p.q.trim() } : {}),
    ...(p.category ? { category: p.category } : {}),
    ...(p.sort ? { sort: p.sort } : {}),
    ...(p.size ? SIZE_PARTS[p.size] : {}),
    ...(p.designer ? { designer: p.designer } : {}),
    ...(p.reserved ? { has_reservations: true } : {}),
  };
}

/**
 * The parameters written back as a query string in one fixed order, without anything the
 * gallery ignores (the page's canonical form): '' for the plain gallery, else '?…'.
 */
export function galleryQueryString(p: GalleryParams): string {
  const pairs: Array<[string, string]> = [];
  if (p.q.trim()) pairs.push(['q', p.q.trim()]);
  if (p.category) pairs.push(['category', p.category]);
  if (p.size) pairs.push(['size', p.size]);
  if (p.designer) pairs.push(['designer', p.designer]);
  if (p.reserved) pairs.push(['reserved', '1']);
  if (p.sort) pairs.push(['sort', p.sort]);
  const query = new URLSearchParams(pairs).toString();
  return query ? `?${query}` : '';
}

/** The sort the API will use when none is chosen. */
export function effectiveSort(p: GalleryParams): GallerySort {
  return p.sort ?? (p.q.trim() ? 'relevance' : 'newest');
}

/** How many filters (not the search or sort) are on. */
export function activeFilterCount(p: GalleryParams): number {
  return [p.category, p.size, p.designer, p.reserved || null].filter(Boolean).length;
}
