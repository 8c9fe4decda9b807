/**
 * A listing's public page: its picture, title and description for link previews, and the static
 * content of the screen. A private, pending or unknown listing is the same 404 page.
 */
import type { ListingDetail, Locale } from '@kitwright/contracts';
import { isAppError } from '../../platform/errors';
import type { PageParts } from '../../platform/html-page';
import { type CrawlerContext, mediaUrl, pageUrl } from './context';
import { say } from './copy';
import { meta, notFound, parts, summarise } from './meta';
import { listingBody } from './static-body';

export async function listing(
  ctx: CrawlerContext,
  locale: Locale,
  slug: string,
  paths: string[],
): Promise<PageParts> {
  let detail: ListingDetail;
  try {
    detail = await ctx.listings.preview(slug, locale);
  } catch (err) {
    if (isAppError(err) && err.code === 'NOT_FOUND') return notFound(ctx, locale, 'listing', paths[0] ?? '/');
    throw err;
  }
  const picture = detail.media.preview_png_url ?? detail.media.preview_url;
  const alt = say(locale, 'listing.previewAlt', { title: detail.title, count: detail.kit.part_count });
  const designer = say(locale, 'listing.designedBy');
  return parts(
    locale,
    meta(ctx, locale, {
      title: detail.title,
      description: summarise(`${detail.description} — ${designer} ${detail.creator.display_name}`),
      canonical: pageUrl(ctx, `/listing/${encodeURIComponent(detail.slug)}`),
      // An unlisted design may be shared and previewed, but is not for search engines.
      index: detail.visibility === 'public',
      image: {
        url: mediaUrl(ctx, picture),
        alt,
        ...(detail.media.preview_png_url ? { type: 'image/png' } : {}),
      },
    }),
    listingBody(locale, detail, picture, paths),
    picture,
  );
}
