/**
 * /sitemap.xml: the home page, the gallery, the help pages and every listing anyone may find, with
 * when each last changed; past one page of listings, an index of pages instead.
 */
import { escapeHtml } from '../../platform/html';
import { type CrawlerContext, pageUrl } from './context';
import { HELP_PATHS } from './copy';

export function sitemap(ctx: CrawlerContext): Promise<string> {
  return ctx.sitemaps.get('sitemap', async () => {
    const pages = await ctx.listings.sitemapPages(ctx.config.sitemapPageSize);
    if (pages.length <= 1) {
      const entries = pages.length ? await ctx.listings.sitemapEntries(0, ctx.config.sitemapPageSize) : [];
      return urlSet([...fixedPages(ctx), ...entries.map((e) => listingEntry(ctx, e))]);
    }
    const sitemapsOf = [
      { loc: `${ctx.config.publicBaseUrl}/sitemaps/pages.xml`, lastmod: undefined as string | undefined },
      ...pages.map((p) => ({
        loc: `${ctx.config.publicBaseUrl}/sitemaps/listings-${p.page + 1}.xml`,
        lastmod: p.lastmod.toISOString(),
      })),
    ].map(
      (e) =>
        `<sitemap><loc>${escapeHtml(e.loc)}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ''}</sitemap>`,
    );
    return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${sitemapsOf.join('\n')}\n</sitemapindex>\n`;
  }) as Promise<string>;
}

/** The fixed pages' part of a sitemap index. */
export function pagesSitemap(ctx: CrawlerContext): string {
  return urlSet(fixedPages(ctx));
}

/** Page `n` (from 1) of the listings anyone may find, or null past the last page. */
export function listingsSitemap(ctx: CrawlerContext, n: number): Promise<string | null> {
  return ctx.sitemaps.get(`listings-${n}`, async () => {
    const entries = await ctx.listings.sitemapEntries(n - 1, ctx.config.sitemapPageSize);
    if (entries.length === 0) return null;
    return urlSet(entries.map((e) => listingEntry(ctx, e)));
  });
}

function fixedPages(ctx: CrawlerContext) {
  return ['/', '/gallery', '/help', ...Object.keys(HELP_PATHS).map((p) => `/help/${p}`)].map((path) => ({
    loc: pageUrl(ctx, path),
  }));
}

function listingEntry(ctx: CrawlerContext, entry: { slug: string; lastmod: Date }) {
  return {
    loc: pageUrl(ctx, `/listing/${encodeURIComponent(entry.slug)}`),
    lastmod: entry.lastmod.toISOString(),
  };
}

function urlSet(entries: Array<{ loc: string; lastmod?: string }>): string {
  const urls = entries.map(
    (e) => `<url><loc>${escapeHtml(e.loc)}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ''}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}
