/**
 * Serves the exported web app from the API's origin: hashed bundles cached for a year, the HTML
 * and service worker always revalidated, and any other non-API path answered with the app's
 * index.html so client-side routes load directly. Each page is sent with its own title, tags and
 * static content (the public pages' service decides them), and an address the app has no route
 * for is answered 404, still with the app, which shows its not-found page. /favicon.ico is
 * answered with or without the app.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type PageParts, renderPage } from '../../platform/html-page';
import { APP_ROUTES_FILE, WEB_DIR } from './build';

export interface WebApp {
  /** index.html as built, or null when the app is not built. */
  shell(): Promise<string | null>;
  /** Answers a browser's (or a crawler's) request for an app page, if it is one. */
  fallback(request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
}

/** What a page says about itself (its title, tags and static content): the public pages' service. */
export interface AppPages {
  page(
    path: string,
    query: Record<string, string | string[] | undefined>,
    acceptLanguage: string | null,
    known: boolean,
  ): Promise<PageParts>;
}

/** The app's routes (written by the build as patterns such as /listing/[slug]) as one matcher. */
export function routeMatcher(patterns: string[]): (pathname: string) => boolean {
  const regexes = patterns.map((pattern) => {
    const source = pattern
      .split('/')
      .map((segment) => {
        if (/^\[\.\.\.[^\]]+\]$/.test(segment)) return '.+';
        if (/^\[[^\]]+\]$/.test(segment)) return '[^/]+';
        return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      })
      .join('/');
    return new RegExp(`^${source || '/'}/?$`);
  });
  return (pathname) => regexes.some((re) => re.test(pathname));
}

function safeDecode(pathname: string): string | null {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return null;
  }
}

/** An address that names a file (a picture, a script): never answered with a page. */
const FILE = /\/[^/]*\.[a-z0-9]{1,8}$/i;

function wantsPage(request: FastifyRequest, pathname: string): boolean {
  if (request.method !== 'GET' || request.url.startsWith('/api/')) return false;
  const accept = request.headers.accept ?? '*/*';
  if (accept.includes('text/html')) return true;
  // Crawlers and link-preview fetchers often accept anything.
  return accept.includes('*/*') && !FILE.test(pathname);
}

export async function webAppRoutes(app: FastifyInstance, distDir: string, pages: AppPages): Promise<WebApp> {
  const indexFile = path.join(distDir, 'index.html');
  let cached: string | null = null;
  const index = async () => (cached ??= await fs.readFile(indexFile, 'utf8').catch(() => null));
  // The app's own routes, as the build found them; without the list every address is a page.
  const known = await fs
    .readFile(path.join(distDir, APP_ROUTES_FILE), 'utf8')
    .then((text) => routeMatcher(JSON.parse(text) as string[]))
    .catch(() => () => true);

  async function sendPage(request: FastifyRequest, reply: FastifyReply, shell: string) {
    const [pathname = '/', search = ''] = request.url.split('?');
    const params = new URLSearchParams(search);
    const query: Record<string, string[]> = {};
    for (const key of params.keys()) query[key] = params.getAll(key);
    let html = shell;
    let status = 200;
    try {
      const decoded = safeDecode(pathname);
      const parts = await pages.page(
        decoded ?? pathname,
        query,
        request.headers['accept-language'] ?? null,
        decoded !== null && known(decoded),
      );
      html = renderPage(shell, parts);
      status = parts.status;
    } catch (err) {
      // The app can still draw the page itself; only its tags and static content are missing.
      request.log.warn({ err }, 'page tags could not be made; the plain app page is sent');
    }
    return reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-language')
      .send(html);
  }

  if (await index()) {
    // The home page is the app itself (the static handler would refuse a bare directory).
    app.get('/', { schema: { hide: true } }, async (request, reply) =>
      sendPage(request, reply, (await index()) as string),
    );
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      wildcard: true,
      index: false,
      // The build wrote .br and .gz copies; the one the browser accepts is sent.
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, sent) {
        const file = sent.replace(/\.(br|gz)$/, ''); // a precompressed copy counts as its original
        if (file.includes(`${path.sep}_expo${path.sep}static${path.sep}`))
          res.header('cache-control', 'public, max-age=31536000, immutable');
        else if (file.endsWith('.html') || file.endsWith('sw.js')) res.header('cache-control', 'no-cache');
        else res.header('cache-control', 'public, max-age=3600');
      },
    });
  }

  return {
    shell: index,
    async fallback(request, reply) {
      const pathname = request.url.split('?')[0] ?? '/';
      if (!wantsPage(request, pathname)) return false;
      const html = await index();
      if (!html) return false;
      await sendPage(request, reply, html);
      return true;
    },
  };
}

/** /favicon.ico for every origin this server answers, with or without the web app. */
export async function faviconRoute(app: FastifyInstance): Promise<void> {
  const icon = await fs.readFile(path.join(WEB_DIR, 'public/favicon.ico')).catch(() => null);
  if (!icon) return;
  app.get('/favicon.ico', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('image/x-icon').header('cache-control', 'public, max-age=86400').send(icon),
  );
}
