/**
 * What the public-page flows share: the listings they read (through listings' face), the parts of
 * the config they use, the sitemap cache, and the small helpers every page makes addresses with.
 */
import type { Config } from '../../config';
import type { ResponseCache } from '../../platform/response-cache';
import type { ListingsApi } from '../listings/face';

export type Query = Record<string, string | string[] | undefined>;

/** The listings the public pages read (modules/listings). */
export type CrawlerListings = Pick<ListingsApi, 'preview' | 'search' | 'sitemapPages' | 'sitemapEntries'>;

export interface CrawlerContext {
  listings: CrawlerListings;
  config: Pick<Config, 'env' | 'frontendUrl' | 'publicBaseUrl' | 'sitemapPageSize'>;
  /** The sitemap and its listing pages, kept for the gallery's cache time. */
  sitemaps: ResponseCache<string | null>;
}

/** App areas that are a person's own or staff's: never indexed (robots.txt keeps crawlers out too). */
export const PRIVATE_AREAS = [
  '/account',
  '/dashboard',
  '/create',
  '/admin',
  '/auth',
  '/pre-order',
  '/invite',
];
/** A support conversation's page (/help/support/<id>, often with its signed link): private too. */
export const SUPPORT_THREADS = '/help/support/';

/** Pages are the app's (FRONTEND_URL). */
export function pageUrl(ctx: CrawlerContext, path: string): string {
  return `${ctx.config.frontendUrl}${path}`;
}

/** Pictures come from the API's origin (PUBLIC_BASE_URL), unless already absolute. */
export function mediaUrl(ctx: CrawlerContext, path: string): string {
  return /^https?:\/\//.test(path) ? path : `${ctx.config.publicBaseUrl}${path}`;
}
