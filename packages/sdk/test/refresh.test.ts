/**
 * Refresh against the real server with a controllable clock: the 5-minute auto-refresh window,
 * single flight, rotation, reuse detection, and the one retry after 401 INVALID_TOKEN.
 */
import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { isKitwrightError, memoryStorage, type User } from '../src/index';
import { newAccount } from './support/accounts';
import { clientFactory, type LiveServer, sharedClock, startServer } from './support/live-server';
import { ME_PATH, REFRESH_PATH, recordingFetch } from './support/recording-fetch';

const MINUTE = 60_000;
const { clock, now } = sharedClock();
let server: LiveServer;
const clients = clientFactory(() => server.baseUrl);

beforeAll(async () => {
  server = await startServer({ clock });
});
afterEach(() => {
  clients.closeAll();
  vi.useRealTimers();
});
afterAll(async () => server.close());

async function refreshTokenRows(sessionOf: string) {
  const row = await server.t.database.db
    .selectFrom('refresh_tokens')
    .select('session_id')
    .where('token_hash', '=', sha256(sessionOf))
    .executeTakeFirstOrThrow();
  return server.t.database.db
    .selectFrom('refresh_tokens')
    .select(['rotated_at'])
    .where('session_id', '=', row.session_id)
    .execute();
}

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

describe('auto-refresh within 5 minutes of expiry', () => {
  it('leaves a token with more than 5 minutes left alone, and refreshes one with 5 minutes or less before the request', async () => {
    const recorder = recordingFetch();
    const client = clients.make({ fetch: recorder.fetch, now });
    const first = await client.auth.register(newAccount());

    clock.advance(10 * MINUTE - 1000); // 5 min 1 s left
    await client.api.get(ME_PATH);
    expect(recorder.to(REFRESH_PATH)).toHaveLength(0);
    expect(client.auth.getAccessToken()).toBe(first.access_token);

    clock.advance(1000); // exactly 5 min left
    await client.api.get(ME_PATH);
    expect(recorder.requests.slice(-2).map((r) => r.path)).toEqual([REFRESH_PATH, ME_PATH]);
    const refreshed = client.auth.getAccessToken();
    expect(refreshed).not.toBe(first.access_token);
    expect(recorder.to(ME_PATH).at(-1)?.headers.authorization).toBe(`Bearer ${refreshed}`);
    expect(client.auth.getExpiresIn()).toBe(15 * MINUTE);
  });

  it('the background check refreshes without any request', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const recorder = recordingFetch();
    const client = clients.make({ fetch: recorder.fetch, now });
    await client.auth.register(newAccount());
    const refreshed = new Promise((resolve) => client.on('auth:tokenRefreshed', resolve));

    clock.advance(9 * MINUTE);
    vi.advanceTimersByTime(30_000);
    await Promise.resolve();
    expect(recorder.to(REFRESH_PATH)).toHaveLength(0);

    clock.advance(2 * MINUTE);
    vi.advanceTimersByTime(30_000);
    expect(await refreshed).toMatchObject({ source: 'server' });
    expect(recorder.to(REFRESH_PATH)).toHaveLength(1);
  });

  it('with autoRefresh false nothing refreshes on its own', async () => {
    const recorder = recordingFetch();
    const client = clients.make({ fetch: recorder.fetch, now, autoRefresh: false });
    await client.auth.register(newAccount());
    clock.advance(12 * MINUTE);
    await client.api.get(ME_PATH);
    expect(recorder.to(REFRESH_PATH)).toHaveLength(0);
  });
});

describe('single flight', () => {
  it('concurrent refresh() calls and requests share one rotation', async () => {
    const recorder = recordingFetch();
    const client = clients.make({ fetch: recorder.fetch, now });
    const first = await client.auth.register(newAccount());
    clock.advance(11 * MINUTE);

    const [a, b, c] = await Promise.all([
      client.auth.refresh(),
      client.auth.refresh(),
      client.auth.refresh(),
      client.api.get<User>(ME_PATH),
      client.api.get<User>(ME_PATH),
    ]);

    expect(recorder.to(REFRESH_PATH)).toHaveLength(1);
    expect(a.refresh_token).toBe(b.refresh_token);
    expect(b.refresh_token).toBe(c.refresh_token);
    expect(client.auth.getSession()?.refresh_token).toBe(a.refresh_token);
    expect(await refreshTokenRows(first.refresh_token)).toHaveLength(2);
  });
});

describe('rotation and reuse detection', () => {
  it('each refresh rotates: one live refresh token per session, the earlier ones marked rotated', async () => {
    const client = clients.make({ now });
    const first = await client.auth.register(newAccount());
    const second = await client.auth.refresh();
    const third = await client.auth.refresh();
    expect(new Set([first.refresh_token, second.refresh_token, third.refresh_token]).size).toBe(3);
    const rows = await refreshTokenRows(first.refresh_token);
    expect(rows).toHaveLength(3);
    expect(rows.filter((r) => r.rotated_at === null)).toHaveLength(1);
  });

  it('presenting a rotated refresh token ends the whole session; both copies sign out', async () => {
    const original = memoryStorage();
    const here = clients.make({ storage: original, now });
    const { user } = await here.auth.register(newAccount());
    // A stale copy of the session elsewhere (another device, or a tab without coordination).
    const copy = memoryStorage();
    for (const key of ['state_server_session']) copy.setItem(key, original.getItem(key) ?? '');
    const stale = clients.make({ storage: copy, now });
    const staleSignedOut = new Promise((resolve) => stale.once('unauthenticated', () => resolve(true)));

    await here.auth.refresh();
    const error = await stale.auth.refresh().catch((e: unknown) => e);

    expect(isKitwrightError(error)).toBe(true);
    expect(error).toMatchObject({ code: 'SESSION_REVOKED', status: 401 });
    expect(await staleSignedOut).toBe(true);
    expect(stale.auth.isAuthenticated()).toBe(false);
    expect(copy.getItem('state_server_session')).toBeNull();

    const sessions = await server.t.database.db
      .selectFrom('auth_sessions')
      .select(['revoked_at', 'revoked_reason'])
      .where('user_id', '=', user.id)
      .execute();
    expect(sessions).toEqual([{ revoked_at: expect.any(Date), revoked_reason: 'refresh_token_reused' }]);

    // The rotated tokens of the first copy belonged to the same session: ended too.
    const hereSignedOut = new Promise((resolve) => here.once('unauthenticated', () => resolve(true)));
    const revoked = await here.api.get(ME_PATH).catch((e: unknown) => e);
    expect(revoked).toMatchObject({ code: 'SESSION_REVOKED' });
    expect(await hereSignedOut).toBe(true);
  });

  it('an unknown refresh token is refused with INVALID_TOKEN and the client signs out', async () => {
    const storage = memoryStorage({
      state_server_session: JSON.stringify({
        access_token: 'not-a-jwt',
        refresh_token: 'kwr_unknown',
        user: null,
        expires_at: now() + 10 * MINUTE,
      }),
    });
    const client = clients.make({ storage, now });
    expect(client.auth.isAuthenticated()).toBe(true);
    const error = await client.auth.refresh().catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'INVALID_TOKEN', status: 401 });
    expect(client.auth.isAuthenticated()).toBe(false);
    expect(storage.getItem('state_server_session')).toBeNull();
  });
});

describe('refresh racing a sign-out', () => {
  it('tokens of a refresh that lands after logout are not brought back', async () => {
    let releaseRefresh: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      releaseRefresh = resolve;
    });
    const storage = memoryStorage();
    // The refresh reaches the server (which rotates) but its answer is held until after logout.
    const client = clients.make({
      storage,
      now,
      fetch: async (input, init) => {
        const res = await fetch(input, init);
        if (input.endsWith(REFRESH_PATH)) await held;
        return res;
      },
    });
    await client.auth.register(newAccount());
    const refreshing = client.auth.refresh();
    await vi.waitFor(async () => {
      const rows = await refreshTokenRows(
        JSON.parse(storage.getItem('state_server_session') ?? '{}').refresh_token,
      );
      expect(rows.some((r) => r.rotated_at !== null)).toBe(true);
    });

    await client.auth.logout();
    releaseRefresh();
    await refreshing;

    expect(client.auth.isAuthenticated()).toBe(false);
    expect(client.api.getToken()).toBeNull();
    expect(storage.getItem('state_server_session')).toBeNull();
  });
});

describe('401 INVALID_TOKEN', () => {
  it('refreshes once and retries once when the server finds the token expired', async () => {
    const recorder = recordingFetch();
    // This client's clock stands still while the server's moves on, so it believes its token is fresh.
    const frozen = now();
    const client = clients.make({ fetch: recorder.fetch, now: () => frozen });
    const { user } = await client.auth.register(newAccount());
    clock.advance(16 * MINUTE);

    expect((await client.api.get<User>(ME_PATH)).id).toBe(user.id);
    expect(recorder.requests.slice(-3).map((r) => [r.path, r.status])).toEqual([
      [ME_PATH, 401],
      [REFRESH_PATH, 200],
      [ME_PATH, 200],
    ]);
  });

  it('gives up after the one retry and keeps the session', async () => {
    // Corrupts the token on every /users/me request, so the server refuses each one.
    const recorder = recordingFetch((url, init) =>
      url.pathname === ME_PATH
        ? {
            ...init,
            headers: { ...(init.headers as Record<string, string>), authorization: 'Bearer broken' },
          }
        : undefined,
    );
    const client = clients.make({ fetch: recorder.fetch, now });
    await client.auth.register(newAccount());

    const error = await client.api.get(ME_PATH).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'INVALID_TOKEN', status: 401 });
    expect(recorder.to(ME_PATH)).toHaveLength(2);
    expect(recorder.to(REFRESH_PATH)).toHaveLength(1);
    expect(client.auth.isAuthenticated()).toBe(true);
  });

  it('does not retry requests sent without a token', async () => {
    const recorder = recordingFetch();
    const client = clients.make({ fetch: recorder.fetch });
    const error = await client.api.get(ME_PATH).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'UNAUTHENTICATED', status: 401 });
    expect(recorder.requests).toHaveLength(1);
  });
});
