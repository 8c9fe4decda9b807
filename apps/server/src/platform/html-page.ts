/**
 * The server's HTML pages: the head tags that name a page for search engines and link
 * previews (title, description, canonical, robots, Open Graph, Twitter), and putting a page's tags
 * and static content into the web app's index.html (or a bare document when there is no app).
 * Every page the server renders goes through here, so the tags are written once (escaping is
 * ./html's).
 */
import { escapeHtml } from './html';

export interface PageImage {
  /** Absolute URL. */
  url: string;
  alt: string;
  width?: number;
  height?: number;
  type?: string;
}

export interface PageMeta {
  /** The full document title ("Sunset arch · Kitwright"). */
  title: string;
  /** The title link previews show beside the site's name ("Sunset arch"). */
  shareTitle: string;
  description: string;
  /** Absolute URL, or null for pages that must not name one (not found). */
  canonical: string | null;
  /** Whether search engines may index the page; links are followed unless `follow` is false. */
  index: boolean;
  follow?: boolean;
  /** Open Graph locale, e.g. en_GB. */
  locale: string;
  /** A large picture (listings) or the site's icon. */
  image: PageImage;
  largeImage: boolean;
}

export interface PageParts {
  status: 200 | 404;
  /** The document language (BCP 47). */
  lang: string;
  meta: PageMeta;
  /** Static content shown before the app runs (or instead of it without JavaScript); '' for none. */
  body: string;
  /** The static content's style sheet ('' for none). */
  css: string;
  /** A picture the page shows first (its Largest Contentful Paint): fetched at once. */
  preloadImage: string | null;
}

/** The head tags for a page (everything but <title>, which replaces the shell's). */
export function headTags(meta: PageMeta, preloadImage: string | null): string {
  const robots = `${meta.index ? 'index' : 'noindex'}, ${meta.follow === false ? 'nofollow' : 'follow'}`;
  const property = (name: string, content: string | number | undefined) =>
    content === undefined ? '' : `<meta property="${name}" content="${escapeHtml(String(content))}">`;
  const named = (name: string, content: string) => `<meta name="${name}" content="${escapeHtml(content)}">`;
  return [
    named('description', meta.description),
    named('robots', robots),
    meta.canonical ? `<link rel="canonical" href="${escapeHtml(meta.canonical)}">` : '',
    preloadImage
      ? `<link rel="preload" as="image" href="${escapeHtml(preloadImage)}" fetchpriority="high">`
      : '',
    property('og:type', 'website'),
    property('og:site_name', 'Kitwright'),
    property('og:title', meta.shareTitle),
    property('og:description', meta.description),
    meta.canonical ? property('og:url', meta.canonical) : '',
    property('og:locale', meta.locale),
    property('og:image', meta.image.url),
    property('og:image:alt', meta.image.alt),
    property('og:image:type', meta.image.type),
    property('og:image:width', meta.image.width),
    property('og:image:height', meta.image.height),
    named('twitter:card', meta.largeImage ? 'summary_large_image' : 'summary'),
    named('twitter:title', meta.shareTitle),
    named('twitter:description', meta.description),
    named('twitter:image', meta.image.url),
    named('twitter:image:alt', meta.image.alt),
  ]
    .filter(Boolean)
    .join('\n    ');
}

/** The document used when the web app is not built (an API-only process answering a shared link). */
const BARE_SHELL = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Kitwright</title>
    <link rel="icon" href="/favicon.ico" sizes="any">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

/**
 * The page as HTML: the shell (the app's index.html, or a bare document) with this page's
 * language, title and tags, and its static content just before the app's root element, where the
 * app takes over from it (see apps/web src/platform/static-handoff).
 */
export function renderPage(shell: string | null, parts: PageParts): string {
  const shellHtml = shell ?? BARE_SHELL;
  // With static content on the page, "you need JavaScript" is no longer true.
  const html = parts.body ? shellHtml.replace(/\s*<noscript>[\s\S]*?<\/noscript>/, '') : shellHtml;
  // Function replacements: user text in a title must not be read as a `$&` pattern.
  const withoutDefaults = html
    // The shell's own title and description are the site's; this page has its own.
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(parts.meta.title)}</title>`)
    .replace(/\s*<meta name="description"[^>]*>/, '')
    .replace(/<html([^>]*?)\slang="[^"]*"/, '<html$1')
    .replace(/<html/, () => `<html lang="${escapeHtml(parts.lang)}"`);
  const style = parts.css ? `\n    <style id="kw-static-style">${parts.css}</style>` : '';
  const head = `    ${headTags(parts.meta, parts.preloadImage)}${style}\n  </head>`;
  const withHead = withoutDefaults.replace(/\s*<\/head>/, () => `\n${head}`);
  return parts.body
    ? withHead.replace('<div id="root">', () => `${parts.body}\n    <div id="root">`)
    : withHead;
}
