/**
 * Tabs: two clients share one storage (localStorage) and one lock manager (navigator.locks).
 * Concurrent refreshes must rotate the token once, leaving both signed in with the same tokens.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createLocalLockManager,
  type KitwrightClient,
  type LockManagerLike,
  memoryStorage,
  SESSION_STORAGE_KEY,
  type User,
} from '../src/index';
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
  vi.unstubAllGlobals();
});
afterAll(async () => server.close());

function eventsOf(client: KitwrightClient) {
  const seen: string[] = [];
  client.on('authenticated', () => seen.push('authenticated'));
  client.on('unauthenticated', () => seen.push('unauthenticated'));
  client.on('auth:tokenRefreshed', (p) => seen.push(`tokenRefreshed:${p.source}`));
  return seen;
}

async function sessionState(userId: string) {
  return server.t.database.db
    .selectFrom('auth_sessions')
    .innerJoin('refresh_tokens', 'refresh_tokens.session_id', 'auth_sessions.id')
    .select(['auth_sessions.revoked_at', 'refresh_tokens.rotated_at'])
    .where('auth_sessions.user_id', '=', userId)
    .execute();
}

/** Two "tabs" of one browser: shared storage, the given locks, tab broadcast off unless asked. */
async function twoTabs(locks: { a: LockManagerLike; b: LockManagerLike }, broadcast = false) {
  const storage = memoryStorage();
  const recorder = recordingFetch();
  const common = { storage, fetch: recorder.fetch, now, broadcast };
  const a = clients.make({ ...common, locks: locks.a });
  const { user } = await a.auth.register(newAccount('tab'));
  const b = clients.make({ ...common, locks: locks.b });
  expect(b.auth.getUser()?.id).toBe(user.id);
  return { a, b, storage, recorder, user };
}

describe('the local lock manager', () => {
  it('grants one holder at a time, in request order, and releases when a holder fails', async () => {
    const locks = createLocalLockManager();
    const log: string[] = [];
    const hold = (name: string, fail = false) =>
      locks.request('x', async () => {
        log.push(`start ${name}`);
        await new Promise((resolve) => setImmediate(resolve));
        log.push(`end ${name}`);
        if (fail) throw new Error(name);
        return name;
      });
    const results = await Promise.allSettled([hold('1'), hold('2', true), hold('3')]);
    expect(log).toEqual(['start 1', 'end 1', 'start 2', 'end 2', 'start 3', 'end 3']);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    // Another name is not held up by this one.
    expect(await locks.request('y', async () => 'free')).toBe('free');
  });
});

describe('two tabs refreshing at once', () => {
  it('rotate the token exactly once and both stay signed in with the same new tokens', async () => {
    const shared = createLocalLockManager();
    const { a, b, storage, recorder, user } = await twoTabs({ a: shared, b: shared });
    const eventsA = eventsOf(a);
    const eventsB = eventsOf(b);
    clock.advance(11 * MINUTE);

    const results = await Promise.all([
      a.auth.refresh(),
      b.auth.refresh(),
      a.api.get<User>(ME_PATH),
      b.api.get<User>(ME_PATH),
    ]);

    expect(recorder.to(REFRESH_PATH)).toHaveLength(1);
    const rows = await sessionState(user.id);
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.revoked_at === null)).toBe(true);
    const tokensA = a.auth.getSession();
    const tokensB = b.auth.getSession();
    expect(tokensA?.refresh_token).toBe(tokensB?.refresh_token);
    expect(tokensA?.access_token).toBe(tokensB?.access_token);
    expect(JSON.parse(storage.getItem(SESSION_STORAGE_KEY) ?? '{}').refresh_token).toBe(
      tokensA?.refresh_token,
    );
    expect(results[0].refresh_token).toBe(results[1].refresh_token);
    expect([results[2].id, results[3].id]).toEqual([user.id, user.id]);
    expect(eventsA).toEqual(['tokenRefreshed:server']);
    expect(eventsB).toEqual(['tokenRefreshed:other-tab']);
    expect((await b.api.get<User>(ME_PATH)).id).toBe(user.id);
  });

  it('a tab that refreshes after another already rotated adopts the stored tokens without a request', async () => {
    const shared = createLocalLockManager();
    const { a, b, recorder } = await twoTabs({ a: shared, b: shared });
    const fromA = await a.auth.refresh();
    const fromB = await b.auth.refresh();
    expect(recorder.to(REFRESH_PATH)).toHaveLength(1);
    expect(fromB.refresh_token).toBe(fromA.refresh_token);
    expect(fromB.access_token).toBe(fromA.access_token);
    expect(b.auth.getSession()?.refresh_token).toBe(fromA.refresh_token);
  });

  it('without a shared lock the same race ends the session (the bug the lock prevents)', async () => {
    const { a, b, user } = await twoTabs({ a: createLocalLockManager(), b: createLocalLockManager() });
    clock.advance(11 * MINUTE);
    const results = await Promise.allSettled([a.auth.refresh(), b.auth.refresh()]);
    const refused = results.filter((r) => r.status === 'rejected');
    expect(refused).toHaveLength(1);
    expect((refused[0] as PromiseRejectedResult).reason).toMatchObject({ code: 'SESSION_REVOKED' });
    expect((await sessionState(user.id)).every((r) => r.revoked_at !== null)).toBe(true);
  });

  it('uses navigator.locks when the runtime has it', async () => {
    const requested: string[] = [];
    const inner = createLocalLockManager();
    vi.stubGlobal('navigator', {
      locks: {
        request: <T>(name: string, callback: () => Promise<T>) => {
          requested.push(name);
          return inner.request(name, callback);
        },
      },
    });
    const client = clients.make({ now });
    await client.auth.register(newAccount());
    await client.auth.refresh();
    expect(requested).toEqual([`kitwright-refresh:${server.baseUrl}`]);
  });
});

describe('tab broadcast', () => {
  it('a sign-in, a refresh and a sign-out in one tab reach the other at once', async () => {
    const storage = memoryStorage();
    const locks = createLocalLockManager();
    const common = { storage, now, locks, broadcast: true };
    const a = clients.make(common);
    const b = clients.make(common);
    const eventsB = eventsOf(b);

    const signedIn = new Promise<User>((resolve) => b.once('authenticated', resolve));
    const { user } = await a.auth.register(newAccount('bc'));
    expect((await signedIn).id).toBe(user.id);
    expect(b.api.getToken()).toBe(a.auth.getAccessToken());

    const refreshed = new Promise((resolve) => b.once('auth:tokenRefreshed', resolve));
    const rotated = await a.auth.refresh();
    expect(await refreshed).toMatchObject({ source: 'other-tab', user: { id: user.id } });
    expect(b.auth.getSession()?.refresh_token).toBe(rotated.refresh_token);

    const signedOut = new Promise((resolve) => b.once('unauthenticated', () => resolve(true)));
    await a.auth.logout();
    expect(await signedOut).toBe(true);
    expect(b.auth.isAuthenticated()).toBe(false);
    expect(b.api.getToken()).toBeNull();
    expect(eventsB).toEqual(['authenticated', 'tokenRefreshed:other-tab', 'unauthenticated']);
  });
});
