/**
 * OAuth attempts bound to the browser that began them: the sealed attempt cookie, several open
 * attempts in one browser, and a planted return link (someone else's attempt opened by a visitor),
 * which must neither sign the visitor in nor move their belongings to the other person's account.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../src/platform/secrets';
import { startLocalOidcProvider } from '../src/providers/oauth/local-oidc-provider';
import { createOpenIdOAuth } from '../src/providers/oauth/openid-oauth';
import { bearer, uniqueName } from './support/auth-helpers';
import { attemptCookie, signInAtProvider } from './support/oauth-flow';
import { createTestApp, type TestApp } from './support/test-app';

const BASE = 'http://localhost:3000';
const CALLBACK = `${BASE}/api/v1/auth/oauth/google/callback`;

describe('OAuth attempts are bound to the browser that began them', () => {
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

  /** A visitor session with a support conversation that holds the visitor's contact email. */
  async function visitorWithConversation() {
    const visitor = (await t.app.inject({ method: 'POST', url: '/api/v1/auth/anonymous' })).json();
    const headers = { 'x-visitor-session': visitor.session_token as string };
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/support/conversations',
      headers,
      payload: {
        subject: 'Where is my order?',
        category: 'question',
        message: 'Please write to me.',
        contact_email: `${uniqueName('visitor')}@example.com`,
      },
    });
    expect(asked.statusCode).toBe(201);
    return { id: visitor.session_id as string, headers, conversation: asked.json().id as string };
  }

  async function conversationIds(headers: Record<string, string>): Promise<string[]> {
    const res = await t.app.inject({ url: '/api/support/conversations', headers });
    expect(res.statusCode).toBe(200);
    return res.json().items.map((c: { id: string }) => c.id);
  }

  async function claimedBy(visitorId: string): Promise<string | null> {
    const row = await t.database.db
      .selectFrom('visitor_sessions')
      .select('claimed_by_user_id')
      .where('id', '=', visitorId)
      .executeTakeFirstOrThrow();
    return row.claimed_by_user_id;
  }

  /** Starts an attempt (as the given visitor, if any) and signs in at the provider. */
  async function begin(email: string, headers: Record<string, string> = {}) {
    const started = await t.app.inject({ url: '/api/v1/auth/oauth/google/url', headers });
    expect(started.statusCode).toBe(200);
    const query = await signInAtProvider(started.json().url, CALLBACK, { email });
    return { started, query, cookie: attemptCookie(started) };
  }

  const callback = (query: URLSearchParams, headers: Record<string, string>) =>
    t.app.inject({
      url: `/api/v1/auth/oauth/google/callback?${query}`,
      headers: { accept: 'application/json', ...headers },
    });

  it('carries state, verifier and nonce in a sealed, HttpOnly, short-lived cookie for the OAuth routes only', async () => {
    const started = await t.app.inject({ url: '/api/v1/auth/oauth/google/url' });
    const { state, url } = started.json();
    const set = started.cookies.filter((c) => c.name.startsWith('kw_oauth_'));
    expect(set).toHaveLength(1);
    expect(set[0]).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/api/v1/auth/oauth',
      maxAge: 600,
    });
    expect(set[0]?.secure).toBeFalsy();
    // Sealed: nothing of the attempt can be read from it.
    const value = set[0]?.value ?? '';
    const nonce = new URL(url).searchParams.get('nonce') ?? '';
    for (const secret of [state, nonce]) {
      expect(value).not.toContain(secret);
      expect(Buffer.from(value, 'base64url').toString('latin1')).not.toContain(secret);
    }
    // The server keeps no verifier or nonce for the attempt: the cookie is the only way to finish it.
    const stored = await t.database.db
      .selectFrom('oauth_attempts')
      .select(['code_verifier', 'nonce'])
      .where('state_hash', '=', sha256Hex(state))
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ code_verifier: null, nonce: null });
  });

  it('keeps the three newest attempts of one browser open (several tabs), dropping the oldest', async () => {
    const jar = new Map<string, string>();
    const keep = (res: LightMyRequestResponse) => {
      for (const c of res.cookies) {
        if (c.value === '') jar.delete(c.name);
        else jar.set(c.name, c.value);
      }
    };
    const header = () => ({ cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') });
    const tabs = [];
    for (let i = 0; i < 4; i++) {
      const started = await t.app.inject({ url: '/api/v1/auth/oauth/google/url', headers: header() });
      keep(started);
      const query = await signInAtProvider(started.json().url, CALLBACK, {
        email: `${uniqueName(`tab${i}`)}@example.com`,
      });
      tabs.push(query);
    }
    expect(jar.size).toBe(3);
    const [oldest, ...newer] = tabs;
    if (!oldest) throw new Error('no attempts');
    const refused = await callback(oldest, header());
    expect(refused.json().error).toMatchObject({
      code: 'OAUTH_FAILED',
      details: { reason: 'state_mismatch' },
    });
    for (const query of newer) {
      const res = await callback(query, header());
      expect(res.statusCode).toBe(200);
      keep(res);
    }
    expect(jar.size).toBe(0);
  });

  it('refuses a planted return link: the visitor is not signed in and keeps their conversation', async () => {
    const victim = await visitorWithConversation();
    const attackerEmail = `${uniqueName('attacker')}@example.com`;
    // The attacker begins the sign-in in their own browser and keeps the unused return link.
    const planted = await begin(attackerEmail);
    // The victim opens it: their browser presents their visitor session and no attempt cookie.
    const opened = await callback(planted.query, victim.headers);
    expect(opened.statusCode).toBe(400);
    expect(opened.json().error).toMatchObject({
      code: 'OAUTH_FAILED',
      details: { reason: 'not_started_in_this_browser' },
    });
    expect(opened.json()).not.toHaveProperty('access_token');
    // Nothing moved: the visitor session is still the victim's, with their conversation.
    expect(opened.cookies.find((c) => c.name === 'kw_visitor')).toBeUndefined();
    expect(await claimedBy(victim.id)).toBeNull();
    expect(await conversationIds(victim.headers)).toEqual([victim.conversation]);
    // The attacker finishing their own attempt gets an account without the victim's conversation.
    const own = await callback(planted.query, { cookie: planted.cookie });
    expect(own.statusCode).toBe(200);
    expect(own.json().user.email).toBe(attackerEmail);
    expect(await conversationIds(bearer(own.json().access_token))).toEqual([]);
    expect(await claimedBy(victim.id)).toBeNull();
  });

  it('moves visitor belongings only when the visitor session that began the attempt finishes it', async () => {
    // Bound, but finished with another visitor session than began it (the attempt's own is not
    // presented): neither moves, and the presented one keeps its cookie.
    const starter = await visitorWithConversation();
    const other = await visitorWithConversation();
    const mixed = await begin(`${uniqueName('mixed')}@example.com`, starter.headers);
    const signedIn = await callback(mixed.query, { cookie: mixed.cookie, ...other.headers });
    expect(signedIn.statusCode).toBe(200);
    expect(await conversationIds(bearer(signedIn.json().access_token))).toEqual([]);
    expect(await claimedBy(starter.id)).toBeNull();
    expect(await claimedBy(other.id)).toBeNull();
    expect(await conversationIds(other.headers)).toEqual([other.conversation]);
    expect(signedIn.cookies.find((c) => c.name === 'kw_visitor')).toBeUndefined();

    // The same visitor session begins and finishes: its conversation moves to the account.
    const same = await visitorWithConversation();
    const own = await begin(`${uniqueName('own')}@example.com`, same.headers);
    const done = await callback(own.query, { cookie: own.cookie, ...same.headers });
    expect(done.statusCode).toBe(200);
    const userId = done.json().user.id;
    expect(await claimedBy(same.id)).toBe(userId);
    expect(await conversationIds(bearer(done.json().access_token))).toEqual([same.conversation]);
    expect(done.cookies.find((c) => c.name === 'kw_visitor')).toMatchObject({ value: '' });
  });
});
