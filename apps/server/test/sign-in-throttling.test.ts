/**
 * Sign-in throttling that cannot be turned against an account's owner (issue 15, item 1): limits
 * per (account, address) and per address, a slow-down rather than a lock per account, counters
 * exact under bursts, and a completed password reset starting the account's counters again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slowdownMs } from '../src/modules/auth/passwords';
import { ManualClock } from '../src/platform/clock';
import { login, register, uniqueName } from './support/auth-helpers';
import { createTestApp, type TestApp } from './support/test-app';

const from = (ip: string) => ({ 'x-forwarded-for': ip });

describe('sign-in throttling', () => {
  let t: TestApp;
  const clock = new ManualClock(new Date());
  beforeAll(async () => {
    // Waits of 1, 2, 4 ms so the slow-down is exercised without slowing the tests.
    t = await createTestApp({
      clock,
      env: { TRUST_PROXY: 'true', SIGN_IN_SLOWDOWN_BASE_MS: '1', SIGN_IN_SLOWDOWN_MAX_MS: '4' },
    });
  });
  afterAll(async () => t.close());

  it('never refuses the owner’s correct password from another address because of others’ failures', async () => {
    const owner = await register(t.app);
    // Twenty wrong guesses from four addresses: twice the account's failure count.
    for (const ip of ['203.0.113.1', '203.0.113.2', '203.0.113.3', '203.0.113.4'])
      for (let i = 0; i < 5; i++)
        expect((await login(t.app, owner.user.username, `guess-${i}-wrong`, from(ip))).statusCode).toBe(401);
    // Each guessing address is stopped for this account…
    const stopped = await login(t.app, owner.user.username, owner.password, from('203.0.113.1'));
    expect(stopped.statusCode).toBe(429);
    expect(stopped.json().error.code).toBe('RATE_LIMITED');
    expect(Number(stopped.headers['retry-after'])).toBeGreaterThan(0);
    // …and the owner, from their own address, signs in; the attempt was slowed, not refused.
    const logsBefore = t.logs.length;
    expect((await login(t.app, owner.user.email, owner.password, from('198.51.100.50'))).statusCode).toBe(
      200,
    );
    const slowed = t.logs
      .slice(logsBefore)
      .map((l) => JSON.parse(l))
      .find((l) => l.msg === 'sign-in slowed');
    expect(slowed).toMatchObject({ account_failures: 20, delay_ms: 4 });
  });

  it('stops one address guessing one account after five attempts, whichever name is typed', async () => {
    const owner = await register(t.app);
    const ip = from('203.0.113.20');
    for (let i = 0; i < 5; i++) {
      const name = i % 2 === 0 ? owner.user.username : owner.user.email.toUpperCase();
      expect((await login(t.app, name, `wrong-${i}-password`, ip)).statusCode).toBe(401);
    }
    for (const name of [owner.user.username, owner.user.email])
      expect((await login(t.app, name, owner.password, ip)).statusCode).toBe(429);
    // Names that match no account are limited the same way.
    const ghost = uniqueName('ghost');
    for (let i = 0; i < 5; i++)
      expect((await login(t.app, ghost, 'wrong-password-x', ip)).statusCode).toBe(401);
    expect((await login(t.app, ghost, 'wrong-password-x', ip)).statusCode).toBe(429);
    clock.advance(16 * 60 * 1000);
    expect((await login(t.app, owner.user.email, owner.password, ip)).statusCode).toBe(200);
  });

  it('forgives the owner’s own failures at that address after a successful sign-in', async () => {
    const owner = await register(t.app);
    const ip = from('203.0.113.30');
    for (let i = 0; i < 4; i++) await login(t.app, owner.user.username, `typo-${i}-password`, ip);
    expect((await login(t.app, owner.user.username, owner.password, ip)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++)
      expect((await login(t.app, owner.user.username, `typo-${i}-again`, ip)).statusCode).toBe(401);
    expect((await login(t.app, owner.user.username, owner.password, ip)).statusCode).toBe(200);
  });

  it('counts a parallel burst exactly: fifty at once check five passwords', async () => {
    const owner = await register(t.app);
    const ip = from('203.0.113.40');
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => login(t.app, owner.user.username, `burst-${i}-wrong`, ip)),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(45);
  });

  it('a completed password reset lets the owner in at once from the address that failed', async () => {
    const owner = await register(t.app);
    const ip = from('203.0.113.50');
    for (let i = 0; i < 5; i++) await login(t.app, owner.user.username, `forgot-${i}-password`, ip);
    for (let i = 0; i < 10; i++)
      await login(t.app, owner.user.username, `attack-${i}-password`, from(`192.0.2.${i + 1}`));
    expect((await login(t.app, owner.user.username, owner.password, ip)).statusCode).toBe(429);

    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/forgot-password',
      payload: { email: owner.user.email },
    });
    expect(asked.statusCode).toBe(202);
    await t.flush();
    const mail = await expect
      .poll(async () => (await t.app.inject(`/dev/mailbox/messages?to=${owner.user.email}`)).json().messages)
      .toHaveLength(2)
      .then(async () => (await t.app.inject(`/dev/mailbox/messages?to=${owner.user.email}`)).json().messages);
    const text = mail.map((m: { text: string }) => m.text).join('\n');
    const token = /reset-password\?token=([\w-]+)/.exec(text)?.[1];
    expect(token).toBeTruthy();
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/reset-password',
      payload: { token, new_password: 'a-new-password-1' },
    });
    expect(reset.statusCode).toBe(200);
    const logsBefore = t.logs.length;
    expect((await login(t.app, owner.user.username, 'a-new-password-1', ip)).statusCode).toBe(200);
    // The account's failures went with the old password: no wait either.
    expect(t.logs.slice(logsBefore).some((l) => l.includes('sign-in slowed'))).toBe(false);
  });
});

describe('the slow-down', () => {
  it('starts past ten failures, doubles, and stops at its maximum', () => {
    const policy = { baseMs: 500, maxMs: 8000 };
    expect([9, 10, 11, 12, 13, 14, 15, 1000].map((n) => slowdownMs(n, policy))).toEqual([
      0, 500, 1000, 2000, 4000, 8000, 8000, 8000,
    ]);
    expect(slowdownMs(50, { baseMs: 0, maxMs: 8000 })).toBe(0);
  });
});
