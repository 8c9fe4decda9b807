/**
 * Limits on work anyone can ask for: registrations per address (each costs an argon2 hash),
 * uploads per person (each is checked by the mesher or re-encoded), conversations opened without
 * an account, and share links. Each refusal is 429 RATE_LIMITED with Retry-After.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../src/config/rate-limits';
import { bearer, register, uniqueName } from './support/auth-helpers';
import { publishedListing, upload } from './support/create-helpers';
import { createTestApp, type TestApp } from './support/test-app';

function expectLimited(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(429);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(3600);
  expect(res.json().error).toMatchObject({
    code: 'RATE_LIMITED',
    details: { retry_after_seconds: retryAfter },
    correlation_id: expect.any(String),
  });
}

describe('the registration limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { REGISTRATIONS_PER_IP_PER_HOUR: '3' } });
  });
  afterAll(async () => t.close());

  const signUp = (remoteAddress: string) => {
    const username = uniqueName('rl');
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      remoteAddress,
      payload: { username, email: `${username}@example.com`, password: 'correct-horse-battery' },
    });
  };

  it('limits registrations per client address', async () => {
    for (let i = 0; i < 3; i++) expect((await signUp('203.0.113.7')).statusCode).toBe(201);
    const refused = await signUp('203.0.113.7');
    expectLimited(refused);
    expect(refused.json().error.message).toContain('Too many accounts');
    // Another address has its own budget.
    expect((await signUp('198.51.100.20')).statusCode).toBe(201);
    expect(RATE_LIMITS.registrationsPerIp.limit).toBe(30);
    expect(t.config.registrationsPerIpPerHour).toBe(3);
  });
});

describe('rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('limits uploads per person, counting refused files too', async () => {
    const [maker, other] = [await register(t.app), await register(t.app)];
    const junk = Buffer.from('this is neither a model nor an image');
    const { limit } = RATE_LIMITS.uploadsPerUser;
    for (let i = 0; i < limit; i++) {
      const res = await upload(t.app, maker.access_token, junk, `junk-${i}.bin`);
      expect(res.statusCode).toBe(415);
    }
    expectLimited(await upload(t.app, maker.access_token, junk, 'one-more.bin'));
    expect((await upload(t.app, other.access_token, junk, 'theirs.bin')).statusCode).toBe(415);
  });

  it('limits conversations opened without an account, per visitor session and per address', async () => {
    const open = (headers: Record<string, string>, remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/support/conversations',
        headers,
        remoteAddress,
        payload: {
          subject: 'A question',
          category: 'question',
          message: 'Hi',
          contact_email: 'q@example.com',
        },
      });
    const visitor = (await t.app.inject({ method: 'POST', url: '/api/v1/auth/anonymous' })).json();
    const vh = { 'x-visitor-session': visitor.session_token };
    for (let i = 0; i < RATE_LIMITS.anonymousSupportPerVisitor.limit; i++)
      expect((await open(vh, '192.0.2.10')).statusCode).toBe(201);
    expectLimited(await open(vh, '192.0.2.10'));

    // Without a session every request would be a new visitor: the address is what counts then.
    const ip = '192.0.2.99';
    for (let i = 0; i < RATE_LIMITS.anonymousSupportPerIp.limit; i++)
      expect((await open({}, ip)).statusCode).toBe(201);
    const refused = await open({}, ip);
    expectLimited(refused);
    // Refused before a visitor session was made for it.
    expect(refused.cookies.find((c) => c.name === 'kw_visitor')).toBeUndefined();
    // Signed-in people are answered at their account's address and are not limited here.
    const member = await register(t.app);
    expect((await open(bearer(member.access_token), ip)).statusCode).toBe(201);
  });

  it('limits share links per person, visitor session or address', async () => {
    const maker = await register(t.app);
    const listing = await publishedListing(t.app, t, maker.access_token);
    const fan = await register(t.app);
    const share = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/listings/${listing.id}/shares`,
        headers,
        payload: { channel: 'copy_link' },
      });
    for (let i = 0; i < RATE_LIMITS.sharesPerViewer.limit; i++)
      expect((await share(bearer(fan.access_token))).statusCode).toBe(201);
    expectLimited(await share(bearer(fan.access_token)));
    expect((await share(bearer(maker.access_token))).statusCode).toBe(201);
  });
});
