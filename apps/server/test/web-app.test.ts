/**
 * The web app served from the API's origin: the app page for any app route, hashed bundles
 * precompressed and cached for good, the service worker always revalidated, API answers
 * compressed, and unknown API paths still answered with the JSON error envelope.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPwaTags, precompress } from '../src/modules/web-app/build';
import { createTestApp, type TestApp } from './support/test-app';

describe('the web app from the API origin', () => {
  let t: TestApp;
  let dist: string;
  const bundle = `console.log(${JSON.stringify('kitwright '.repeat(2000))});\n`;
  beforeAll(async () => {
    dist = await fs.mkdtemp(path.join(os.tmpdir(), 'kitwright-dist-'));
    await fs.mkdir(path.join(dist, '_expo/static/js/web'), { recursive: true });
    await fs.writeFile(
      path.join(dist, 'index.html'),
      addPwaTags(
        '<!doctype html><html><head><title>Kitwright</title></head><body><div id="root"></div></body></html>',
      ),
    );
    await fs.writeFile(path.join(dist, '_expo/static/js/web/entry-abc123.js'), bundle);
    await fs.writeFile(
      path.join(dist, 'sw.js'),
      `self.addEventListener('fetch', () => {});${' '.repeat(2000)}`,
    );
    expect(await precompress(dist)).toBe(2);
    t = await createTestApp({ webDistDir: dist });
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(dist, { recursive: true, force: true });
  });

  it('answers the home page and any app route with the app page and its PWA tags', async () => {
    for (const url of ['/', '/gallery', '/listing/some-slug?share=abc', '/account/sign-in']) {
      const res = await t.app.inject({ url, headers: { accept: 'text/html' } });
      // A listing that does not exist is the app's page too, answered 404 (public-pages.test.ts).
      expect(res.statusCode, url).toBe(url.startsWith('/listing/') ? 404 : 200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<link rel="manifest" href="/manifest.webmanifest">');
      expect(res.body).toContain('<div id="root"></div>');
    }
  });

  it('still answers unknown API paths and non-page requests with the JSON envelope', async () => {
    const api = await t.app.inject({ url: '/api/nothing-here', headers: { accept: 'text/html' } });
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe('NOT_FOUND');
    const asset = await t.app.inject({ url: '/missing.png', headers: { accept: 'image/png' } });
    expect(asset.statusCode).toBe(404);
  });

  it('sends the precompressed bundle the browser accepts, cached for good', async () => {
    const url = '/_expo/static/js/web/entry-abc123.js';
    const br = await t.app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.length).toBeLessThan(bundle.length / 10);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(bundle);

    const gz = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(bundle);

    const plain = await t.app.inject({ url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(bundle);
  });

  it('keeps the service worker revalidated so a release reaches everyone', async () => {
    const res = await t.app.inject({ url: '/sw.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('compresses JSON answers over a kilobyte for clients that accept it', async () => {
    const res = await t.app.inject({ url: '/api/openapi.json', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(res.rawPayload).toString()).openapi).toMatch(/^3\.1/);
    const small = await t.app.inject({ url: '/api/livez', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
