/**
 * Public pages as search engines, link previews and a slow phone first see them: for every app
 * address, its title, description, canonical URL, robots rule, Open Graph and Twitter tags, and
 * for the home page, the gallery and listings the static content of the screen; plus robots.txt
 * and the sitemap of listings anyone may find. Nothing here names what an anonymous reader may not
 * see: a private, pending or unknown listing is the same 404 page.
 */
import {
  GALLERY_PAGE_SIZE,
  galleryQueryString,
  type ListingDetail,
  type Locale,
  readGalleryParams,
  resolveLocale,
  toFilters,
} from '@kitwright/contracts';
import type { Config } from '../../config';
import { isAppError } from '../../platform/errors';
import { escapeHtml } from '../../platform/html';
import type { PageImage, PageMeta, PageParts } from '../../platform/html-page';
import { createResponseCache } from '../../platform/response-cache';
import type { ListingsApi } from '../listings/face';
import { categoryName, HELP_PATHS, helpPage, OG_LOCALES, say } from './copy';
import { galleryBody, homeBody, listingBody, notFoundBody, STATIC_CSS } from './static-body';

export type Query = Record<string, string | string[] | undefined>;

/** App areas that are a person's own or staff's: never indexed (robots.txt keeps crawlers out too). */
const PRIVATE_AREAS = ['/account', '/dashboard', '/create', '/admin', '/auth', '/pre-order', '/invite'];
/** A support conversation's page (/help/support/<id>, often with its signed link): private too. */
const SUPPORT_THREADS = '/help/support/';

/** What robots.txt keeps crawlers from (the API, people's own pages, Expo's route list). */
const DISALLOWED = ['/api/', ...PRIVATE_AREAS, SUPPORT_THREADS, '/dev/', '/_sitemap'];

/** A description for a tag: one line, cut at a word near `max` characters. */
export function summarise(text: string, max = 180): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:–—-]+$/, '')}…`;
}

export function createPublicPages(deps: { listings: ListingsApi; config: Config }) {
  const { config } = deps;
  /** Pages are the app's (FRONTEND_URL); pictures come from the API's origin (PUBLIC_BASE_URL). */
  const pageUrl = (path: string) => `${config.frontendUrl}${path}`;
  const mediaUrl = (path: string) => (/^https?:\/\//.test(path) ? path : `${config.publicBaseUrl}${path}`);
  const siteImage = (locale: Locale): PageImage => ({
    url: `${config.frontendUrl}/icons/icon-512.png`,
    alt: say(locale, 'app.tagline'),
    width: 512,
    height: 512,
    type: 'image/png',
  });
  const sitemaps = createResponseCache<string | null>(config.galleryCacheMs, 100);
  const fixedPages = () =>
    ['/', '/gallery', '/help', ...Object.keys(HELP_PATHS).map((p) => `/help/${p}`)].map((path) => ({
      loc: pageUrl(path),
    }));
  const listingEntry = (entry: { slug: string; lastmod: Date }) => ({
    loc: pageUrl(`/listing/${encodeURIComponent(entry.slug)}`),
    lastmod: entry.lastmod.toISOString(),
  });

  function meta(
    locale: Locale,
    fields: Omit<PageMeta, 'locale' | 'image' | 'largeImage' | 'title' | 'shareTitle'> & {
      title: string;
      image?: PageImage;
    },
  ): PageMeta {
    return {
      ...fields,
      title: `${fields.title} · ${say(locale, 'app.name')}`,
      shareTitle: fields.title,
      locale: OG_LOCALES[locale],
      image: fields.image ?? siteImage(locale),
      largeImage: Boolean(fields.image),
    };
  }

  function parts(
    locale: Locale,
    m: PageMeta,
    body = '',
    preloadImage: string | null = null,
    status: 200 | 404 = 200,
  ): PageParts {
    return { status, lang: locale, meta: m, body, css: body ? STATIC_CSS : '', preloadImage };
  }

  /** An address with no page, or a listing this reader may not see: one answer for both. */
  function notFound(locale: Locale, kind: 'page' | 'listing', path: string): PageParts {
    const title = kind === 'listing' ? say(locale, 'listing.notFoundTitle') : say(locale, 'notFound.title');
    const description =
      kind === 'listing' ? say(locale, 'listing.notFoundBody') : say(locale, 'notFound.body');
    return parts(
      locale,
      meta(locale, { title, description, canonical: null, index: false, follow: false }),
      notFoundBody(locale, kind, [path]),
      null,
      404,
    );
  }

  async function listing(locale: Locale, slug: string, paths: string[]): Promise<PageParts> {
    let detail: ListingDetail;
    try {
      detail = await deps.listings.preview(slug, locale);
    } catch (err) {
      if (isAppError(err) && err.code === 'NOT_FOUND') return notFound(locale, 'listing', paths[0] ?? '/');
      throw err;
    }
    const picture = detail.media.preview_png_url ?? detail.media.preview_url;
    const alt = say(locale, 'listing.previewAlt', { title: detail.title, count: detail.kit.part_count });
    const designer = say(locale, 'listing.designedBy');
    return parts(
      locale,
      meta(locale, {
        title: detail.title,
        description: summarise(`${detail.description} — ${designer} ${detail.creator.display_name}`),
        canonical: pageUrl(`/listing/${encodeURIComponent(detail.slug)}`),
        // An unlisted design may be shared and previewed, but is not for search engines.
        index: detail.visibility === 'public',
        image: {
          url: mediaUrl(picture),
          alt,
          ...(detail.media.preview_png_url ? { type: 'image/png' } : {}),
        },
      }),
      listingBody(locale, detail, picture, paths),
      picture,
    );
  }

  async function gallery(locale: Locale, query: Query): Promise<PageParts> {
    const params = readGalleryParams(query);
    const page = await deps.listings.search({ ...toFilters(params), locale, limit: GALLERY_PAGE_SIZE });
    const q = params.q.trim();
    const title = q
      ? say(locale, 'gallery.titleSearch', { q })
      : params.category
        ? say(locale, 'gallery.titleCategory', { category: categoryName(locale, params.category) })
        : say(locale, 'gallery.title');
    const first = page.items[0]?.preview_url ?? null;
    return parts(
      locale,
      meta(locale, {
        title,
        description: say(locale, 'gallery.intro'),
        canonical: pageUrl(`/gallery${galleryQueryString(params)}`),
        // Search results and filtered views are many pages of the same listings: followed, not indexed.
        index: !q && !params.size && !params.designer && !params.reserved && !params.sort,
      }),
      galleryBody(locale, params.q, page, ['/gallery']),
      first,
    );
  }

  return {
    /**
     * The page for an address the app has (`known`) or not. Listings and the gallery read through
     * the listings service's short caches, so a page costs about what its API call does.
     */
    async page(
      path: string,
      query: Query,
      acceptLanguage: string | null,
      known: boolean,
    ): Promise<PageParts> {
      const locale = resolveLocale(acceptLanguage);
      if (!known) return notFound(locale, 'page', path);
      const listingSlug = /^\/(?:listing|l)\/([^/]+)$/.exec(path)?.[1];
      if (listingSlug) {
        const slug = decodeURIComponent(listingSlug);
        return listing(locale, slug, [path, `/listing/${slug}`]);
      }
      if (path === '/gallery') return gallery(locale, query);
      if (path === '/')
        return parts(
          locale,
          meta(locale, {
            title: say(locale, 'home.title'),
            description: summarise(say(locale, 'home.lead'), 200),
            canonical: pageUrl('/'),
            index: true,
          }),
          homeBody(locale, ['/']),
        );
      if (path === '/help')
        return parts(
          locale,
          meta(locale, {
            title: say(locale, 'help.title'),
            description: say(locale, 'help.intro'),
            canonical: pageUrl('/help'),
            index: true,
          }),
        );
      const help = /^\/help\/([a-z-]+)$/.exec(path)?.[1];
      const policy = help ? HELP_PATHS[help] : undefined;
      if (policy) {
        const doc = helpPage(locale, policy);
        return parts(
          locale,
          meta(locale, {
            title: doc.title,
            description: summarise(doc.summary, 200),
            canonical: pageUrl(path),
            index: true,
          }),
        );
      }
      // A person's own pages (account, drafts, dashboard) and staff pages: named, never indexed.
      const own =
        PRIVATE_AREAS.some((area) => path === area || path.startsWith(`${area}/`)) ||
        path.startsWith(SUPPORT_THREADS);
      return parts(
        locale,
        meta(locale, {
          title: say(locale, 'app.tagline'),
          description: say(locale, 'home.lead'),
          canonical: own ? null : pageUrl(path),
          index: !own,
          follow: !own,
        }),
      );
    },

    robots(): string {
      if (config.env === 'staging') return 'User-agent: *\nDisallow: /\n';
      return [
        'User-agent: *',
        'Allow: /',
        ...DISALLOWED.map((path) => `Disallow: ${path}`),
        '',
        `Sitemap: ${config.publicBaseUrl}/sitemap.xml`,
        '',
      ].join('\n');
    },

    /**
     * /sitemap.xml: the home page, the gallery, the help pages and every listing anyone may find,
     * with when each last changed; past one page of listings, an index of pages instead.
     */
    sitemap(): Promise<string> {
      return sitemaps.get('sitemap', async () => {
        const pages = await deps.listings.sitemapPages(config.sitemapPageSize);
        if (pages.length <= 1) {
          const entries = pages.length ? await deps.listings.sitemapEntries(0, config.sitemapPageSize) : [];
          return urlSet([...fixedPages(), ...entries.map(listingEntry)]);
        }
        const sitemapsOf = [
          { loc: `${config.publicBaseUrl}/sitemaps/pages.xml`, lastmod: undefined as string | undefined },
          ...pages.map((p) => ({
            loc: `${config.publicBaseUrl}/sitemaps/listings-${p.page + 1}.xml`,
            lastmod: p.lastmod.toISOString(),
          })),
        ].map(
          (e) =>
            `<sitemap><loc>${escapeHtml(e.loc)}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ''}</sitemap>`,
        );
        return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${sitemapsOf.join('\n')}\n</sitemapindex>\n`;
      }) as Promise<string>;
    },

    /** The fixed pages' part of a sitemap index. */
    pagesSitemap(): string {
      return urlSet(fixedPages());
    },

    /** Page `n` (from 1) of the listings anyone may find, or null past the last page. */
    listingsSitemap(n: number): Promise<string | null> {
      return sitemaps.get(`listings-${n}`, async () => {
        const entries = await deps.listings.sitemapEntries(n - 1, config.sitemapPageSize);
        if (entries.length === 0) return null;
        return urlSet(entries.map(listingEntry));
      });
    },
  };
}

function urlSet(entries: Array<{ loc: string; lastmod?: string }>): string {
  const urls = entries.map(
    (e) => `<url><loc>${escapeHtml(e.loc)}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ''}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export type PublicPages = ReturnType<typeof createPublicPages>;
