/**
 * Public pages as crawlers, link previews and slow phones get them: each app address with its own
 * title, description, canonical URL, robots rule, Open Graph and Twitter tags and (home, gallery,
 * listings) static content before the app's root; 404 for addresses without a page and for
 * listings an anonymous reader may not see, without a word of what they hold; robots.txt; the
 * sitemap of listings anyone may find (an index of pages when large); the favicon on every origin.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ROUTES_FILE, addPwaTags, appRoutes, WEB_DIR } from '../src/modules/web-app/build';
import { register } from './support/auth-helpers';
import { publishedListing } from './support/create-helpers';
import { createTestApp, type TestApp } from './support/test-app';

/** An exported app as `expo export` writes it (its index.html and the route list the build adds). */
async function fakeDist(): Promise<string> {
  const dist = await fs.mkdtemp(path.join(os.tmpdir(), 'kitwright-pages-'));
  await fs.writeFile(
    path.join(dist, 'index.html'),
    addPwaTags(`<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Kitwright</title>
  </head>
  <body>
    <noscript>You need to enable JavaScript to run this app.</noscript>
    <div id="root"></div>
  <script src="/_expo/static/js/web/entry-abc.js" defer></script>
</body>
</html>`),
  );
  await fs.writeFile(
    path.join(dist, APP_ROUTES_FILE),
    JSON.stringify(await appRoutes(path.join(WEB_DIR, 'app'))),
  );
  return dist;
}

const BASE = 'http://localhost:3000';
const html = { accept: 'text/html,application/xhtml+xml' };
const metaOf = (body: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`).exec(body)?.[1];
const titleOf = (body: string) => /<title>([^<]*)<\/title>/.exec(body)?.[1];
const canonicalOf = (body: string) => /<link rel="canonical" href="([^"]*)">/.exec(body)?.[1];
/** The static content the server put before the app's root. */
const staticOf = (body: string) => /<div id="kw-static"[\s\S]*?<div id="root">/.exec(body)?.[0] ?? '';

describe('public pages', () => {
  let t: TestApp;
  let dist: string;
  const listings: Record<string, { id: string; slug: string }> = {};
  beforeAll(async () => {
    dist = await fakeDist();
    t = await createTestApp({ webDistDir: dist });
    const alice = await register(t.app, { display_name: 'Alice Architect' });
    listings.tower = await publishedListing(t.app, t, alice.access_token, {
      prompt: 'a 30 cm tower with a red roof',
      title: 'Lighthouse tower',
      description:
        'A tall striped lighthouse for the windowsill. Five & dime <script>alert(1)</script> $& done.',
      category: 'architecture',
    });
    listings.arch = await publishedListing(t.app, t, alice.access_token, {
      prompt: 'an arch',
      title: 'Unlisted arch',
      description: 'Only for people with the link.',
      visibility: 'unlisted',
    });
    listings.secret = await publishedListing(t.app, t, alice.access_token, {
      prompt: 'a box',
      title: 'Secret box',
      description: 'Nobody else should read about the secret box.',
      visibility: 'private',
    });
    listings.pending = await publishedListing(t.app, t, alice.access_token, {
      prompt: 'a cube',
      title: 'Waiting cube',
      description: 'A cube to review. Email me at maker@example.com for more!',
    });
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(dist, { recursive: true, force: true });
  });

  it('serves a listing page with its own title, description, canonical link, previews and static content', async () => {
    const slug = listings.tower?.slug as string;
    const res = await t.app.inject({ url: `/listing/${slug}?from=gallery`, headers: html });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers.vary).toContain('accept-language');
    const body = res.body;
    expect(titleOf(body)).toBe('Lighthouse tower · Kitwright');
    // The shell's own title and site description are replaced, not repeated.
    expect(body.match(/<title>/g)).toHaveLength(1);
    expect(body.match(/<meta name="description"/g)).toHaveLength(1);
    expect(metaOf(body, 'description')).toMatch(/^A tall striped lighthouse for the windowsill\./);
    expect(metaOf(body, 'description')).toContain('Designed by Alice Architect');
    expect(metaOf(body, 'robots')).toBe('index, follow');
    expect(canonicalOf(body)).toBe(`${BASE}/listing/${slug}`);
    expect(metaOf(body, 'og:title')).toBe('Lighthouse tower');
    expect(metaOf(body, 'og:url')).toBe(`${BASE}/listing/${slug}`);
    expect(metaOf(body, 'og:locale')).toBe('en_GB');
    const image = metaOf(body, 'og:image') as string;
    expect(image).toMatch(new RegExp(`^${BASE}/api/media/[0-9a-f-]+/content$`));
    expect(metaOf(body, 'og:image:alt')).toMatch(
      /^Isometric preview of Lighthouse tower, built from \d+ blocks$/,
    );
    expect(metaOf(body, 'twitter:card')).toBe('summary_large_image');
    expect(metaOf(body, 'twitter:image')).toBe(image);
    // The picture people see first is fetched at once, and it is the listing's own preview.
    const picture = image.slice(BASE.length);
    expect(body).toContain(`<link rel="preload" as="image" href="${picture}" fetchpriority="high">`);
    expect((await t.app.inject(picture)).headers['content-type']).toBe('image/png');
    // Static content before the app's root: title, designer, description and the picture, sized.
    const content = staticOf(body);
    expect(content).toContain('data-paths="/listing/');
    expect(content).toContain('<h1 class="kw-h1">Lighthouse tower</h1>');
    expect(content).toContain('Alice Architect');
    expect(content).toMatch(
      new RegExp(`<img src="${picture}" alt="Isometric preview of [^"]+" width="960" height="840"`),
    );
    // User text is escaped everywhere (and `$&` is not a replacement pattern).
    expect(content).toContain('Five &amp; dime &lt;script&gt;alert(1)&lt;/script&gt; $&amp; done.');
    expect(body).not.toContain('<script>alert(1)</script>');
    // The app still runs: its root and bundle are there, and the "needs JavaScript" note is gone.
    expect(body).toContain('<div id="root"></div>');
    expect(body).toContain('<script src="/_expo/static/js/web/entry-abc.js" defer></script>');
    expect(body).not.toContain('<noscript>');
  });

  it('answers in the reader’s language', async () => {
    const res = await t.app.inject({
      url: `/listing/${listings.tower?.slug}`,
      headers: { ...html, 'accept-language': 'de-DE,de;q=0.9' },
    });
    expect(res.body).toContain('<html lang="de"');
    expect(metaOf(res.body, 'og:locale')).toBe('de_DE');
    expect(staticOf(res.body)).toContain('Entworfen von');
  });

  it('says nothing about listings an anonymous reader may not see: 404, not indexed, the app still served', async () => {
    const gone = await t.app.inject({ url: '/listing/no-such-design', headers: html });
    expect(gone.statusCode).toBe(404);
    for (const key of ['secret', 'pending'] as const) {
      for (const url of [`/listing/${listings[key]?.slug}`, `/l/${listings[key]?.slug}?s=abcdef12`]) {
        const res = await t.app.inject({ url, headers: html });
        expect(res.statusCode, url).toBe(404);
        expect(res.body, url).not.toMatch(/Secret box|secret box|Waiting cube|maker@example\.com/);
        expect(metaOf(res.body, 'robots')).toBe('noindex, nofollow');
        expect(canonicalOf(res.body)).toBeUndefined();
        expect(metaOf(res.body, 'og:image')).toBe(`${BASE}/icons/icon-512.png`);
        // The same answer as for a listing that does not exist (apart from the address itself).
        expect(res.body.replaceAll(url.split('?')[0] as string, '')).toBe(
          gone.body.replaceAll('/listing/no-such-design', ''),
        );
        expect(res.body).toContain('<div id="root"></div>');
      }
    }
    expect(titleOf(gone.body)).toBe('This design is not available · Kitwright');
  });

  it('lets an unlisted listing be previewed by people with the link, but not indexed', async () => {
    const res = await t.app.inject({ url: `/listing/${listings.arch?.slug}`, headers: html });
    expect(res.statusCode).toBe(200);
    expect(titleOf(res.body)).toBe('Unlisted arch · Kitwright');
    expect(metaOf(res.body, 'robots')).toBe('noindex, follow');
  });

  it('serves a shared link as its listing’s page, canonical to the listing', async () => {
    const slug = listings.tower?.slug as string;
    const res = await t.app.inject({ url: `/l/${slug}?s=abcdef12`, headers: html });
    expect(res.statusCode).toBe(200);
    expect(metaOf(res.body, 'og:title')).toBe('Lighthouse tower');
    expect(canonicalOf(res.body)).toBe(`${BASE}/listing/${slug}`);
    expect(staticOf(res.body)).toContain(`data-paths="/l/${slug} /listing/${slug}"`);
  });

  it('serves the gallery with its first cards as links, and names searches and categories', async () => {
    const res = await t.app.inject({ url: '/gallery', headers: html });
    expect(res.statusCode).toBe(200);
    expect(titleOf(res.body)).toBe('Gallery · Kitwright');
    expect(canonicalOf(res.body)).toBe(`${BASE}/gallery`);
    expect(metaOf(res.body, 'robots')).toBe('index, follow');
    const content = staticOf(res.body);
    expect(content).toContain(`href="/listing/${listings.tower?.slug}?from=gallery"`);
    expect(content).toContain('<h2 class="kw-h3">Lighthouse tower</h2>');
    for (const key of ['arch', 'secret', 'pending'] as const)
      expect(content).not.toContain(`/listing/${listings[key]?.slug}`);
    expect(res.body).toMatch(/<link rel="preload" as="image" href="\/api\/media\/[0-9a-f-]+\/content"/);

    const search = await t.app.inject({
      url: '/gallery?from=home&q=lighthouse&category=architecture',
      headers: html,
    });
    expect(titleOf(search.body)).toBe('“lighthouse” in the gallery · Kitwright');
    expect(canonicalOf(search.body)).toBe(`${BASE}/gallery?q=lighthouse&amp;category=architecture`);
    expect(metaOf(search.body, 'robots')).toBe('noindex, follow');
    expect(staticOf(search.body)).toContain('value="lighthouse"');
    const category = await t.app.inject({ url: '/gallery?category=garden', headers: html });
    expect(titleOf(category.body)).toBe('Garden in the gallery · Kitwright');
    expect(metaOf(category.body, 'robots')).toBe('index, follow');
    expect(staticOf(category.body)).not.toContain('kw-card');
  });

  it('gives the home page and the help pages their titles and descriptions', async () => {
    const home = await t.app.inject({ url: '/', headers: html });
    expect(titleOf(home.body)).toBe('Build what people dream up · Kitwright');
    expect(canonicalOf(home.body)).toBe(`${BASE}/`);
    expect(staticOf(home.body)).toContain('href="/gallery"');
    const privacy = await t.app.inject({ url: '/help/privacy', headers: html });
    expect(privacy.statusCode).toBe(200);
    expect(titleOf(privacy.body)).toBe('Privacy notice · Kitwright');
    expect((metaOf(privacy.body, 'description') ?? '').length).toBeGreaterThan(40);
    expect(staticOf(privacy.body)).toBe('');
    const own = await t.app.inject({ url: '/dashboard', headers: html });
    expect(own.statusCode).toBe(200);
    expect(metaOf(own.body, 'robots')).toBe('noindex, nofollow');
    // A support conversation (the page a reply email links to, with its signed link) is private;
    // the support form itself is a help page like the others.
    const thread = await t.app.inject({
      url: '/help/support/6f1c1c7e-5b9a-4d7e-9a38-3f0c2b1d4e5a?token=abc',
      headers: html,
    });
    expect(thread.statusCode).toBe(200);
    expect(metaOf(thread.body, 'robots')).toBe('noindex, nofollow');
    expect(canonicalOf(thread.body)).toBeUndefined();
    const support = await t.app.inject({ url: '/help/support', headers: html });
    expect(metaOf(support.body, 'robots')).toBe('index, follow');
    expect(canonicalOf(support.body)).toBe(`${BASE}/help/support`);
  });

  it('answers addresses the app has no page for with 404 and the app (which shows its not-found page)', async () => {
    for (const url of ['/no/such/page', '/_sitemap', '/listing']) {
      const res = await t.app.inject({ url, headers: html });
      expect(res.statusCode, url).toBe(404);
      expect(titleOf(res.body)).toBe('Page not found · Kitwright');
      expect(metaOf(res.body, 'robots')).toBe('noindex, nofollow');
      expect(res.body).toContain('<div id="root"></div>');
    }
    // Pages the app has, with parameters, are pages.
    expect((await t.app.inject({ url: '/create/draft/abc/publish', headers: html })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/auth/callback/google?code=x', headers: html })).statusCode).toBe(200);
    // Crawlers that accept anything get the page too; a missing file is still a plain 404.
    expect((await t.app.inject({ url: '/gallery', headers: { accept: '*/*' } })).statusCode).toBe(200);
    const file = await t.app.inject({ url: '/missing.png', headers: { accept: '*/*' } });
    expect(file.statusCode).toBe(404);
    expect(file.json().error.code).toBe('NOT_FOUND');
  });

  it('sends pages compressed', async () => {
    const res = await t.app.inject({
      url: `/listing/${listings.tower?.slug}`,
      headers: { ...html, 'accept-encoding': 'br, gzip' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toContain('Lighthouse tower');
  });

  it('tells crawlers what to leave alone and where the sitemap is', async () => {
    const res = await t.app.inject('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    for (const path of [
      '/api/',
      '/account',
      '/dashboard',
      '/create',
      '/admin',
      '/pre-order',
      '/invite',
      '/help/support/',
      '/_sitemap',
    ])
      expect(res.body).toContain(`Disallow: ${path}\n`);
    expect(res.body).toContain('Allow: /\n');
    expect(res.body).toContain(`Sitemap: ${BASE}/sitemap.xml`);
  });

  it('lists the public pages and every listing anyone may find in sitemap.xml, with when each changed', async () => {
    const res = await t.app.inject('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    expect(res.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(res.body).toContain(`<url><loc>${BASE}/gallery</loc></url>`);
    expect(res.body).toContain(`<url><loc>${BASE}/help/privacy</loc></url>`);
    expect(res.body).toMatch(
      new RegExp(
        `<url><loc>${BASE}/listing/${listings.tower?.slug}</loc><lastmod>\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z</lastmod></url>`,
      ),
    );
    for (const key of ['arch', 'secret', 'pending'] as const)
      expect(res.body).not.toContain(`/listing/${listings[key]?.slug}<`);
  });

  it('serves the favicon', async () => {
    const res = await t.app.inject('/favicon.ico');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/x-icon');
    expect(res.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]));
  });
});

describe('a large sitemap', () => {
  let t: TestApp;
  const slugs: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({ env: { SITEMAP_PAGE_SIZE: '2' } });
    const bob = await register(t.app, { display_name: 'Bob Builder' });
    for (const title of ['First planter', 'Second planter', 'Third planter'])
      slugs.push((await publishedListing(t.app, t, bob.access_token, { prompt: 'a planter', title })).slug);
  });
  afterAll(async () => t.close());

  it('is an index of pages, each naming its listings in publication order', async () => {
    const index = await t.app.inject('/sitemap.xml');
    expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(index.body).toContain(`<sitemap><loc>${BASE}/sitemaps/pages.xml</loc></sitemap>`);
    expect(index.body).toMatch(new RegExp(`<sitemap><loc>${BASE}/sitemaps/listings-1.xml</loc><lastmod>`));
    expect(index.body).toContain(`${BASE}/sitemaps/listings-2.xml`);
    expect(index.body).not.toContain('listings-3.xml');
    const loc = (body: string) => [...body.matchAll(/<loc>[^<]*\/listing\/([^<]+)<\/loc>/g)].map((m) => m[1]);
    const first = await t.app.inject('/sitemaps/listings-1.xml');
    const second = await t.app.inject('/sitemaps/listings-2.xml');
    expect([...loc(first.body), ...loc(second.body)]).toEqual(slugs);
    expect((await t.app.inject('/sitemaps/pages.xml')).body).toContain(`<loc>${BASE}/gallery</loc>`);
    expect((await t.app.inject('/sitemaps/listings-3.xml')).statusCode).toBe(404);
    expect((await t.app.inject('/sitemaps/listings-0.xml')).statusCode).toBe(404);
  });

  it('answers a shared link and the favicon without the web app (an API-only process)', async () => {
    const res = await t.app.inject({ url: `/l/${slugs[0]}?s=abcdef12`, headers: html });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/^<!doctype html>/);
    expect(titleOf(res.body)).toBe('First planter · Kitwright');
    expect(metaOf(res.body, 'og:image')).toMatch(/^http:\/\/localhost:3000\/api\/media\//);
    expect(staticOf(res.body)).toContain('First planter');
    expect((await t.app.inject('/favicon.ico')).statusCode).toBe(200);
  });
});
