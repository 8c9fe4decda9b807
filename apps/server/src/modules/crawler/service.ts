/**
 * Public pages as search engines, link previews and a slow phone first see them: for every app
 * address, its title, description, canonical URL, robots rule, Open Graph and Twitter tags, and
 * for the home page, the gallery and listings the static content of the screen; plus robots.txt
 * and the sitemap of listings anyone may find. Nothing here names what an anonymous reader may not
 * see: a private, pending or unknown listing is the same 404 page.
 *
 * The module's public surface: each method binds one flow (pages, robots, sitemap) to the one
 * context.
 */
import type { Config } from '../../config';
import { createResponseCache } from '../../platform/response-cache';
import type { ListingsApi } from '../listings/face';
import type { CrawlerContext, Query } from './context';
import * as pages from './pages';
import * as robots from './robots';
import * as sitemap from './sitemap';

export type { Query } from './context';
export { summarise } from './meta';

export interface PublicPagesDeps {
  listings: ListingsApi;
  config: Config;
}

export function createPublicPages(deps: PublicPagesDeps) {
  const ctx: CrawlerContext = {
    listings: deps.listings,
    config: deps.config,
    sitemaps: createResponseCache<string | null>(deps.config.galleryCacheMs, 100),
  };
  return {
    /** The page for an address the app has (`known`) or not. */
    page: (path: string, query: Query, acceptLanguage: string | null, known: boolean) =>
      pages.page(ctx, path, query, acceptLanguage, known),
    robots: () => robots.robots(ctx),
    /** /sitemap.xml: the fixed pages and listings, or past one page of listings an index of pages. */
    sitemap: () => sitemap.sitemap(ctx),
    /** The fixed pages' part of a sitemap index. */
    pagesSitemap: () => sitemap.pagesSitemap(ctx),
    /** Page `n` (from 1) of the listings anyone may find, or null past the last page. */
    listingsSitemap: (n: number) => sitemap.listingsSitemap(ctx, n),
  };
}

export type PublicPages = ReturnType<typeof createPublicPages>;
