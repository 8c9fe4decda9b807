/**
 * The spec's "Client authentication state" table row by row, the local queries, session storage
 * and loading, and setToken — against the real server.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createClient,
  isKitwrightError,
  type KitwrightClient,
  memoryStorage,
  SESSION_STORAGE_KEY,
  type User,
} from '../src/index';
import { newAccount } from './support/accounts';
import { clientFactory, type LiveServer, sharedClock, startServer } from './support/live-server';
import { ME_PATH, REFRESH_PATH, recordingFetch } from './support/recording-fetch';

const { clock, now } = sharedClock();
let server: LiveServer;
const clients = clientFactory(() => server.baseUrl);

beforeAll(async () => {
  server = await startServer({ clock });
});
afterEach(() => clients.closeAll());
afterAll(async () => server.close());

/** Every event of the client and its auth component, in order, with its payload. */
function recordEvents(client: KitwrightClient) {
  const seen: Array<[string, unknown]> = [];
  for (const name of [
    'authenticated',
    'unauthenticated',
    'auth:login',
    'auth:logout',
    'auth:tokenRefreshed',
  ] as const)
    client.on(name, (payload) => seen.push([name, payload]));
  for (const name of ['registered', 'login', 'logout', 'tokenRefreshed', 'passwordChanged'] as const)
    client.auth.on(name, (payload) => seen.push([name, payload]));
  return seen;
}

function stored(storage: { getItem(key: string): string | null }) {
  const raw = storage.getItem(SESSION_STORAGE_KEY);
  return raw === null ? null : (JSON.parse(raw) as Record<string, unknown>);
}

/** The token's own `exp` claim, in milliseconds. */
function tokenExpiry(token: string): number {
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
  return payload.exp * 1000;
}

async function liveSessions(userId: string) {
  return server.t.database.db
    .selectFrom('auth_sessions')
    .select('id')
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

describe('unauthenticated → register or login → authenticated', () => {
  it('register: sets the flag, stores the session, syncs the token to the WebSocket, emits authenticated', async () => {
    const storage = memoryStorage();
    const client = clients.make({ storage, now });
    const events = recordEvents(client);
    client.ws.connect();
    expect(client.ws.status).toBe('waiting');
    expect(client.auth.isAuthenticated()).toBe(false);

    const account = newAccount();
    const ready = new Promise<{ user_id: string }>((resolve) => client.ws.once('ready', resolve));
    const response = await client.auth.register(account);

    expect(client.auth.isAuthenticated()).toBe(true);
    expect(client.auth.getUser()).toEqual(response.user);
    expect(response.user).toMatchObject({ username: account.username, email: account.email });
    expect(client.api.getToken()).toBe(response.access_token);
    expect(await ready).toEqual({ user_id: response.user.id });
    expect(server.realtime.connections(response.user.id)).toBe(1);

    const saved = stored(storage);
    expect(Object.keys(saved ?? {}).sort()).toEqual(['access_token', 'expires_at', 'refresh_token', 'user']);
    expect(saved).toEqual({
      access_token: response.access_token,
      refresh_token: response.refresh_token,
      user: response.user,
      expires_at: now() + 900_000,
    });
    expect(events).toEqual([
      ['registered', { user: response.user }],
      ['authenticated', response.user],
    ]);
  });

  it('login with the username or the email: emits login, auth:login, then authenticated', async () => {
    const account = newAccount();
    await clients.make().auth.register(account);

    for (const identifier of [account.username, account.email]) {
      const client = clients.make({ now });
      const events = recordEvents(client);
      const response = await client.auth.login({ username: identifier, password: account.password });
      expect(client.auth.isAuthenticated()).toBe(true);
      expect(response.token_type).toBe('Bearer');
      expect(response.expires_in).toBe(900);
      expect(events).toEqual([
        ['login', { user: response.user }],
        ['auth:login', { user: response.user }],
        ['authenticated', response.user],
      ]);
    }
  });

  it('a refused login leaves the client unauthenticated and emits nothing', async () => {
    const client = clients.make();
    const events = recordEvents(client);
    const error = await client.auth
      .login({ username: newAccount().username, password: 'not-the-password' })
      .catch((e: unknown) => e);
    expect(isKitwrightError(error) && error.code).toBe('INVALID_CREDENTIALS');
    expect(client.auth.isAuthenticated()).toBe(false);
    expect(events).toEqual([]);
  });
});

describe('authenticated → logout → unauthenticated', () => {
  it('sends the stored refresh token, clears local and stored session, resets API and WebSocket tokens, emits unauthenticated', async () => {
    const storage = memoryStorage();
    const recorder = recordingFetch();
    const client = clients.make({ storage, fetch: recorder.fetch });
    const { user, refresh_token } = await client.auth.register(newAccount());
    client.ws.connect();
    await vi.waitFor(() => expect(client.ws.status).toBe('ready'));
    const events = recordEvents(client);

    await client.auth.logout();

    expect(recorder.to('/api/v1/auth/logout').map((r) => r.body)).toEqual([{ refresh_token }]);
    expect(recorder.to('/api/v1/auth/logout')[0]?.status).toBe(204);
    expect(client.auth.isAuthenticated()).toBe(false);
    expect(client.auth.getSession()).toBeNull();
    expect(storage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(client.api.getToken()).toBeNull();
    expect(client.ws.status).toBe('waiting');
    await vi.waitFor(() => expect(server.realtime.connections(user.id)).toBe(0));
    expect(await liveSessions(user.id)).toEqual([]);
    expect(events).toEqual([
      ['logout', { user }],
      ['auth:logout', { user }],
      ['unauthenticated', undefined],
    ]);
  });

  it('signs out locally even when the server cannot be reached ("any" condition)', async () => {
    const storage = memoryStorage();
    let offline = false;
    const client = clients.make({
      storage,
      fetch: (input, init) => (offline ? Promise.reject(new TypeError('fetch failed')) : fetch(input, init)),
    });
    await client.auth.register(newAccount());
    const events = recordEvents(client);
    offline = true;
    await client.auth.logout();
    expect(client.auth.isAuthenticated()).toBe(false);
    expect(storage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(events.map(([name]) => name)).toEqual(['logout', 'auth:logout', 'unauthenticated']);
  });
});

describe('authenticated → token refresh → authenticated', () => {
  it('with a stored refresh token: new tokens in the AuthResponse shape, stored and used', async () => {
    const storage = memoryStorage();
    const recorder = recordingFetch();
    const client = clients.make({ storage, fetch: recorder.fetch, now });
    const first = await client.auth.register(newAccount());
    const events = recordEvents(client);

    const response = await client.auth.refresh();

    expect(Object.keys(response).sort()).toEqual([
      'access_token',
      'expires_in',
      'refresh_token',
      'token_type',
      'user',
    ]);
    expect(response.token_type).toBe('Bearer');
    expect(response.user.id).toBe(first.user.id);
    expect(response.refresh_token).not.toBe(first.refresh_token);
    expect(recorder.to(REFRESH_PATH).map((r) => r.body)).toEqual([{ refresh_token: first.refresh_token }]);
    expect(client.auth.isAuthenticated()).toBe(true);
    expect(stored(storage)).toMatchObject({
      access_token: response.access_token,
      refresh_token: response.refresh_token,
    });
    await client.api.get(ME_PATH);
    expect(recorder.to(ME_PATH)[0]?.headers.authorization).toBe(`Bearer ${response.access_token}`);
    const payload = { user: response.user, expires_at: now() + 900_000, source: 'server' };
    expect(events).toEqual([
      ['tokenRefreshed', payload],
      ['auth:tokenRefreshed', payload],
    ]);
  });

  it('with no stored refresh token: fails on the client with NO_REFRESH_TOKEN and sends nothing', async () => {
    const recorder = recordingFetch();
    const client = clients.make({ fetch: recorder.fetch });
    const error = await client.auth.refresh().catch((e: unknown) => e);
    expect(isKitwrightError(error)).toBe(true);
    expect(error).toMatchObject({ code: 'NO_REFRESH_TOKEN', status: 0, correlation_id: null });
    expect(recorder.requests).toEqual([]);
  });
});

describe('authenticated → password change → sessions invalidated', () => {
  it('ends every session of the user, clears this one, and emits passwordChanged then unauthenticated', async () => {
    const account = newAccount();
    const storage = memoryStorage();
    const here = clients.make({ storage });
    const { user } = await here.auth.register(account);
    const elsewhere = clients.make();
    await elsewhere.auth.login({ username: account.username, password: account.password });
    expect(await liveSessions(user.id)).toHaveLength(2);
    const events = recordEvents(here);
    const elsewhereEvents = recordEvents(elsewhere);

    const result = await here.auth.changePassword(account.password, 'a-brand-new-password');

    expect(result).toEqual({ ok: true, sessions_revoked: 2 });
    expect(await liveSessions(user.id)).toEqual([]);
    expect(here.auth.isAuthenticated()).toBe(false);
    expect(storage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(here.api.getToken()).toBeNull();
    expect(events).toEqual([
      ['passwordChanged', { user_id: user.id, sessions_revoked: 2 }],
      ['unauthenticated', undefined],
    ]);

    // The other session learns on its next request, and signs out too.
    const error = await elsewhere.api.get(ME_PATH).catch((e: unknown) => e);
    expect(isKitwrightError(error) && error.code).toBe('SESSION_REVOKED');
    expect(elsewhere.auth.isAuthenticated()).toBe(false);
    expect(elsewhereEvents).toEqual([['unauthenticated', undefined]]);

    const old = await clients
      .make()
      .auth.login({ username: account.username, password: account.password })
      .catch((e: unknown) => e);
    expect(isKitwrightError(old) && old.code).toBe('INVALID_CREDENTIALS');
    await clients.make().auth.login({ username: account.username, password: 'a-brand-new-password' });
  });

  it('a wrong old password changes nothing', async () => {
    const client = clients.make();
    await client.auth.register(newAccount());
    const error = await client.auth.changePassword('not-my-password', 'a-brand-new-password').catch((e) => e);
    expect(error).toMatchObject({ code: 'WRONG_PASSWORD', status: 400 });
    expect(client.auth.isAuthenticated()).toBe(true);
    await client.api.get(ME_PATH);
  });

  it('without a session it fails before sending anything', async () => {
    const recorder = recordingFetch();
    const error = await clients
      .make({ fetch: recorder.fetch })
      .auth.changePassword('a', 'b')
      .catch((e) => e);
    expect(error).toMatchObject({ code: 'UNAUTHENTICATED', status: 401 });
    expect(recorder.requests).toEqual([]);
  });
});

describe('queries on local state', () => {
  it('answer is-authenticated, current user and session, expiry and local validity without requests', async () => {
    const recorder = recordingFetch();
    const client = clients.make({ fetch: recorder.fetch, now, autoRefresh: false });
    expect(client.auth.isAuthenticated()).toBe(false);
    expect(client.auth.getUser()).toBeNull();
    expect(client.auth.getSession()).toBeNull();
    expect(client.auth.isSessionExpired()).toBe(true);
    expect(client.auth.isSessionValid()).toBe(false);
    expect(client.auth.getExpiresAt()).toBeNull();
    expect(client.auth.getExpiresIn()).toBeNull();

    const response = await client.auth.register(newAccount());
    const issuedAt = now();
    const sent = recorder.requests.length;
    expect(client.auth.getSession()).toEqual({
      access_token: response.access_token,
      refresh_token: response.refresh_token,
      user: response.user,
      expires_at: issuedAt + 900_000,
    });
    expect(client.auth.getExpiresAt()).toBe(issuedAt + 900_000);
    expect(client.auth.getExpiresIn()).toBe(900_000);
    expect(client.auth.isSessionExpired()).toBe(false);
    expect(client.auth.isSessionValid()).toBe(true);

    clock.advance(15 * 60_000 - 1);
    expect(client.auth.getExpiresIn()).toBe(1);
    expect(client.auth.isSessionValid()).toBe(true);
    clock.advance(1);
    expect(client.auth.isSessionExpired()).toBe(true);
    expect(client.auth.isSessionValid()).toBe(false);
    expect(client.auth.getExpiresIn()).toBe(0);
    // Still signed in: the refresh token outlives the access token.
    expect(client.auth.isAuthenticated()).toBe(true);
    expect(recorder.requests.length).toBe(sent);
  });

  it('getSession returns a copy that cannot change the held session', async () => {
    const client = clients.make();
    await client.auth.register(newAccount());
    const copy = client.auth.getSession();
    if (copy) copy.access_token = 'tampered';
    expect(client.auth.getAccessToken()).not.toBe('tampered');
  });
});

describe('loading a stored session', () => {
  it('loadSession restores a non-expired session before createClient returns', async () => {
    const storage = memoryStorage();
    const { user, access_token } = await clients.make({ storage, now }).auth.register(newAccount());
    const restored = clients.make({ storage, now });
    expect(restored.auth.isAuthenticated()).toBe(true);
    expect(restored.auth.getUser()).toEqual(user);
    expect(restored.api.getToken()).toBe(access_token);
    await restored.ready;
    expect((await restored.api.get<User>(ME_PATH)).id).toBe(user.id);
  });

  it('loadSession false starts signed out', async () => {
    const storage = memoryStorage();
    await clients.make({ storage }).auth.register(newAccount());
    const fresh = clients.make({ storage, loadSession: false });
    await fresh.ready;
    expect(fresh.auth.isAuthenticated()).toBe(false);
  });

  it('does not restore an expired session without auto-refresh', async () => {
    const storage = memoryStorage();
    await clients.make({ storage, now }).auth.register(newAccount());
    clock.advance(15 * 60_000);
    const restored = clients.make({ storage, now, autoRefresh: false });
    await restored.ready;
    expect(restored.auth.isAuthenticated()).toBe(false);
    expect(restored.api.getToken()).toBeNull();
  });

  it('with auto-refresh, an expired stored session is refreshed while loading', async () => {
    const storage = memoryStorage();
    const recorder = recordingFetch();
    const first = await clients.make({ storage, now }).auth.register(newAccount());
    clock.advance(20 * 60_000);
    const restored = clients.make({ storage, now, fetch: recorder.fetch });
    await restored.ready;
    expect(recorder.to(REFRESH_PATH)).toHaveLength(1);
    expect(restored.auth.isSessionValid()).toBe(true);
    expect(restored.auth.getSession()?.refresh_token).not.toBe(first.refresh_token);
    expect((await restored.api.get<User>(ME_PATH)).id).toBe(first.user.id);
  });

  it('ignores a malformed stored session', async () => {
    const storage = memoryStorage({ [SESSION_STORAGE_KEY]: '{"access_token":' });
    const client = clients.make({ storage });
    await client.ready;
    expect(client.auth.isAuthenticated()).toBe(false);
  });

  it('in a browser, keeps the session in localStorage under state_server_session by default', async () => {
    const localStorage = memoryStorage();
    vi.stubGlobal('document', {});
    vi.stubGlobal('localStorage', localStorage);
    try {
      const client = createClient({ baseUrl: server.baseUrl, broadcast: false });
      try {
        const response = await client.auth.register(newAccount());
        expect(stored(localStorage)).toEqual({
          access_token: response.access_token,
          refresh_token: response.refresh_token,
          user: response.user,
          expires_at: expect.any(Number),
        });
      } finally {
        client.close();
      }
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('setToken', () => {
  it('applies a token at once to the auth component, the API client and the WebSocket client', async () => {
    const alice = await clients.make().auth.register(newAccount('alice'));
    const bob = await clients.make().auth.register(newAccount('bob'));
    const client = clients.make();
    const events = recordEvents(client);
    client.ws.connect();

    client.setToken(alice.access_token);
    // Synchronously, before any await.
    expect(client.auth.isAuthenticated()).toBe(true);
    expect(client.auth.getAccessToken()).toBe(alice.access_token);
    expect(client.api.getToken()).toBe(alice.access_token);
    expect(client.auth.getExpiresAt()).toBe(tokenExpiry(alice.access_token));
    await vi.waitFor(() => expect(client.ws.userId).toBe(alice.user.id));
    expect((await client.api.get<User>(ME_PATH)).id).toBe(alice.user.id);
    // A token set directly carries no refresh token.
    expect(await client.auth.refresh().catch((e) => e.code)).toBe('NO_REFRESH_TOKEN');

    client.setToken(bob.access_token);
    expect(client.api.getToken()).toBe(bob.access_token);
    await vi.waitFor(() => expect(client.ws.userId).toBe(bob.user.id));
    expect(server.realtime.connections(alice.user.id)).toBe(0);
    expect(server.realtime.connections(bob.user.id)).toBe(1);

    client.setToken(null);
    expect(client.auth.isAuthenticated()).toBe(false);
    expect(client.api.getToken()).toBeNull();
    expect(client.ws.status).toBe('waiting');
    await vi.waitFor(() => expect(server.realtime.connections(bob.user.id)).toBe(0));
    expect(events).toEqual([['unauthenticated', undefined]]);
  });

  it('logout of a token set directly ends that session on the server through the Bearer token', async () => {
    const alice = clients.make();
    const { user } = await alice.auth.register(newAccount('alice'));
    const client = clients.make();
    client.setToken(alice.auth.getAccessToken());
    await client.auth.logout();
    expect(client.auth.isAuthenticated()).toBe(false);
    expect(await liveSessions(user.id)).toEqual([]);
  });

  it('keeps the known user only when the token is theirs, and fetchUser loads it', async () => {
    const alice = await clients.make().auth.register(newAccount('alice'));
    const client = clients.make();
    client.setToken(alice.access_token);
    expect(client.auth.getUser()).toBeNull();
    expect(client.auth.getExpiresAt()).toBeGreaterThan(Date.now());
    expect((await client.auth.fetchUser()).id).toBe(alice.user.id);
    expect(client.auth.getUser()?.id).toBe(alice.user.id);
  });
});
