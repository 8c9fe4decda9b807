/**
 * Serves the exported web app from the API's origin: hashed bundles cached for a year, the HTML
 * and service worker always revalidated, and any other non-API path answered with the app's
 * index.html so client-side routes load directly. A shared listing link (/l/{slug}) gets its
 * link-preview tags added to that same page.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export interface WebApp {
  /** index.html with extra tags in <head> (for /l/{slug}), or null when the app is not built. */
  page(extraHead: string): Promise<string | null>;
  /** Answers a browser's request for an app route, if it is one. */
  fallback(request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
}

export async function webAppRoutes(app: FastifyInstance, distDir: string): Promise<WebApp> {
  const indexFile = path.join(distDir, 'index.html');
  let cached: string | null = null;
  const index = async () => (cached ??= await fs.readFile(indexFile, 'utf8').catch(() => null));

  const sendIndex = async (reply: FastifyReply, html: string) =>
    reply.code(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);

  if (await index()) {
    // The home page is the app itself (the static handler would refuse a bare directory).
    app.get('/', { schema: { hide: true } }, async (_request, reply) =>
      sendIndex(reply, (await index()) as string),
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
    async page(extraHead) {
      const html = await index();
      return html ? html.replace('</head>', `${extraHead}\n</head>`) : null;
    },
    async fallback(request, reply) {
      if (
        request.method !== 'GET' ||
        request.url.startsWith('/api/') ||
        !(request.headers.accept ?? '').includes('text/html')
      )
        return false;
      const html = await index();
      if (!html) return false;
      await sendIndex(reply, html);
      return true;
    },
  };
}
