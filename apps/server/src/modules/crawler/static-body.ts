/**
 * The static HTML a public page shows before the app's code has run: a crawler, a link preview, a
 * phone without JavaScript or a slow one sees the design (title, designer, description, picture)
 * or the gallery's first cards at once. It sits in #kw-static just before the app's #root, laid
 * out like the app's own screens, and the app removes it when its screen has drawn the same
 * content (apps/web src/platform/static-handoff), so nothing moves.
 */
import type { GalleryResponse, ListingDetail, Locale } from '@kitwright/contracts';
import { escapeHtml as e } from '../../platform/html';
import { categoryName, say } from './copy';

/**
 * The app's look for the static content (colours, type scale and spacing of apps/web's theme),
 * and #root kept out of sight (but laid out) while the static content is there. The document
 * scrolls as the app's own document style has it (Expo's reset would lock it without JavaScript).
 */
export const STATIC_CSS = `html,body{height:auto;min-height:100%}body{margin:0;background:#f6f3ee;overflow-y:auto;overflow-x:hidden}
#kw-static~#root{visibility:hidden;position:absolute;top:0;left:0;right:0}
#kw-static{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:#1d2a33;background:#f6f3ee;font-size:16px;line-height:24px;min-height:100vh}
#kw-static *{box-sizing:border-box}
#kw-static a{color:#1b4d6e}
.kw-bar{background:#fff;border-bottom:1px solid #d9d2c7}
.kw-bar-in,.kw-main{width:100%;max-width:1180px;margin:0 auto;padding-left:16px;padding-right:16px}
.kw-bar-in{display:flex;align-items:center;justify-content:space-between;min-height:60px;gap:12px}
.kw-brand{display:flex;align-items:center;gap:8px;min-height:44px;font-size:20px;line-height:26px;font-weight:700;text-decoration:none}
.kw-logo{width:30px;height:22px;background:#1b4d6e;border-radius:4px;position:relative}
.kw-logo:before,.kw-logo:after{content:"";position:absolute;top:-4px;width:9px;height:6px;border-radius:2px;background:#e0a526;left:4px}
.kw-logo:after{background:#c2410c;left:17px}
.kw-nav{display:flex;gap:4px}
#kw-static .kw-nav a{color:#1d2a33;font-size:14px;line-height:20px;font-weight:500;text-decoration:none;padding:12px}
.kw-main{padding-top:24px;padding-bottom:24px;display:flex;flex-direction:column;gap:24px}
.kw-h1{font-size:34px;line-height:42px;font-weight:700;letter-spacing:-.3px;margin:0}
.kw-h3{font-size:20px;line-height:26px;font-weight:700;margin:0}
.kw-lead{font-size:18px;line-height:28px;margin:0;white-space:pre-line}
.kw-muted{color:#4f5d66}
.kw-caption{font-size:13px;line-height:18px;margin:0}
.kw-text{margin:0}
.kw-badge{align-self:flex-start;display:inline-block;background:#dce9f2;color:#1d2a33;border-radius:999px;padding:2px 8px;font-size:13px;line-height:18px}
.kw-stack{display:flex;flex-direction:column;gap:8px}
.kw-listing{display:flex;flex-direction:column;gap:24px}
.kw-frame{border:1px solid #d9d2c7;border-radius:16px;overflow:hidden;background:#fff}
.kw-frame img,.kw-card-media img{display:block;width:100%;height:auto;object-fit:contain}
.kw-frame img{aspect-ratio:960/840}
.kw-info{display:flex;flex-direction:column;gap:16px}
.kw-search{display:flex;flex-direction:column;gap:4px}
.kw-search-row{display:flex;gap:8px}
.kw-search input{flex:1;min-width:0;min-height:44px;border:1px solid #d9d2c7;border-radius:10px;padding:0 12px;font:inherit;background:#fff;color:#1d2a33}
.kw-search button,.kw-button{min-height:44px;border:0;border-radius:10px;padding:0 16px;background:#1b4d6e;color:#fff;font:inherit;font-weight:500;display:inline-flex;align-items:center;text-decoration:none}
#kw-static .kw-button{color:#fff}
#kw-static .kw-button-secondary{background:#fff;color:#1b4d6e;border:1px solid #1b4d6e}
.kw-ctas{display:flex;flex-wrap:wrap;gap:8px}
.kw-grid{list-style:none;margin:0 -8px;padding:0;display:flex;flex-wrap:wrap;row-gap:16px}
.kw-cell{width:100%;padding:0 8px;display:flex}
.kw-card{flex:1;display:flex;flex-direction:column;background:#fff;border:1px solid #d9d2c7;border-radius:16px;overflow:hidden;text-decoration:none}
#kw-static .kw-card{color:#1d2a33}
.kw-card-media{display:block;padding:8px;border-bottom:1px solid #efeae2}
.kw-card-media img{aspect-ratio:960/720}
.kw-card-body{display:flex;flex-direction:column;gap:4px;padding:16px}
@media (max-width:599px){.kw-wide{display:none}}
@media (min-width:600px){.kw-main{padding-left:32px;padding-right:32px}.kw-cell{width:50%}}
@media (min-width:860px){.kw-cell{width:33.333%}}
@media (min-width:1180px){.kw-cell{width:25%}}
@media (min-width:1024px){.kw-listing{flex-direction:row;align-items:flex-start}.kw-media{flex:7}.kw-info{flex:5}}`;

/** The page's frame: the app's header, and the content in its main column. */
function frame(locale: Locale, paths: string[], main: string): string {
  return `<div id="kw-static" data-paths="${e(paths.join(' '))}">
      <header class="kw-bar"><div class="kw-bar-in">
        <a class="kw-brand" href="/"><span class="kw-logo" aria-hidden="true"></span>${e(say(locale, 'app.name'))}</a>
        <nav class="kw-nav" aria-label="${e(say(locale, 'nav.menu'))}"><a href="/gallery">${e(say(locale, 'nav.gallery'))}</a><a class="kw-wide" href="/create">${e(say(locale, 'nav.create'))}</a><a class="kw-wide" href="/help">${e(say(locale, 'nav.help'))}</a></nav>
      </div></header>
      <main class="kw-main">${main}</main>
    </div>`;
}

const designerLink = (person: { username: string; display_name: string }) =>
  `<a href="/gallery?designer=${encodeURIComponent(person.username)}">${e(person.display_name)}</a>`;

export function listingBody(locale: Locale, detail: ListingDetail, picture: string, paths: string[]): string {
  const alt = say(locale, 'listing.previewAlt', { title: detail.title, count: detail.kit.part_count });
  const blocks = say(locale, 'common.blocks', { count: detail.kit.part_count });
  const dims = detail.kit.dimensions_mm;
  const size = say(locale, 'listing.facts.sizeValue', {
    x: Math.round(dims.x),
    y: Math.round(dims.y),
    z: Math.round(dims.z),
  });
  return frame(
    locale,
    paths,
    `<article class="kw-listing">
        <div class="kw-media"><div class="kw-frame"><img src="${e(picture)}" alt="${e(alt)}" width="960" height="840" fetchpriority="high"></div></div>
        <div class="kw-info">
          <div class="kw-stack">
            <span class="kw-badge">${e(categoryName(locale, detail.category))}</span>
            <h1 class="kw-h1">${e(detail.title)}</h1>
            <p class="kw-text">${e(say(locale, 'listing.designedBy'))} ${designerLink(detail.creator)} · ${e(say(locale, 'listing.ownedBy'))} ${designerLink(detail.owner)}</p>
          </div>
          <p class="kw-lead">${e(detail.description)}</p>
          <p class="kw-text kw-muted">${e(blocks)} · ${e(say(locale, 'listing.facts.size'))} ${e(size)}</p>
        </div>
      </article>`,
  );
}

export function galleryBody(
  locale: Locale,
  q: string,
  page: Pick<GalleryResponse, 'items'>,
  paths: string[],
): string {
  const cards = page.items
    .map((card, i) => {
      const alt = say(locale, 'listingCard.previewAlt', { title: card.title, count: card.part_count });
      // The first cards are in view on arrival; the first is the page's largest picture.
      const loading = i === 0 ? ' fetchpriority="high"' : i >= 4 ? ' loading="lazy"' : '';
      return `<li class="kw-cell"><a class="kw-card" href="/listing/${encodeURIComponent(card.slug)}?from=gallery">
          <span class="kw-card-media"><img src="${e(card.preview_url)}" alt="${e(alt)}" width="960" height="720" decoding="async"${loading}></span>
          <span class="kw-card-body"><span class="kw-badge">${e(categoryName(locale, card.category))}</span><h2 class="kw-h3">${e(card.title)}</h2><span class="kw-caption kw-muted">${e(say(locale, 'common.designedBy', { name: card.designer.display_name }))}</span><span class="kw-caption">${e(say(locale, 'common.blocks', { count: card.part_count }))}</span></span>
        </a></li>`;
    })
    .join('\n        ');
  return frame(
    locale,
    paths,
    `<div class="kw-stack">
        <h1 class="kw-h1">${e(say(locale, 'gallery.title'))}</h1>
        <p class="kw-lead kw-muted">${e(say(locale, 'gallery.intro'))}</p>
      </div>
      <form class="kw-search" action="/gallery" method="get" role="search">
        <label for="kw-q">${e(say(locale, 'gallery.searchLabel'))}</label>
        <div class="kw-search-row"><input id="kw-q" name="q" type="search" value="${e(q)}"><button type="submit">${e(say(locale, 'gallery.searchButton'))}</button></div>
      </form>
      ${cards ? `<ul class="kw-grid">\n        ${cards}\n      </ul>` : ''}`,
  );
}

export function homeBody(locale: Locale, paths: string[]): string {
  return frame(
    locale,
    paths,
    `<div class="kw-stack">
        <span class="kw-badge">${e(say(locale, 'home.badge'))}</span>
        <h1 class="kw-h1">${e(say(locale, 'home.title'))}</h1>
        <p class="kw-lead">${e(say(locale, 'home.lead'))}</p>
        <div class="kw-ctas"><a class="kw-button" href="/gallery">${e(say(locale, 'home.browseCta'))}</a><a class="kw-button kw-button-secondary" href="/create">${e(say(locale, 'home.createCta'))}</a></div>
        <p class="kw-caption kw-muted">${e(say(locale, 'home.heroNote'))}</p>
      </div>`,
  );
}

/** Shown (without JavaScript) for an address that has no page, or a design that is not public. */
export function notFoundBody(locale: Locale, kind: 'page' | 'listing', paths: string[]): string {
  const title = kind === 'listing' ? say(locale, 'listing.notFoundTitle') : say(locale, 'notFound.title');
  const body = kind === 'listing' ? say(locale, 'listing.notFoundBody') : say(locale, 'notFound.body');
  return frame(
    locale,
    paths,
    `<div class="kw-stack">
        <h1 class="kw-h1">${e(title)}</h1>
        <p class="kw-lead">${e(body)}</p>
        <div class="kw-ctas"><a class="kw-button" href="/gallery">${e(say(locale, 'notFound.gallery'))}</a><a class="kw-button kw-button-secondary" href="/">${e(say(locale, 'notFound.home'))}</a></div>
      </div>`,
  );
}
