/**
 * A local server opened at 127.0.0.1 or [::1] instead of localhost (what many people type) still
 * accepts the page's own requests; a refused origin says which address to open instead.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';

const payload = { consent: 'granted', events: [{ name: 'session_started', properties: {} }] };

describe('loopback origins of a local server', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({ env: { PORT: '0', PUBLIC_BASE_URL: 'http://localhost:3999' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => t.close());

  const post = (origin: string) =>
    fetch(`http://127.0.0.1:${port}/api/analytics/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: 'kw_session=abc', origin },
      body: JSON.stringify(payload),
    });

  it('accepts localhost, 127.0.0.1 and [::1] at the port it listens on', async () => {
    for (const host of ['127.0.0.1', 'localhost', '[::1]']) {
      const res = await post(`http://${host}:${port}`);
      const body = (await res.json().catch(() => ({}))) as { error?: { code?: string } };
      expect({ host, status: res.status, code: body.error?.code }).not.toMatchObject({ status: 403 });
      expect(body.error?.code).not.toBe('ORIGIN_REJECTED');
    }
    const cors = await fetch(`http://127.0.0.1:${port}/api/health`, {
      headers: { origin: `http://127.0.0.1:${port}` },
    });
    expect(cors.headers.get('access-control-allow-origin')).toBe(`http://127.0.0.1:${port}`);
  });

  it('still refuses another port or a foreign site, and says which address to open', async () => {
    for (const origin of [
      `http://127.0.0.1:${port + 1}`,
      'https://evil.example',
      `http://10.0.0.1:${port}`,
    ]) {
      const res = await post(origin);
      expect(res.status).toBe(403);
      const body = (await res.json()) as {
        error: { code: string; message: string; details?: { open_at?: string } };
      };
      expect(body.error.code).toBe('ORIGIN_REJECTED');
      expect(body.error.details?.open_at).toBe('http://localhost:3999');
      expect(body.error.message).toContain('http://localhost:3999');
    }
  });

  it('treats `Origin: null` and other text that is not a URL as a foreign origin, never a 500', async () => {
    for (const origin of ['null', 'garbage', 'http://']) {
      const read = await fetch(`http://127.0.0.1:${port}/api/health`, { headers: { origin } });
      expect({ origin, status: read.status }).toEqual({ origin, status: 200 });
      expect(read.headers.get('access-control-allow-origin')).toBeNull();
      // A cookie-bearing change from such a page is refused as cross-site.
      const res = await post(origin);
      expect({ origin, status: res.status }).toEqual({ origin, status: 403 });
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('ORIGIN_REJECTED');
    }
  });
});
