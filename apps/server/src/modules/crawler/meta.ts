/**
 * The head of every public page: its title, description, canonical URL, robots rule and sharing
 * image; the parts a page is rendered from; and the one not-found page.
 */
import type { Locale } from '@kitwright/contracts';
import type { PageImage, PageMeta, PageParts } from '../../platform/html-page';
import type { CrawlerContext } from './context';
import { OG_LOCALES, say } from './copy';
import { notFoundBody, STATIC_CSS } from './static-body';

/** A description for a tag: one line, cut at a word near `max` characters. */
export function summarise(text: string, max = 180): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:–—-]+$/, '')}…`;
}

/** The app's icon, for pages without a picture of their own. */
function siteImage(ctx: CrawlerContext, locale: Locale): PageImage {
  return {
    url: `${ctx.config.frontendUrl}/icons/icon-512.png`,
    alt: say(locale, 'app.tagline'),
    width: 512,
    height: 512,
    type: 'image/png',
  };
}

export function meta(
  ctx: CrawlerContext,
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
    image: fields.image ?? siteImage(ctx, locale),
    largeImage: Boolean(fields.image),
  };
}

export function parts(
  locale: Locale,
  m: PageMeta,
  body = '',
  preloadImage: string | null = null,
  status: 200 | 404 = 200,
): PageParts {
  return { status, lang: locale, meta: m, body, css: body ? STATIC_CSS : '', preloadImage };
}

/** An address with no page, or a listing this reader may not see: one answer for both. */
export function notFound(
  ctx: CrawlerContext,
  locale: Locale,
  kind: 'page' | 'listing',
  path: string,
): PageParts {
  const title = kind === 'listing' ? say(locale, 'listing.notFoundTitle') : say(locale, 'notFound.title');
  const description = kind === 'listing' ? say(locale, 'listing.notFoundBody') : say(locale, 'notFound.body');
  return parts(
    locale,
    meta(ctx, locale, { title, description, canonical: null, index: false, follow: false }),
    notFoundBody(locale, kind, [path]),
    null,
    404,
  );
}
