/**
 * GET /l/{slug}: a small server-rendered page for a shared link, so link previews (Open Graph,
 * Twitter cards) show the design, its picture and its designer. People are sent on to the app.
 */
import { ShareLinkQuery, SlugParams } from '@kitwright/contracts';
import type { Config } from '../../config';
import { isAppError } from '../../platform/errors';
import type { RoutesPlugin } from '../../platform/operation';
import type { ListingsService } from '../listings/service';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export const crawlerRoutes: RoutesPlugin<{
  listings: ListingsService;
  config: Config;
  appPage: (slug: string, meta: string) => Promise<string | null>;
}> = async (app, deps) => {
  app.get(
    '/l/:slug',
    { schema: { hide: true, params: SlugParams, querystring: ShareLinkQuery } },
    async (request, reply) => {
      const { slug } = request.params;
      let detail: Awaited<ReturnType<ListingsService['preview']>>;
      try {
        // Without a viewer only approved, non-private listings are visible; anything else is 404.
        detail = await deps.listings.preview(slug, request.headers['accept-language'] ?? null);
      } catch (err) {
        if (isAppError(err) && err.code === 'NOT_FOUND') {
          return reply
            .code(404)
            .type('text/html; charset=utf-8')
            .send('<!doctype html><title>Not found · Kitwright</title><p>This design is not public.</p>');
        }
        throw err;
      }
      const row = detail;
      const text = {
        title: detail.title,
        description: detail.description,
        localisation: detail.localisation.title,
      };
      const base = deps.config.publicBaseUrl;
      const share = request.query.s;
      const appUrl = `${base}/listing/${row.slug}${share ? `?share=${encodeURIComponent(share)}` : ''}`;
      const image = `${base}${detail.media.preview_png_url ?? detail.media.preview_url}`;
      const description = `${text.description.slice(0, 180)} — ${detail.attribution}`;
      const meta = [
        ['og:type', 'website'],
        ['og:site_name', 'Kitwright'],
        ['og:title', text.title],
        ['og:description', description],
        ['og:image', image],
        ['og:image:alt', `Isometric preview of ${text.title}, built from ${detail.kit.part_count} blocks`],
        ['og:url', `${base}/l/${row.slug}`],
        ['og:locale', text.localisation.language],
      ]
        .map(([p, c]) => `<meta property="${p}" content="${escapeHtml(c ?? '')}">`)
        .concat(
          [
            ['twitter:card', 'summary_large_image'],
            ['twitter:title', text.title],
            ['twitter:description', description],
            ['twitter:image', image],
          ].map(([n, c]) => `<meta name="${n}" content="${escapeHtml(c ?? '')}">`),
        )
        .join('\n');
      const fromApp = await deps.appPage(row.slug, meta);
      if (fromApp) return reply.type('text/html; charset=utf-8').send(fromApp);
      reply.header('cache-control', 'public, max-age=300');
      return reply
        .type('text/html; charset=utf-8')
        .send(`<!doctype html><html lang="${escapeHtml(text.localisation.language)}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(text.title)} · Kitwright</title>
<meta name="description" content="${escapeHtml(description)}">
<link rel="canonical" href="${escapeHtml(`${base}/l/${row.slug}`)}">
${meta}
<style>body{font-family:system-ui,sans-serif;max-width:720px;margin:auto;padding:20px;color:#1d2a33}img{max-width:100%;height:auto}a.button{display:inline-block;background:#1f5f8b;color:#fff;padding:12px 18px;border-radius:8px;text-decoration:none}</style>
</head><body><main><h1>${escapeHtml(text.title)}</h1>
<p>${escapeHtml(detail.attribution)}</p>
<img src="${escapeHtml(image)}" alt="${escapeHtml(`Preview of ${text.title}`)}" width="640" height="640">
<p>${escapeHtml(text.description)}</p>
<p>${detail.kit.part_count} blocks · ${Math.round(detail.kit.dimensions_mm.z)} mm tall</p>
<p><a class="button" href="${escapeHtml(appUrl)}">Open in Kitwright</a></p></main></body></html>`);
    },
  );
};
