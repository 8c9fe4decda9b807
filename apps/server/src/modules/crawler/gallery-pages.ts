/**
 * The gallery and home pages: their titles and descriptions, which views are indexed, and the
 * static content of the screen.
 */
import {
  GALLERY_PAGE_SIZE,
  galleryQueryString,
  type Locale,
  readGalleryParams,
  toFilters,
} from '@kitwright/contracts';
import type { PageParts } from '../../platform/html-page';
import { type CrawlerContext, pageUrl, type Query } from './context';
import { categoryName, say } from './copy';
import { meta, parts, summarise } from './meta';
import { galleryBody, homeBody } from './static-body';

export async function gallery(ctx: CrawlerContext, locale: Locale, query: Query): Promise<PageParts> {
  const params = readGalleryParams(query);
  const page = await ctx.listings.search({ ...toFilters(params), locale, limit: GALLERY_PAGE_SIZE });
  const q = params.q.trim();
  const title = q
    ? say(locale, 'gallery.titleSearch', { q })
    : params.category
      ? say(locale, 'gallery.titleCategory', { category: categoryName(locale, params.category) })
      : say(locale, 'gallery.title');
  const first = page.items[0]?.preview_url ?? null;
  return parts(
    locale,
    meta(ctx, locale, {
      title,
      description: say(locale, 'gallery.intro'),
      canonical: pageUrl(ctx, `/gallery${galleryQueryString(params)}`),
      // Search results and filtered views are many pages of the same listings: followed, not indexed.
      index: !q && !params.size && !params.designer && !params.reserved && !params.sort,
    }),
    galleryBody(locale, params.q, page, ['/gallery']),
    first,
  );
}

export function home(ctx: CrawlerContext, locale: Locale): PageParts {
  return parts(
    locale,
    meta(ctx, locale, {
      title: say(locale, 'home.title'),
      description: summarise(say(locale, 'home.lead'), 200),
      canonical: pageUrl(ctx, '/'),
      index: true,
    }),
    homeBody(locale, ['/']),
  );
}
