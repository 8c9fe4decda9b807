/**
 * External sign-in through the real local OpenID provider: the authorization URL, the provider's
 * sign-in page, and the SDK's callback request (manual redirects, credentials, OAUTH_REDIRECT).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startLocalOidcProvider } from '../../../apps/server/src/providers/oauth/local-oidc-provider';
import { createOpenIdOAuth } from '../../../apps/server/src/providers/oauth/openid-oauth';
import { signInAtProvider } from '../../../apps/server/test/support/oauth-flow';
import { type FetchLike, isKitwrightError, type OAuthProvider, type User } from '../src/index';
import { newAccount } from './support/accounts';
import { withCookieJar } from './support/cookie-jar';
import { clientFactory, type LiveServer, startServer } from './support/live-server';
import { ME_PATH, recordingFetch } from './support/recording-fetch';

/** The app's PUBLIC_BASE_URL (createTestApp's default): the redirect URI only has to match. */
const PUBLIC = 'http://localhost:3000';
const callbackUri = (provider: OAuthProvider) => `${PUBLIC}/api/v1/auth/oauth/${provider}/callback`;

let provider: Awaited<ReturnType<typeof startLocalOidcProvider>>;
let server: LiveServer;
const clients = clientFactory(() => server.baseUrl);

beforeAll(async () => {
  provider = await startLocalOidcProvider({ port: 0, redirectUri: callbackUri });
  server = await startServer({
    oauth: createOpenIdOAuth({ providers: provider.settings, publicBaseUrl: PUBLIC }),
  });
});
afterEach(() => clients.closeAll());
afterAll(async () => {
  await server.close();
  await provider.close();
});

/** Starts at the SDK's URL and signs in at the provider like a browser; returns the callback query. */
async function throughProvider(client: ReturnType<typeof clients.make>, name: OAuthProvider, email: string) {
  const { url, state, provider: echoed } = await client.auth.getOAuthUrl(name);
  expect(echoed).toBe(name);
  expect(new URL(url).searchParams.get('state')).toBe(state);
  const query = await signInAtProvider(url, callbackUri(name), { email, name: 'Olive Auth' });
  expect(query.get('state')).toBe(state);
  return query;
}

describe('OAuth sign-in', () => {
  it('google: URL, provider sign-in, callback → AuthResponse, oauth-login and authenticated events', async () => {
    const recorder = recordingFetch();
    // A browser's cookie jar around the recorder: the attempt is bound to the browser that began it.
    const client = clients.make({ fetch: withCookieJar(recorder.fetch) });
    const seen: Array<[string, unknown]> = [];
    client.auth.on('oauth-login', (p) => seen.push(['oauth-login', p]));
    client.on('authenticated', (p) => seen.push(['authenticated', p]));
    const email = newAccount('g').email;

    const query = await throughProvider(client, 'google', email);
    const code = query.get('code') ?? '';
    const state = query.get('state') ?? '';
    const iss = query.get('iss') ?? undefined;
    const response = await client.auth.handleOAuthCallback('google', { code, state, iss });

    expect(response.user).toMatchObject({ email, auth_provider: 'google', email_verified: true });
    expect(response.token_type).toBe('Bearer');
    expect(client.auth.isAuthenticated()).toBe(true);
    expect((await client.api.get<User>(ME_PATH)).id).toBe(response.user.id);
    expect(seen).toEqual([
      ['oauth-login', { provider: 'google', user: response.user }],
      ['authenticated', response.user],
    ]);

    const [callback] = recorder.to('/api/v1/auth/oauth/google/callback');
    expect(callback?.redirect).toBe('manual');
    expect(callback?.credentials).toBe('include');
    expect(callback?.headers.authorization).toBeUndefined();
    expect(callback?.url.searchParams.get('code')).toBe(code);
    expect(callback?.url.searchParams.get('state')).toBe(state);
  });

  it('apple: accepts the whole redirect URL the provider sent the user back to', async () => {
    const client = clients.make({ fetch: withCookieJar() });
    const email = newAccount('a').email;
    const query = await throughProvider(client, 'apple', email);
    const response = await client.auth.handleOAuthCallback('apple', `${callbackUri('apple')}?${query}`);
    expect(response.user).toMatchObject({ email, auth_provider: 'apple' });
  });

  it('a state the server never issued fails with OAUTH_FAILED and leaves the client signed out', async () => {
    const client = clients.make({ fetch: withCookieJar() });
    // Not begun by this client at all, then begun but answered with another state.
    const error = await client.auth
      .handleOAuthCallback('google', { code: 'made-up', state: 'made-up' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'OAUTH_FAILED',
      status: 400,
      details: { reason: 'not_started_in_this_browser' },
    });
    await client.auth.getOAuthUrl('google');
    const mismatch = await client.auth
      .handleOAuthCallback('google', { code: 'made-up', state: 'made-up' })
      .catch((e: unknown) => e);
    expect(mismatch).toMatchObject({
      code: 'OAUTH_FAILED',
      status: 400,
      details: { reason: 'state_mismatch' },
    });
    expect(client.auth.isAuthenticated()).toBe(false);
  });

  it('a client without a cookie jar (Node fetch) cannot finish an attempt it began', async () => {
    const client = clients.make();
    const query = await throughProvider(client, 'google', newAccount('nojar').email);
    const error = await client.auth.handleOAuthCallback('google', query).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'OAUTH_FAILED', details: { reason: 'not_started_in_this_browser' } });
  });

  it('an unknown provider is NOT_FOUND', async () => {
    const error = await clients
      .make()
      .auth.getOAuthUrl('github' as OAuthProvider)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'NOT_FOUND', status: 404 });
  });
});

describe('OAUTH_REDIRECT', () => {
  /** Asks for HTML on the callback, as a page navigation would, so the server answers 302. */
  const prefersHtml = (inner: FetchLike = fetch): FetchLike => {
    return (input, init) =>
      input.includes('/callback')
        ? inner(input, {
            ...init,
            headers: { ...(init.headers as Record<string, string>), accept: 'text/html' },
          })
        : inner(input, init);
  };

  it('raises OAUTH_REDIRECT with the location when the server redirects to the web app', async () => {
    const client = clients.make({ fetch: prefersHtml() });
    const query = await throughProvider(client, 'google', newAccount('r').email);
    const error = await client.auth.handleOAuthCallback('google', query).catch((e: unknown) => e);

    expect(isKitwrightError(error)).toBe(true);
    if (!isKitwrightError(error)) return;
    expect(error.code).toBe('OAUTH_REDIRECT');
    expect(error.status).toBe(302);
    const location = new URL(error.location ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(`${PUBLIC}/auth/callback/google`);
    expect(location.searchParams.get('code')).toBe(query.get('code'));
    expect(location.searchParams.get('state')).toBe(query.get('state'));
    expect(client.auth.isAuthenticated()).toBe(false);
  });

  it("raises OAUTH_REDIRECT with location null for a browser's opaque redirect", async () => {
    // What a browser's fetch returns for `redirect: 'manual'`: type opaqueredirect, status 0, no headers.
    const asBrowser: FetchLike = async (input, init) => {
      const res = await prefersHtml()(input, init);
      if (res.status < 300 || res.status >= 400) return res;
      const opaque = { type: 'opaqueredirect', status: 0, ok: false, headers: new Headers() };
      return opaque as unknown as Response;
    };
    const client = clients.make({ fetch: asBrowser });
    const query = await throughProvider(client, 'google', newAccount('o').email);
    const error = await client.auth.handleOAuthCallback('google', query).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'OAUTH_REDIRECT', status: 0, location: null });
  });
});
