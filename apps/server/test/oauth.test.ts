/** External sign-in with "google" and "apple" through a real local OpenID provider. */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalOidcProvider } from '../src/providers/oauth/local-oidc-provider';
import { createOpenIdOAuth } from '../src/providers/oauth/openid-oauth';
import { bearer, register, uniqueName } from './support/auth-helpers';
import { attemptCookie, signInAtProvider } from './support/oauth-flow';
import { createTestApp, type TestApp } from './support/test-app';

const BASE = 'http://localhost:3000';

/** Starts an attempt and signs in at the provider; returns what the callback needs. */
async function attempt(
  app: FastifyInstance,
  name: 'google' | 'apple',
  account: { email: string; verified?: boolean; name?: string },
) {
  const res = await app.inject({ url: `/api/v1/auth/oauth/${name}/url` });
  expect(res.statusCode).toBe(200);
  const { url } = res.json() as { url: string };
  const cookie = attemptCookie(res);
  const query = await signInAtProvider(url, `${BASE}/api/v1/auth/oauth/${name}/callback`, account);
  return { query, cookie };
}

function finish(
  app: FastifyInstance,
  name: 'google' | 'apple',
  a: { query: URLSearchParams; cookie: string },
) {
  return app.inject({
    url: `/api/v1/auth/oauth/${name}/callback?${a.query}`,
    headers: { cookie: a.cookie, accept: 'application/json' },
  });
}

describe('OAuth sign-in through the local OpenID provider', () => {
  let t: TestApp;
  let provider: Awaited<ReturnType<typeof startLocalOidcProvider>>;
  beforeAll(async () => {
    provider = await startLocalOidcProvider({
      port: 0,
      redirectUri: (p) => `${BASE}/api/v1/auth/oauth/${p}/callback`,
    });
    t = await createTestApp({
      oauth: createOpenIdOAuth({ providers: provider.settings, publicBaseUrl: BASE }),
    });
  });
  afterAll(async () => {
    await t.close();
    await provider.close();
  });

  async function start(name: 'google' | 'apple', headers: Record<string, string> = {}) {
    const res = await t.app.inject({ url: `/api/v1/auth/oauth/${name}/url`, headers });
    expect(res.statusCode).toBe(200);
    return { ...(res.json() as { url: string; state: string }), cookie: attemptCookie(res) };
  }

  async function complete(
    name: 'google' | 'apple',
    account: { email: string; verified?: boolean; name?: string },
  ) {
    const { url, state, cookie } = await start(name);
    const authUrl = new URL(url);
    expect(authUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authUrl.searchParams.get('nonce')).toBeTruthy();
    expect(authUrl.searchParams.get('state')).toBe(state);
    const query = await signInAtProvider(url, `${BASE}/api/v1/auth/oauth/${name}/callback`, account);
    return t.app.inject({
      url: `/api/v1/auth/oauth/${name}/callback?${query}`,
      headers: { cookie, accept: 'application/json' },
    });
  }

  it('signs a new person up with google: AuthResponse, verified email, signup event, audit', async () => {
    const email = `${uniqueName('g')}@example.com`;
    const res = await complete('google', { email, name: 'Gina Google' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual([
      'access_token',
      'expires_in',
      'refresh_token',
      'token_type',
      'user',
    ]);
    expect(body.user).toMatchObject({
      email,
      display_name: 'Gina Google',
      email_verified: true,
      auth_provider: 'google',
    });
    expect(
      (await t.app.inject({ url: '/api/v1/users/me', headers: bearer(body.access_token) })).statusCode,
    ).toBe(200);
    const event = await t.database.db
      .selectFrom('product_events')
      .selectAll()
      .where('name', '=', 'signup_completed')
      .where('user_id', '=', body.user.id)
      .executeTakeFirstOrThrow();
    expect(event.properties).toMatchObject({ auth_provider: 'google' });
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('actor_id', '=', body.user.id)
      .orderBy('seq')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['user.registered', 'auth.signed_in']);

    const again = await complete('google', { email, name: 'Gina Google' });
    expect(again.json().user.id).toBe(body.user.id);
  });

  it('works for apple too, as a separate identity', async () => {
    const email = `${uniqueName('a')}@example.com`;
    const res = await complete('apple', { email });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.auth_provider).toBe('apple');
  });

  it('links to an existing verified account only when the provider says the email is verified', async () => {
    const owner = await register(t.app);
    await t.database.db
      .updateTable('users')
      .set({ email_verified_at: new Date() })
      .where('id', '=', owner.user.id)
      .execute();
    const unverified = await complete('google', { email: owner.user.email, verified: false });
    expect(unverified.statusCode).toBe(409);
    expect(unverified.json().error.code).toBe('OAUTH_ACCOUNT_CONFLICT');
    const verified = await complete('google', { email: owner.user.email, verified: true });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().user.id).toBe(owner.user.id);
    const identity = await t.database.db
      .selectFrom('user_identities')
      .selectAll()
      .where('user_id', '=', owner.user.id)
      .executeTakeFirstOrThrow();
    expect(identity).toMatchObject({ provider: 'google', email_verified: true });
  });

  it('does not link to an account whose own email was never verified', async () => {
    const owner = await register(t.app);
    const res = await complete('apple', { email: owner.user.email, verified: true });
    expect(res.json().error.code).toBe('OAUTH_ACCOUNT_CONFLICT');
  });

  it('finishes an attempt only in the browser that started it, once', async () => {
    const { url, cookie } = await start('google');
    const query = await signInAtProvider(url, `${BASE}/api/v1/auth/oauth/google/callback`, {
      email: `${uniqueName()}@example.com`,
    });
    const callback = (headers: Record<string, string>) =>
      t.app.inject({
        url: `/api/v1/auth/oauth/google/callback?${query}`,
        headers: { accept: 'application/json', ...headers },
      });
    const refused = (res: Awaited<ReturnType<typeof callback>>, reason: string) => {
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'OAUTH_FAILED', details: { reason } });
    };
    // The return link opened in a browser that never started it (a planted link): no cookie.
    refused(await callback({}), 'not_started_in_this_browser');
    // The cookie altered by a single character does not open.
    const [name = '', value = ''] = cookie.split('=');
    const flipped = `${value.slice(0, 20)}${value[20] === 'A' ? 'B' : 'A'}${value.slice(21)}`;
    refused(await callback({ cookie: `${name}=${flipped}` }), 'not_started_in_this_browser');
    // Another attempt's cookie, as it was given, and under this attempt's name.
    const other = await start('google');
    refused(await callback({ cookie: other.cookie }), 'state_mismatch');
    const [, otherValue = ''] = other.cookie.split('=');
    refused(await callback({ cookie: `${name}=${otherValue}` }), 'not_started_in_this_browser');
    // None of that used the attempt up: the browser that started it finishes it, and the answer
    // drops its cookie.
    const done = await callback({ cookie });
    expect(done.statusCode).toBe(200);
    expect(done.cookies.find((c) => c.name === name)).toMatchObject({
      value: '',
      path: '/api/v1/auth/oauth',
    });
    // Once: the same cookie and link again are refused, and the refusal drops the cookie too.
    const replay = await callback({ cookie });
    refused(replay, 'unknown_or_expired_state');
    expect(replay.cookies.find((c) => c.name === name)).toMatchObject({ value: '' });
    // The cookie is for one provider.
    const wrongProvider = await t.app.inject({
      url: `/api/v1/auth/oauth/apple/callback?${query}`,
      headers: { cookie: other.cookie, accept: 'application/json' },
    });
    expect(wrongProvider.statusCode).toBe(400);
  });

  it('sends a browser that lands on the callback on to the web app, unconsumed', async () => {
    const { url, cookie } = await start('google');
    const query = await signInAtProvider(url, `${BASE}/api/v1/auth/oauth/google/callback`, {
      email: `${uniqueName()}@example.com`,
    });
    const nav = await t.app.inject({
      url: `/api/v1/auth/oauth/google/callback?${query}`,
      headers: { cookie, accept: 'text/html,application/xhtml+xml' },
    });
    expect(nav.statusCode).toBe(302);
    expect(nav.headers.location).toBe(`${BASE}/auth/callback/google?${query}`);
    expect(
      (await t.app.inject({ url: `/api/v1/auth/oauth/google/callback?${query}`, headers: { cookie } }))
        .statusCode,
    ).toBe(200);
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/oauth/apple/callback',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'code=abc&state=xyz',
    });
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).toBe(`${BASE}/auth/callback/apple?code=abc&state=xyz`);
  });

  it('signs people up at the same moment whose emails share a name: each gets a username of their own', async () => {
    const local = uniqueName('same');
    const attempts = [];
    for (const domain of ['a.example', 'b.example', 'c.example', 'd.example'])
      attempts.push(await attempt(t.app, 'google', { email: `${local}@${domain}` }));
    const answers = await Promise.all(attempts.map((a) => finish(t.app, 'google', a)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    const usernames = answers.map((a) => a.json().user.username as string);
    expect(new Set(usernames.map((u) => u.toLowerCase())).size).toBe(4);
    expect(usernames).toContain(local);
  });

  it('refuses a second Google account for an account already linked to another one (409, no takeover)', async () => {
    const email = `${uniqueName('twice')}@example.com`;
    const first = await complete('google', { email });
    expect(first.statusCode).toBe(200);
    const userId = first.json().user.id;
    // The account's Google identity is another Google account that shares this address.
    await t.database.db
      .updateTable('user_identities')
      .set({ subject: 'another-google-account-with-this-address' })
      .where('user_id', '=', userId)
      .execute();
    const second = await complete('google', { email, verified: true });
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toMatchObject({
      code: 'OAUTH_ACCOUNT_CONFLICT',
      details: { reason: 'provider_already_linked', provider: 'google' },
    });
    expect(second.json().error.message).toContain('already linked to a different Google account');
    const identities = await t.database.db
      .selectFrom('user_identities')
      .select(['provider', 'subject'])
      .where('user_id', '=', userId)
      .execute();
    expect(identities).toEqual([{ provider: 'google', subject: 'another-google-account-with-this-address' }]);
    // Apple is another provider: linking it to the same verified account still works.
    const apple = await complete('apple', { email, verified: true });
    expect(apple.statusCode).toBe(200);
    expect(apple.json().user.id).toBe(userId);
  });

  it("takes the name Apple posts on a first sign-in as the new account's display name", async () => {
    const email = `${uniqueName('apple')}@example.com`;
    const a = await attempt(t.app, 'apple', { email, name: 'Name From Token' });
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/oauth/apple/callback',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        code: a.query.get('code') ?? '',
        state: a.query.get('state') ?? '',
        user: JSON.stringify({ name: { firstName: 'Jane', lastName: 'Appleseed' }, email }),
      }).toString(),
    });
    expect(posted.statusCode).toBe(303);
    // The name is kept on the server, never put in the address the browser is sent to.
    expect(posted.headers.location).not.toContain('Jane');
    const res = await finish(t.app, 'apple', a);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ display_name: 'Jane Appleseed', auth_provider: 'apple' });
  });

  it('answers 404 in the envelope for an unknown provider, and OAUTH_FAILED for a provider error', async () => {
    const unknown = await t.app.inject('/api/v1/auth/oauth/github/url');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('NOT_FOUND');
    expect((await t.app.inject('/api/v1/auth/oauth/github/callback?code=a&state=b')).statusCode).toBe(404);
    const denied = await t.app.inject('/api/v1/auth/oauth/google/callback?error=access_denied&state=x');
    expect(denied.json().error).toMatchObject({ code: 'OAUTH_FAILED', details: { reason: 'access_denied' } });
  });
});

describe('Apple-style client authentication (client_secret_post with a secret made on demand)', () => {
  let t: TestApp;
  let provider: Awaited<ReturnType<typeof startLocalOidcProvider>>;
  let secretsAsked = 0;
  beforeAll(async () => {
    provider = await startLocalOidcProvider({
      port: 0,
      redirectUri: (p) => `${BASE}/api/v1/auth/oauth/${p}/callback`,
      tokenEndpointAuth: { apple: 'client_secret_post' },
    });
    const secret = provider.settings.apple.clientSecret as string;
    t = await createTestApp({
      oauth: createOpenIdOAuth({
        publicBaseUrl: BASE,
        providers: {
          google: provider.settings.google,
          apple: {
            ...provider.settings.apple,
            clientSecret: {
              get: async () => {
                secretsAsked++;
                return secret;
              },
            },
            tokenEndpointAuth: 'client_secret_post',
          },
        },
      }),
    });
  });
  afterAll(async () => {
    await t.close();
    await provider.close();
  });

  it('signs in with the secret sent as form fields, asking the source for it at each exchange', async () => {
    const res = await finish(
      t.app,
      'apple',
      await attempt(t.app, 'apple', { email: `${uniqueName()}@example.com` }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().user.auth_provider).toBe('apple');
    expect(secretsAsked).toBe(1);
    // Google keeps HTTP Basic with its fixed secret.
    const google = await finish(
      t.app,
      'google',
      await attempt(t.app, 'google', { email: `${uniqueName()}@example.com` }),
    );
    expect(google.statusCode).toBe(200);
  });
});
