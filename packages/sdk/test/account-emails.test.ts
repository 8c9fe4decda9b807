/**
 * Email verification and password reset through the SDK, with the links read from the local
 * outbox, and the server's 5-minute limits driven by a controllable clock.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isKitwrightError, type KitwrightError, memoryStorage, SESSION_STORAGE_KEY } from '../src/index';
import { emailedToken, newAccount } from './support/accounts';
import { clientFactory, type LiveServer, sharedClock, startServer } from './support/live-server';

const VERIFY_PATH = '/api/v1/auth/verify';
const RESET_PATH = '/account/reset-password';
const { clock, now } = sharedClock();
let server: LiveServer;
const clients = clientFactory(() => server.baseUrl);

beforeAll(async () => {
  server = await startServer({ clock });
});
afterEach(() => clients.closeAll());
afterAll(async () => server.close());

async function failure(promise: Promise<unknown>): Promise<KitwrightError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!isKitwrightError(error)) throw new Error(`expected a KitwrightError, got ${String(error)}`);
  return error;
}

describe('email verification', () => {
  it('verifies with the emailed token, emits emailVerified and updates the held and stored user', async () => {
    const storage = memoryStorage();
    const client = clients.make({ storage, now });
    const account = newAccount();
    const { user } = await client.auth.register(account);
    expect(user.email_verified).toBe(false);
    const seen: unknown[] = [];
    client.auth.on('emailVerified', (payload) => seen.push(payload));

    const token = await emailedToken(server.baseUrl, account.email, VERIFY_PATH);
    expect(await client.auth.verifyEmail(token)).toEqual({
      verified: true,
      user_id: user.id,
      already_verified: false,
    });

    expect(seen).toEqual([{ user_id: user.id }]);
    expect(client.auth.getUser()?.email_verified).toBe(true);
    expect(JSON.parse(storage.getItem(SESSION_STORAGE_KEY) ?? '{}').user.email_verified).toBe(true);

    // The same link again: the address is verified already, which is said, not called an error.
    expect(await client.auth.verifyEmail(token)).toEqual({
      verified: true,
      user_id: user.id,
      already_verified: true,
    });
    expect(seen).toHaveLength(1);
    expect((await failure(client.auth.verifyEmail('kwv_not-a-real-token'))).code).toBe('INVALID_LINK');
  });

  it('resends at most once per 5 minutes per email; RATE_LIMITED says when to retry', async () => {
    const client = clients.make({ now });
    const account = newAccount();
    await client.auth.register(account);
    const seen: unknown[] = [];
    client.auth.on('verificationResent', (payload) => seen.push(payload));

    const ack = await client.auth.resendVerification(account.email);
    expect(ack).toMatchObject({ ok: true, message: expect.any(String) });
    expect(seen).toEqual([{ email: account.email }]);

    clock.advance(5 * 60_000 - 1000);
    const limited = await failure(client.auth.resendVerification(account.email));
    expect(limited).toMatchObject({ code: 'RATE_LIMITED', status: 429, retry_after_seconds: 1 });
    expect(limited.details).toEqual({ retry_after_seconds: 1 });
    expect(limited.correlation_id).toEqual(expect.any(String));
    expect(seen).toHaveLength(1);

    clock.advance(1000);
    await client.auth.resendVerification(account.email);
    expect(seen).toHaveLength(2);
    // The newest link works.
    const token = await emailedToken(server.baseUrl, account.email, VERIFY_PATH);
    await client.auth.verifyEmail(token);
    expect(client.auth.getUser()?.email_verified).toBe(true);
  });
});

describe('password reset', () => {
  it('forgot-password emails a link (once per 5 minutes); reset-password sets the password and ends sessions', async () => {
    const account = newAccount();
    const signedIn = clients.make({ now });
    await signedIn.auth.register(account);
    const client = clients.make({ now });
    const seen: Array<[string, unknown]> = [];
    client.auth.on('passwordResetRequested', (p) => seen.push(['passwordResetRequested', p]));
    client.auth.on('passwordReset', (p) => seen.push(['passwordReset', p]));

    await client.auth.forgotPassword(account.email);
    const again = await failure(client.auth.forgotPassword(account.email));
    expect(again).toMatchObject({ code: 'RATE_LIMITED', status: 429, retry_after_seconds: 300 });

    const token = await emailedToken(server.baseUrl, account.email, RESET_PATH);
    const ack = await client.auth.resetPassword(token, 'reset-to-this-password');
    expect(ack.ok).toBe(true);
    expect(seen).toEqual([
      ['passwordResetRequested', { email: account.email }],
      ['passwordReset', undefined],
    ]);

    const ended = await failure(signedIn.api.get('/api/v1/users/me'));
    expect(ended.code).toBe('SESSION_REVOKED');
    expect(signedIn.auth.isAuthenticated()).toBe(false);
    await client.auth.login({ username: account.email, password: 'reset-to-this-password' });
    expect(client.auth.isAuthenticated()).toBe(true);

    const reused = await failure(client.auth.resetPassword(token, 'another-new-password'));
    expect(reused).toMatchObject({ code: 'INVALID_LINK', status: 400 });

    clock.advance(5 * 60_000);
    await client.auth.forgotPassword(account.email);
    expect(seen.filter(([name]) => name === 'passwordResetRequested')).toHaveLength(2);
  });

  it('a weak new password is refused with WEAK_PASSWORD', async () => {
    const account = newAccount();
    const client = clients.make({ now });
    await client.auth.register(account);
    clock.advance(5 * 60_000);
    await client.auth.forgotPassword(account.email);
    const token = await emailedToken(server.baseUrl, account.email, RESET_PATH);
    const weak = await failure(client.auth.resetPassword(token, 'short'));
    expect(weak).toMatchObject({ code: 'WEAK_PASSWORD', status: 400 });
  });
});
