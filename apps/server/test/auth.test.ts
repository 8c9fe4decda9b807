import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAuditChain } from '../src/platform/audit';
import { ManualClock } from '../src/platform/clock';
import { bearer, login, register, uniqueName } from './support/auth-helpers';
import { createTestApp, type TestApp } from './support/test-app';

describe('accounts and sessions', () => {
  let t: TestApp;
  const clock = new ManualClock(new Date());
  beforeAll(async () => {
    t = await createTestApp({ clock });
  });
  afterAll(async () => t.close());

  it('registers and answers with AuthResponse exactly, accepting displayName as an alias', async () => {
    const username = uniqueName('reg');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: {
        username,
        email: `${username.toUpperCase()}@Example.com`,
        password: 'long-enough-pw',
        displayName: 'Alias Name',
      },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual([
      'access_token',
      'expires_in',
      'refresh_token',
      'token_type',
      'user',
    ]);
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 900 });
    expect(body.user).toMatchObject({
      username,
      email: `${username}@example.com`,
      display_name: 'Alias Name',
      roles: ['user'],
      email_verified: false,
      auth_provider: 'password',
    });
    expect(body.user).not.toHaveProperty('password_hash');
    const me = await t.app.inject({ url: '/api/v1/users/me', headers: bearer(body.access_token) });
    expect(me.json().id).toBe(body.user.id);
  });

  it('emits signup_completed with its required properties', async () => {
    const user = await register(t.app);
    const event = await t.database.db
      .selectFrom('product_events')
      .selectAll()
      .where('name', '=', 'signup_completed')
      .where('user_id', '=', user.user.id)
      .executeTakeFirstOrThrow();
    expect(event.properties).toEqual({
      user_id: user.user.id,
      auth_provider: 'password',
      source_surface: 'web',
      // Registered without a visitor session or campaign: no touch is known (never made up).
      source_attribution: { first_touch: null, last_touch: null },
    });
  });

  it('refuses a taken username or email (any case) and weak or malformed input', async () => {
    const first = await register(t.app);
    const dupName = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: {
        username: first.user.username.toUpperCase(),
        email: `${uniqueName()}@example.com`,
        password: 'long-enough-pw',
      },
    });
    expect(dupName.statusCode).toBe(409);
    expect(dupName.json().error).toMatchObject({ code: 'ACCOUNT_EXISTS', details: { field: 'username' } });
    const dupEmail = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { username: uniqueName(), email: first.user.email.toUpperCase(), password: 'long-enough-pw' },
    });
    expect(dupEmail.json().error).toMatchObject({ code: 'ACCOUNT_EXISTS', details: { field: 'email' } });
    const weak = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { username: uniqueName(), email: `${uniqueName()}@example.com`, password: 'short' },
    });
    expect(weak.json().error.code).toBe('WEAK_PASSWORD');
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { username: 'a b', email: 'not-an-email', password: 'long-enough-pw' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.details.fields).sort()).toEqual(['email', 'username']);
  });

  it('signs in with a username or an email, and fails identically for a wrong password and an unknown account', async () => {
    const user = await register(t.app);
    expect((await login(t.app, user.user.username, user.password)).statusCode).toBe(200);
    expect((await login(t.app, user.user.email.toUpperCase(), user.password)).statusCode).toBe(200);
    const wrong = await login(t.app, user.user.username, 'not-the-password');
    const unknown = await login(t.app, uniqueName('ghost'), 'not-the-password');
    expect([wrong.statusCode, unknown.statusCode]).toEqual([401, 401]);
    const strip = (b: { error: Record<string, unknown> }) => ({ ...b.error, correlation_id: undefined });
    expect(strip(wrong.json())).toEqual(strip(unknown.json()));
    expect(wrong.json().error.code).toBe('INVALID_CREDENTIALS');
  });

  it('keeps device id, IP and user agent on the session', async () => {
    const user = await register(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'user-agent': 'KitwrightTest/1.0' },
      payload: { username: user.user.username, password: user.password, device_id: 'device-abc' },
    });
    expect(res.statusCode).toBe(200);
    const session = await t.database.db
      .selectFrom('auth_sessions')
      .selectAll()
      .where('user_id', '=', user.user.id)
      .where('device_id', '=', 'device-abc')
      .executeTakeFirstOrThrow();
    expect(session).toMatchObject({
      user_agent: 'KitwrightTest/1.0',
      ip_address: '127.0.0.1',
      provider: 'password',
    });
  });

  // Per (account, address) limits, the account's slow-down and bursts: sign-in-throttling.test.ts.
  it('throttles failed sign-ins per IP address across accounts', async () => {
    const headers = { 'x-forwarded-for': '198.51.100.9' };
    const ip = await createTestApp({ clock: new ManualClock(new Date()), env: { TRUST_PROXY: 'true' } });
    try {
      for (let i = 0; i < 50; i++) await login(ip.app, uniqueName('spray'), 'wrong-password-x', headers);
      const res = await login(ip.app, uniqueName('spray'), 'wrong-password-x', headers);
      expect(res.statusCode).toBe(429);
      expect(
        (await login(ip.app, uniqueName('other'), 'wrong-password-x', { 'x-forwarded-for': '198.51.100.10' }))
          .statusCode,
      ).toBe(401);
    } finally {
      await ip.close();
    }
  });

  it('rotates the refresh token on every refresh and revokes the whole session when an old one is reused', async () => {
    const user = await register(t.app);
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      payload: { refresh_token: user.refresh_token },
    });
    expect(first.statusCode).toBe(200);
    const rotated = first.json();
    expect(rotated.refresh_token).not.toBe(user.refresh_token);
    expect(Object.keys(rotated).sort()).toEqual([
      'access_token',
      'expires_in',
      'refresh_token',
      'token_type',
      'user',
    ]);
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      payload: { refresh_token: rotated.refresh_token },
    });
    expect(second.statusCode).toBe(200);
    // The first token comes back: someone has a copy. The family dies, including the newest token.
    const reuse = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      payload: { refresh_token: user.refresh_token },
    });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().error.code).toBe('SESSION_REVOKED');
    const newest = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      payload: { refresh_token: second.json().refresh_token },
    });
    expect(newest.json().error.code).toBe('SESSION_REVOKED');
    const me = await t.app.inject({ url: '/api/v1/users/me', headers: bearer(second.json().access_token) });
    expect(me.json().error.code).toBe('SESSION_REVOKED');
    const stored = await t.database.db.selectFrom('refresh_tokens').select('token_hash').execute();
    expect(stored.some((r) => r.token_hash === user.refresh_token)).toBe(false);
  });

  it('expires access tokens after 15 minutes; refresh gives a working one', async () => {
    const user = await register(t.app);
    clock.advance(15 * 60 * 1000 + 1000);
    const expired = await t.app.inject({ url: '/api/v1/users/me', headers: bearer(user.access_token) });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error.code).toBe('INVALID_TOKEN');
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      payload: { refresh_token: user.refresh_token },
    });
    expect(
      (await t.app.inject({ url: '/api/v1/users/me', headers: bearer(refreshed.json().access_token) }))
        .statusCode,
    ).toBe(200);
  });

  it('logs out: the session ends for both tokens, and it is audited', async () => {
    const user = await register(t.app);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      payload: { refresh_token: user.refresh_token },
    });
    expect(out.statusCode).toBe(204);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/refresh',
          payload: { refresh_token: user.refresh_token },
        })
      ).json().error.code,
    ).toBe('SESSION_REVOKED');
    expect(
      (await t.app.inject({ url: '/api/v1/users/me', headers: bearer(user.access_token) })).json().error.code,
    ).toBe('SESSION_REVOKED');
    const actions = await t.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('actor_id', '=', user.user.id)
      .orderBy('seq')
      .execute();
    expect(actions.map((a) => a.action)).toEqual(['user.registered', 'auth.signed_in', 'auth.signed_out']);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/logout',
          payload: { refresh_token: 'kwr_unknown' },
        })
      ).statusCode,
    ).toBe(204);
  });

  it('changes a password only with the old one, for oneself, and ends every session', async () => {
    const user = await register(t.app);
    const other = await login(t.app, user.user.username, user.password);
    const url = `/api/v1/users/${user.user.id}/change-password`;
    const wrong = await t.app.inject({
      method: 'POST',
      url,
      headers: bearer(user.access_token),
      payload: { old_password: 'nope-nope-nope', new_password: 'brand-new-password' },
    });
    expect(wrong.json().error.code).toBe('WRONG_PASSWORD');
    const stranger = await register(t.app);
    const foreign = await t.app.inject({
      method: 'POST',
      url,
      headers: bearer(stranger.access_token),
      payload: { old_password: user.password, new_password: 'brand-new-password' },
    });
    expect(foreign.statusCode).toBe(403);
    const anon = await t.app.inject({
      method: 'POST',
      url,
      payload: { old_password: user.password, new_password: 'brand-new-password' },
    });
    expect(anon.statusCode).toBe(401);
    const ok = await t.app.inject({
      method: 'POST',
      url,
      headers: bearer(user.access_token),
      payload: { old_password: user.password, new_password: 'brand-new-password' },
    });
    expect(ok.json()).toEqual({ ok: true, sessions_revoked: 2 });
    for (const token of [user.refresh_token, other.json().refresh_token]) {
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/v1/auth/refresh',
            payload: { refresh_token: token },
          })
        ).json().error.code,
      ).toBe('SESSION_REVOKED');
    }
    expect((await login(t.app, user.user.username, user.password)).statusCode).toBe(401);
    expect((await login(t.app, user.user.username, 'brand-new-password')).statusCode).toBe(200);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'auth.password_changed')
      .where('resource_id', '=', user.user.id)
      .executeTakeFirstOrThrow();
    expect(audit.details).toEqual({ sessions_revoked: 2 });
  });

  it('gives a visitor an anonymous session, and moves it to the account on sign-up', async () => {
    const visit = await t.app.inject({ method: 'POST', url: '/api/v1/auth/anonymous' });
    expect(visit.statusCode).toBe(201);
    const { session_id, session_token } = visit.json();
    const cookie = visit.cookies.find((c) => c.name === 'kw_visitor');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const shell = await t.app.inject({
      url: '/api/app-shell',
      headers: { 'x-visitor-session': session_token },
    });
    expect(shell.json().user).toEqual({ authenticated: false, session_id });
    const forged = await t.app.inject({
      url: '/api/app-shell',
      headers: { 'x-visitor-session': `${session_id}.forged-signature` },
    });
    expect(forged.json().user.session_id).toBeNull();
    // What the visitor owns (here a support conversation) moves to the account in the sign-up.
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/support/conversations',
      headers: { 'x-visitor-session': session_token },
      payload: {
        subject: 'A question',
        category: 'question',
        message: 'Hello?',
        contact_email: 'v@example.com',
      },
    });
    expect(asked.statusCode).toBe(201);
    const user = await register(t.app, {}, { 'x-visitor-session': session_token });
    const mine = await t.app.inject({
      url: '/api/support/conversations',
      headers: { authorization: `Bearer ${user.access_token}` },
    });
    expect(mine.json().items.map((c: { id: string }) => c.id)).toEqual([asked.json().id]);
    const row = await t.database.db
      .selectFrom('visitor_sessions')
      .selectAll()
      .where('id', '=', session_id)
      .executeTakeFirstOrThrow();
    expect(row.claimed_by_user_id).toBe(user.user.id);
    // A claimed session no longer identifies anyone.
    const after = await t.app.inject({
      url: '/api/app-shell',
      headers: { 'x-visitor-session': session_token },
    });
    expect(after.json().user.session_id).toBeNull();
    expect((await verifyAuditChain(t.database.db)).ok).toBe(true);
  });

  it('fails a sign-in closed when the audit log cannot be written', async () => {
    const user = await register(t.app);
    await sql`CREATE OR REPLACE FUNCTION fail_audit() RETURNS trigger LANGUAGE plpgsql AS $$
              BEGIN RAISE EXCEPTION 'injected audit failure'; END; $$`.execute(t.database.db);
    await sql`CREATE TRIGGER audit_fault BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION fail_audit()`.execute(
      t.database.db,
    );
    try {
      const before = await t.database.db
        .selectFrom('auth_sessions')
        .select('id')
        .where('user_id', '=', user.user.id)
        .execute();
      const res = await login(t.app, user.user.username, user.password);
      expect(res.statusCode).toBe(503);
      expect(res.json().error.code).toBe('AUDIT_UNAVAILABLE');
      const after = await t.database.db
        .selectFrom('auth_sessions')
        .select('id')
        .where('user_id', '=', user.user.id)
        .execute();
      expect(after.length).toBe(before.length);
      const signal = await t.database.db
        .selectFrom('alert_signals')
        .selectAll()
        .where('alert_key', '=', 'audit_fail_closed')
        .orderBy('occurred_at', 'desc')
        .executeTakeFirstOrThrow();
      expect(signal.correlation_id).toBe(res.headers['x-request-id']);
    } finally {
      await sql`DROP TRIGGER audit_fault ON audit_log`.execute(t.database.db);
    }
  });
});

describe('signing out with only the access token', () => {
  it('ends the bearer token session when no body is sent', async () => {
    const t = await createTestApp();
    try {
      const user = await register(t.app);
      const out = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/logout',
        headers: bearer(user.access_token),
      });
      expect(out.statusCode).toBe(204);
      expect(
        (await t.app.inject({ url: '/api/v1/users/me', headers: bearer(user.access_token) })).json().error
          .code,
      ).toBe('SESSION_REVOKED');
    } finally {
      await t.close();
    }
  });
});
