/**
 * What crawlers ask for besides pages: GET /l/{slug} (a shared link: the listing's page with its
 * link-preview tags, the app then leads on to the listing), /robots.txt and the sitemap.
 */
import { ShareLinkQuery, SlugParams } from '@kitwright/contracts';
import type { FastifyReply } from 'fastify';
import { renderPage } from '../../platform/html-page';
import type { RoutesPlugin } from '../../platform/operation';
import type { PublicPages } from './service';

export const crawlerRoutes: RoutesPlugin<{
  pages: PublicPages;
  /** The web app's index.html, or null when this process does not serve the app. */
  shell: () => Promise<string | null>;
}> = async (app, deps) => {
  app.get(
    '/l/:slug',
    { schema: { hide: true, params: SlugParams, querystring: ShareLinkQuery } },
    async (request, reply) => {
      const parts = await deps.pages.page(
        `/l/${request.params.slug}`,
        request.query,
        request.headers['accept-language'] ?? null,
        true,
      );
      const shell = await deps.shell();
      return reply
        .code(parts.status)
        .type('text/html; charset=utf-8')
        .header('vary', 'accept-language')
        .header('cache-control', shell ? 'no-cache' : 'public, max-age=300')
        .send(renderPage(shell, parts));
    },
  );

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(deps.pages.robots()),
  );

  const xml = (reply: FastifyReply, body: string) =>
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(body);

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) =>
    xml(reply, await deps.pages.sitemap()),
  );
  app.get('/sitemaps/pages.xml', { schema: { hide: true } }, async (_request, reply) =>
    xml(reply, deps.pages.pagesSitemap()),
  );
  app.get<{ Params: { page: string } }>(
    '/sitemaps/listings-:page.xml',
    { schema: { hide: true } },
    async (request, reply) => {
      const n = /^[1-9]\d{0,5}$/.test(request.params.page) ? Number(request.params.page) : 0;
      const body = n ? await deps.pages.listingsSitemap(n) : null;
      if (!body) return reply.callNotFound();
      return xml(reply, body);
    },
  );
};
