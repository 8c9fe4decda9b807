/**
 * The page for any app address: a listing, the gallery, the home page, the help pages, and every
 * other page by whether it is a person's own (never indexed) or anyone's.
 */
import { type Locale, resolveLocale } from '@kitwright/contracts';
import type { PageParts } from '../../platform/html-page';
import { type CrawlerContext, PRIVATE_AREAS, pageUrl, type Query, SUPPORT_THREADS } from './context';
import { HELP_PATHS, helpPage, type PolicyId, say } from './copy';
import { gallery, home } from './gallery-pages';
import { listing } from './listing-page';
import { meta, notFound, parts, summarise } from './meta';

/**
 * The page for an address the app has (`known`) or not. Listings and the gallery read through
 * the listings service's short caches, so a page costs about what its API call does.
 */
export async function page(
  ctx: CrawlerContext,
  path: string,
  query: Query,
  acceptLanguage: string | null,
  known: boolean,
): Promise<PageParts> {
  const locale = resolveLocale(acceptLanguage);
  if (!known) return notFound(ctx, locale, 'page', path);
  const listingSlug = /^\/(?:listing|l)\/([^/]+)$/.exec(path)?.[1];
  if (listingSlug) {
    const slug = decodeURIComponent(listingSlug);
    return listing(ctx, locale, slug, [path, `/listing/${slug}`]);
  }
  if (path === '/gallery') return gallery(ctx, locale, query);
  if (path === '/') return home(ctx, locale);
  if (path === '/help') return helpIndex(ctx, locale);
  const help = /^\/help\/([a-z-]+)$/.exec(path)?.[1];
  const policy = help ? HELP_PATHS[help] : undefined;
  if (policy) return helpDocument(ctx, locale, path, policy);
  return otherPage(ctx, locale, path);
}

function helpIndex(ctx: CrawlerContext, locale: Locale): PageParts {
  return parts(
    locale,
    meta(ctx, locale, {
      title: say(locale, 'help.title'),
      description: say(locale, 'help.intro'),
      canonical: pageUrl(ctx, '/help'),
      index: true,
    }),
  );
}

function helpDocument(ctx: CrawlerContext, locale: Locale, path: string, policy: PolicyId): PageParts {
  const doc = helpPage(locale, policy);
  return parts(
    locale,
    meta(ctx, locale, {
      title: doc.title,
      description: summarise(doc.summary, 200),
      canonical: pageUrl(ctx, path),
      index: true,
    }),
  );
}

/** Any other page: a person's own pages (account, drafts, dashboard) and staff pages are named, never indexed. */
function otherPage(ctx: CrawlerContext, locale: Locale, path: string): PageParts {
  const own =
    PRIVATE_AREAS.some((area) => path === area || path.startsWith(`${area}/`)) ||
    path.startsWith(SUPPORT_THREADS);
  return parts(
    locale,
    meta(ctx, locale, {
      title: say(locale, 'app.tagline'),
      description: say(locale, 'home.lead'),
      canonical: own ? null : pageUrl(ctx, path),
      index: !own,
      follow: !own,
    }),
  );
}
