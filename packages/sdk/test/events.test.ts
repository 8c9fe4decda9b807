/**
 * Every client and auth-component event of the spec, in one journey against the real server
 * (with the local OpenID provider), with the exact order and payloads this SDK documents.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startLocalOidcProvider } from '../../../apps/server/src/providers/oauth/local-oidc-provider';
import { createOpenIdOAuth } from '../../../apps/server/src/providers/oauth/openid-oauth';
import { signInAtProvider } from '../../../apps/server/test/support/oauth-flow';
import { AUTH_EVENT_NAMES, CLIENT_EVENT_NAMES, type KitwrightClient, type User } from '../src/index';
import { emailedToken, newAccount } from './support/accounts';
import { withCookieJar } from './support/cookie-jar';
import { clientFactory, type LiveServer, sharedClock, startServer } from './support/live-server';

const PUBLIC = 'http://localhost:3000';
const { clock, now } = sharedClock();
let provider: Awaited<ReturnType<typeof startLocalOidcProvider>>;
let server: LiveServer;
const clients = clientFactory(() => server.baseUrl);

beforeAll(async () => {
  provider = await startLocalOidcProvider({
    port: 0,
    redirectUri: (p) => `${PUBLIC}/api/v1/auth/oauth/${p}/callback`,
  });
  server = await startServer({
    clock,
    oauth: createOpenIdOAuth({ providers: provider.settings, publicBaseUrl: PUBLIC }),
  });
});
afterEach(() => {
  clients.closeAll();
  vi.unstubAllGlobals();
});
afterAll(async () => {
  await server.close();
  await provider.close();
});

type Seen = Array<[string, unknown]>;

function recordAll(client: KitwrightClient): Seen {
  const seen: Seen = [];
  for (const name of CLIENT_EVENT_NAMES) client.on(name, (payload) => seen.push([name, payload]));
  for (const name of AUTH_EVENT_NAMES) client.auth.on(name, (payload) => seen.push([name, payload]));
  return seen;
}

/** Takes the events recorded so far, so each step can be checked on its own. */
function drain(seen: Seen): Seen {
  return seen.splice(0);
}

describe('client events', () => {
  it('every event, in order, with its payload', async () => {
    // A browser's cookie jar: the OAuth attempt at the end is bound to the client that began it.
    const client = clients.make({ now, fetch: withCookieJar() });
    const seen = recordAll(client);
    const account = newAccount('ev');

    const registered = await client.auth.register(account);
    const user: User = registered.user;
    expect(drain(seen)).toEqual([
      ['registered', { user }],
      ['authenticated', user],
    ]);

    const verifyToken = await emailedToken(server.baseUrl, account.email, '/api/v1/auth/verify');
    await client.auth.verifyEmail(verifyToken);
    expect(drain(seen)).toEqual([['emailVerified', { user_id: user.id }]]);

    await client.auth.resendVerification(account.email);
    expect(drain(seen)).toEqual([['verificationResent', { email: account.email }]]);

    clock.advance(60_000);
    const refreshed = await client.auth.refresh();
    const tokenPayload = { user: refreshed.user, expires_at: now() + 900_000, source: 'server' };
    expect(refreshed.user.email_verified).toBe(true);
    expect(drain(seen)).toEqual([
      ['tokenRefreshed', tokenPayload],
      ['auth:tokenRefreshed', tokenPayload],
    ]);

    await client.auth.logout();
    expect(drain(seen)).toEqual([
      ['logout', { user: refreshed.user }],
      ['auth:logout', { user: refreshed.user }],
      ['unauthenticated', undefined],
    ]);

    const login = await client.auth.login({ username: account.username, password: account.password });
    expect(drain(seen)).toEqual([
      ['login', { user: login.user }],
      ['auth:login', { user: login.user }],
      ['authenticated', login.user],
    ]);

    await client.auth.changePassword(account.password, 'second-password-here');
    expect(drain(seen)).toEqual([
      ['passwordChanged', { user_id: user.id, sessions_revoked: 1 }],
      ['unauthenticated', undefined],
    ]);

    await client.auth.forgotPassword(account.email);
    expect(drain(seen)).toEqual([['passwordResetRequested', { email: account.email }]]);
    const resetToken = await emailedToken(server.baseUrl, account.email, '/account/reset-password');
    await client.auth.resetPassword(resetToken, 'third-password-here');
    expect(drain(seen)).toEqual([['passwordReset', undefined]]);

    const { url } = await client.auth.getOAuthUrl('google');
    const email = newAccount('oauth').email;
    const query = await signInAtProvider(url, `${PUBLIC}/api/v1/auth/oauth/google/callback`, { email });
    const oauth = await client.auth.handleOAuthCallback('google', query);
    expect(drain(seen)).toEqual([
      ['oauth-login', { provider: 'google', user: oauth.user }],
      ['authenticated', oauth.user],
    ]);
  });

  it('names exactly the events of the spec', () => {
    expect([...CLIENT_EVENT_NAMES].sort()).toEqual(
      ['auth:login', 'auth:logout', 'auth:tokenRefreshed', 'authenticated', 'unauthenticated'].sort(),
    );
    expect([...AUTH_EVENT_NAMES].sort()).toEqual(
      [
        'emailVerified',
        'login',
        'logout',
        'oauth-login',
        'passwordChanged',
        'passwordReset',
        'passwordResetRequested',
        'registered',
        'tokenRefreshed',
        'verificationResent',
      ].sort(),
    );
  });

  it('a listener that throws does not stop the others or the sign-in; its error is reported on its own', async () => {
    const reported: unknown[] = [];
    const client = clients.make({ now, onListenerError: (error) => reported.push(error) });
    const after: string[] = [];
    client.on('authenticated', () => {
      throw new Error('broken listener');
    });
    client.on('authenticated', (user) => after.push(user.username));

    const account = newAccount();
    await client.auth.register(account);

    expect(client.auth.isAuthenticated()).toBe(true);
    expect(after).toEqual([account.username]);
    expect(reported).toEqual([new Error('broken listener')]);
  });

  it('off() and the returned function remove a listener; once() fires one time', async () => {
    const client = clients.make({ now });
    const counts = { on: 0, off: 0, once: 0 };
    const stop = client.on('auth:tokenRefreshed', () => counts.on++);
    const listener = () => counts.off++;
    client.on('auth:tokenRefreshed', listener);
    client.once('auth:tokenRefreshed', () => counts.once++);
    await client.auth.register(newAccount());

    clock.advance(1000);
    await client.auth.refresh();
    stop();
    client.off('auth:tokenRefreshed', listener);
    clock.advance(1000);
    await client.auth.refresh();
    expect(counts).toEqual({ on: 1, off: 1, once: 1 });
  });
});
