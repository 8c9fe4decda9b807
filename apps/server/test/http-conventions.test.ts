import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { OPERATIONS } from '@kitwright/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, register } from './support/auth-helpers';
import { createTestApp, type TestApp } from './support/test-app';

function expectEnvelope(body: unknown, code: string) {
  expect(body).toMatchObject({
    error: { code, message: expect.any(String), correlation_id: expect.any(String) },
  });
  const text = JSON.stringify(body);
  expect(text).not.toMatch(/stack|at .*\.ts|FST_|ajv|SELECT/i);
}

describe('error envelope and HTTP conventions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { BODY_LIMIT_BYTES: '2048' } });
  });
  afterAll(async () => t.close());

  it('404 for an unknown address', async () => {
    const res = await t.app.inject('/api/does-not-exist');
    expect(res.statusCode).toBe(404);
    expectEnvelope(res.json(), 'NOT_FOUND');
  });

  it('405 with Allow for a known address and the wrong method', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/health' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD, OPTIONS');
    expectEnvelope(res.json(), 'METHOD_NOT_ALLOWED');
  });

  it('400 MALFORMED_JSON for a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/analytics/events',
      headers: { 'content-type': 'application/json' },
      payload: '{"consent": "granted", "events": [',
    });
    expect(res.statusCode).toBe(400);
    expectEnvelope(res.json(), 'MALFORMED_JSON');
  });

  it('400 VALIDATION_FAILED names the fields without echoing values', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/analytics/events',
      payload: { consent: 'maybe', events: [{ properties: {} }] },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expectEnvelope(body, 'VALIDATION_FAILED');
    expect(Object.keys(body.error.details.fields)).toEqual(
      expect.arrayContaining(['consent', 'events.0.name']),
    );
    expect(JSON.stringify(body)).not.toContain('maybe');
  });

  it('413 for a body over the limit', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/analytics/events',
      payload: { consent: 'granted', events: [{ name: 'x'.repeat(4000), properties: {} }] },
    });
    expect(res.statusCode).toBe(413);
    expectEnvelope(res.json(), 'PAYLOAD_TOO_LARGE');
  });

  it('415 for a content type the route does not read', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/analytics/events',
      headers: { 'content-type': 'application/xml' },
      payload: '<events/>',
    });
    expect(res.statusCode).toBe(415);
    expectEnvelope(res.json(), 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('keeps a well-formed x-request-id and echoes it everywhere', async () => {
    const res = await t.app.inject({
      url: '/api/nothing-here',
      headers: { 'x-request-id': 'client-req-12345' },
    });
    expect(res.headers['x-request-id']).toBe('client-req-12345');
    expect(res.json().error.correlation_id).toBe('client-req-12345');
    expect(t.logs.some((l) => l.includes('"req_id":"client-req-12345"'))).toBe(true);
  });

  it('replaces a malformed x-request-id with a generated one', async () => {
    const res = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'bad id <script>' } });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses capabilities of a later phase with PHASE_CLOSED (after sign-in is checked)', async () => {
    const user = await register(t.app);
    const staffOnly = '/api/interest-reservations/5d1b3c52-7a4c-4b0e-9a53-1f2e3d4c5b6a/invite-preorder';
    for (const [method, url, payload] of [
      ['POST', '/api/checkout/setup-intent', { reservation_id: '5d1b3c52-7a4c-4b0e-9a53-1f2e3d4c5b6a' }],
      [
        'POST',
        '/api/checkout/confirm',
        {
          checkout_id: '5d1b3c52-7a4c-4b0e-9a53-1f2e3d4c5b6a',
          acknowledgement: { accepted: true, version: 'v', acknowledged_at: new Date().toISOString() },
          payment_agreement: { accepted: true, version: 'v' },
        },
      ],
      ['GET', '/api/pre-orders', undefined],
      ['DELETE', '/api/pre-orders/5d1b3c52-7a4c-4b0e-9a53-1f2e3d4c5b6a', { reason: 'other' }],
    ] as const) {
      // Anonymous: sign-in is asked for first, as on every endpoint that needs it.
      expect((await t.app.inject({ method, url })).statusCode, url).toBe(401);
      const res = await t.app.inject({
        method,
        url,
        headers: bearer(user.access_token),
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, url).toBe(403);
      expectEnvelope(res.json(), 'PHASE_CLOSED');
      expect(res.json().error.details).toMatchObject({ phase: 'A' });
    }
    // Staff-only: a user is refused for the role; the webhook (the provider's, unsigned in) for the phase.
    expect(
      (await t.app.inject({ method: 'POST', url: staffOnly, headers: bearer(user.access_token) })).statusCode,
    ).toBe(403);
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/payment/webhook',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(hook.statusCode).toBe(403);
    expectEnvelope(hook.json(), 'PHASE_CLOSED');
  });

  it('serves an OpenAPI 3.1 document generated from the route schemas, and the docs page', async () => {
    const doc = (await t.app.inject('/api/openapi.json')).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/readyz', '/api/app-shell', '/api/config/translations']),
    );
    expect(
      doc.paths['/api/health'].get.responses['200'].content['application/json'].schema.properties.phase,
    ).toBeDefined();
    const docs = await t.app.inject('/api/docs/');
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toContain('text/html');
  });
});

/** Every address of the contracts' operations, with its parameters filled in, and the methods it takes. */
function operationAddresses(): { url: string; allow: string[] }[] {
  const ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
  const routes = Object.values(OPERATIONS).map((op) => ({
    method: op.method as string,
    pattern: new RegExp(
      `^${op.path
        .split(/(:[A-Za-z]+)/)
        .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
        .join('')}$`,
    ),
    url: op.path.replace(/:[A-Za-z]+/g, '0193c2a4-0000-7000-8000-000000000000'),
  }));
  const urls = [...new Set(routes.map((r) => r.url))];
  return urls.map((url) => {
    // Every operation whose path matches the address counts (a parameter may take a fixed word's place).
    const methods = new Set(routes.filter((r) => r.pattern.test(url)).map((r) => r.method));
    if (methods.has('GET')) methods.add('HEAD');
    methods.add('OPTIONS');
    return { url, allow: ORDER.filter((m) => methods.has(m)) };
  });
}

describe('a method the address does not take', () => {
  let plain: TestApp;
  let withWebApp: TestApp;
  let dist: string;
  beforeAll(async () => {
    // Served with the web app, as in production: its file server takes GET at every address.
    dist = await fs.mkdtemp(path.join(os.tmpdir(), 'kitwright-dist-'));
    await fs.writeFile(
      path.join(dist, 'index.html'),
      '<!doctype html><html><body><div id="root"></div></body></html>',
    );
    plain = await createTestApp();
    withWebApp = await createTestApp({ webDistDir: dist });
  });
  afterAll(async () => {
    await plain.close();
    await withWebApp.close();
    await fs.rm(dist, { recursive: true, force: true });
  });

  it('is 405 with Allow naming the methods it takes, on every address of the API', async () => {
    const addresses = operationAddresses();
    expect(addresses.length).toBeGreaterThan(80);
    for (const [name, t] of [
      ['without the web app', plain],
      ['with the web app', withWebApp],
    ] as const) {
      const wrong: string[] = [];
      for (const { url, allow } of addresses)
        for (const method of ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const) {
          if (allow.includes(method)) continue;
          const res = await t.app.inject({ method, url });
          const ok =
            res.statusCode === 405 &&
            res.headers.allow === allow.join(', ') &&
            (method === 'HEAD' || res.json().error?.code === 'METHOD_NOT_ALLOWED');
          if (!ok) wrong.push(`${method} ${url} → ${res.statusCode} allow=${res.headers.allow}`);
        }
      expect(wrong, name).toEqual([]);
    }
  });

  it('keeps an unknown address 404, whatever the method', async () => {
    for (const t of [plain, withWebApp])
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const) {
        const res = await t.app.inject({ method, url: '/api/no-such-thing' });
        expect(res.statusCode, method).toBe(404);
        expect(res.headers.allow).toBeUndefined();
        expectEnvelope(res.json(), 'NOT_FOUND');
      }
  });

  it('answers a plain OPTIONS with Allow, and still answers CORS preflights', async () => {
    const options = await plain.app.inject({ method: 'OPTIONS', url: '/api/v1/auth/register' });
    expect(options.statusCode).toBe(204);
    expect(options.headers.allow).toBe('POST, OPTIONS');
    const listing = await plain.app.inject({
      method: 'OPTIONS',
      url: '/api/listings/0193c2a4-0000-7000-8000-000000000000',
    });
    expect(listing.headers.allow).toBe('GET, HEAD, PATCH, DELETE, OPTIONS');
    const unknown = await plain.app.inject({ method: 'OPTIONS', url: '/api/no-such-thing' });
    expect(unknown.statusCode).toBe(404);
    expectEnvelope(unknown.json(), 'NOT_FOUND');
    const preflight = await plain.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/auth/register',
      headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    expect(preflight.headers['access-control-allow-methods']).toContain('POST');
  });
});

describe('security basics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { CORS_ORIGINS: 'https://app.example.com' } });
  });
  afterAll(async () => t.close());

  it('sets helmet headers', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    // The test app is served over plain http (like local): nothing to pin to https or upgrade.
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    // Powerful browser features the app never uses are off (issue 15 item 12), errors included.
    expect(res.headers['permissions-policy']).toBe(
      'camera=(), microphone=(), geolocation=(), usb=(), payment=(self)',
    );
    const missing = await t.app.inject('/api/no-such-route');
    expect(missing.headers['permissions-policy']).toContain('camera=()');
  });

  it('pins https and upgrades requests when the public address is https', async () => {
    const secure = await createTestApp({ env: { PUBLIC_BASE_URL: 'https://kitwright.example' } });
    try {
      const res = await secure.app.inject('/api/health');
      expect(res.headers['strict-transport-security']).toContain('max-age=31536000');
      expect(res.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    } finally {
      await secure.close();
    }
  });

  it('answers CORS only for allowlisted origins', async () => {
    const ok = await t.app.inject({ url: '/api/health', headers: { origin: 'https://app.example.com' } });
    expect(ok.headers['access-control-allow-origin']).toBe('https://app.example.com');
    expect(ok.headers['access-control-allow-credentials']).toBe('true');
    const other = await t.app.inject({ url: '/api/health', headers: { origin: 'https://evil.example' } });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('refuses a state-changing request with cookies from a foreign origin', async () => {
    const payload = { consent: 'granted', events: [{ name: 'session_started', properties: {} }] };
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/analytics/events',
      headers: { cookie: 'kw_session=abc', origin: 'https://evil.example' },
      payload,
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.code).toBe('ORIGIN_REJECTED');
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/analytics/events',
      headers: { cookie: 'kw_session=abc' },
      payload,
    });
    expect(missing.json().error.code).toBe('ORIGIN_REJECTED');
    const allowed = await t.app.inject({
      method: 'POST',
      url: '/api/analytics/events',
      headers: { cookie: 'kw_session=abc', origin: 'https://app.example.com' },
      payload,
    });
    expect(allowed.json().error?.code).not.toBe('ORIGIN_REJECTED');
  });
});

describe('requests the parser refuses', () => {
  it('answers an address or headers over the limit with 431 in the envelope, over a real socket', async () => {
    const t = await createTestApp();
    try {
      const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const long = await fetch(`${url}/api/gallery/listings?q=${'a'.repeat(100_000)}`);
      expect(long.status).toBe(431);
      expect(long.headers.get('content-type')).toContain('application/json');
      const body = (await long.json()) as { error: unknown };
      expect(body.error).toMatchObject({ code: 'HEADERS_TOO_LARGE', correlation_id: expect.any(String) });
      const path = await fetch(`${url}/api/listings/${'x'.repeat(70_000)}`);
      expect(path.status).toBe(431);
      expect(((await path.json()) as { error: { code: string } }).error.code).toBe('HEADERS_TOO_LARGE');
    } finally {
      await t.close();
    }
  });
});

describe('no coercion', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('refuses a body whose values have the wrong JSON types instead of converting them', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: 12345, password: true },
    });
    expect(login.statusCode).toBe(400);
    expect(Object.keys(login.json().error.details.fields).sort()).toEqual(['password', 'username']);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      payload: { refresh_token: -1 },
    });
    expect(refresh.statusCode).toBe(400);
    expect(refresh.json().error.details.fields).toHaveProperty('refresh_token');
    const register = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: {
        username: 'typed1',
        email: 'typed1@example.com',
        password: 'correct-horse-battery',
        display_name: true,
      },
    });
    expect(register.statusCode).toBe(400);
    expect(register.json().error.details.fields).toHaveProperty('display_name');
  });

  it('reads query numbers written in decimal only', async () => {
    for (const limit of ['0x10', '1e1', '16.0', '+16', ' 16', '016'])
      expect(
        (await t.app.inject(`/api/gallery/listings?limit=${encodeURIComponent(limit)}`)).statusCode,
        limit,
      ).toBe(400);
    const hex = await t.app.inject('/api/gallery/listings?limit=0x10');
    expect(hex.json().error.details).toEqual({
      location: 'querystring',
      fields: { limit: 'must be a whole number written in decimal' },
    });
    expect((await t.app.inject('/api/gallery/listings?limit=16')).statusCode).toBe(200);
  });
});

describe('who may call comes before what was sent', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('answers 401 without a sign-in and 403 for the wrong role, whatever the body', async () => {
    const badBody = {
      method: 'PATCH' as const,
      url: '/api/admin/interest-reservations/0193c2a4-0000-7000-8000-000000000000',
      payload: { state: 'not-a-state', extra: { deep: true } },
    };
    const anonymous = await t.app.inject(badBody);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe('UNAUTHENTICATED');
    const user = await register(t.app);
    const refused = await t.app.inject({ ...badBody, headers: bearer(user.access_token) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('FORBIDDEN');
    // A signed-in user's own routes still validate what they send.
    const draft = await t.app.inject({
      method: 'POST',
      url: '/api/design-drafts',
      headers: bearer(user.access_token),
      payload: { mode: 'Z' },
    });
    expect(draft.statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/design-drafts', payload: { mode: 'Z' } })).statusCode,
    ).toBe(401);
  });
});
