/**
 * The typed API client against the real server: request shape, the one SDK error type (server
 * envelopes, network failures, gateways), aborts, and visitor sessions outside the browser.
 */
import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiClient,
  isKitwrightError,
  KitwrightError,
  memoryStorage,
  VISITOR_SESSION_HEADER,
  VISITOR_STORAGE_KEY,
} from '../src/index';
import { newAccount } from './support/accounts';
import { clientFactory, type LiveServer, startServer } from './support/live-server';
import { recordingFetch } from './support/recording-fetch';

let server: LiveServer;
const clients = clientFactory(() => server.baseUrl);

beforeAll(async () => {
  server = await startServer();
});
afterEach(() => clients.closeAll());
afterAll(async () => server.close());

interface AppShell {
  user:
    | { authenticated: false; session_id: string | null }
    | { authenticated: true; id: string; locale: string };
  navigation: Array<{ id: string }>;
}

describe('requests', () => {
  it('send Accept JSON, credentials, Accept-Language from locale, the query, and parse typed JSON', async () => {
    const recorder = recordingFetch();
    const api = new ApiClient({ baseUrl: `${server.baseUrl}/`, fetch: recorder.fetch, locale: 'de-DE' });
    const account = newAccount();
    await api.post('/api/v1/auth/register', account);

    const mailbox = await api.get<{ messages: Array<{ to: string }> }>('/dev/mailbox/messages', {
      query: { to: account.email, unused: undefined },
    });
    expect(mailbox.messages.map((m) => m.to)).toEqual([account.email]);

    const [register, listing] = recorder.requests;
    expect(register?.headers).toMatchObject({
      accept: 'application/json',
      'accept-language': 'de-DE',
      'content-type': 'application/json',
    });
    expect(register?.credentials).toBe('include');
    expect(register?.body).toEqual(account);
    expect(listing?.url.search).toBe(`?to=${encodeURIComponent(account.email)}`);
    expect(listing?.headers['content-type']).toBeUndefined();
  });

  it('registers with the locale sent as Accept-Language when the body has none', async () => {
    const client = clients.make({ locale: 'fr' });
    const { user } = await client.auth.register(newAccount());
    expect(user.locale.startsWith('fr')).toBe(true);
  });

  it('an empty 204 answer resolves to undefined', async () => {
    const api = new ApiClient({ baseUrl: server.baseUrl });
    expect(await api.post('/api/v1/auth/logout', {})).toBeUndefined();
  });
});

describe('errors', () => {
  it('a server error becomes a KitwrightError with code, status, message and the request correlation id', async () => {
    const recorder = recordingFetch();
    const client = clients.make({ fetch: recorder.fetch });
    const error = await client.auth
      .login({ username: 'nobody-at-all', password: 'wrong-password' })
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(KitwrightError);
    expect(isKitwrightError(error)).toBe(true);
    if (!isKitwrightError(error)) return;
    expect(error.code).toBe('INVALID_CREDENTIALS');
    expect(error.status).toBe(401);
    expect(error.message).toBe('That username or email and password do not match an account.');
    expect(error.correlation_id).toBe(recorder.requests[0]?.responseHeaders?.get('x-request-id'));
    expect(error.correlation_id).toEqual(expect.any(String));
  });

  it('validation failures carry the details, and ACCOUNT_EXISTS names the field', async () => {
    const client = clients.make();
    const account = newAccount();
    await client.auth.register(account);
    const exists = await clients
      .make()
      .auth.register({ ...account, email: `other-${account.email}` })
      .catch((e: unknown) => e);
    expect(exists).toMatchObject({ code: 'ACCOUNT_EXISTS', status: 409, details: { field: 'username' } });
    const weak = await clients
      .make()
      .auth.register({ ...newAccount(), password: 'short' })
      .catch((e: unknown) => e);
    expect(weak).toMatchObject({ code: 'WEAK_PASSWORD', status: 400 });
  });

  it('is recognisable without instanceof, e.g. after being copied', async () => {
    const error = await clients
      .make()
      .auth.login({ username: 'nobody-at-all', password: 'wrong-password' })
      .catch((e: unknown) => e);
    const copy = { ...(error as object) };
    expect(copy instanceof KitwrightError).toBe(false);
    expect(isKitwrightError(copy)).toBe(true);
    expect(isKitwrightError(new Error('plain'))).toBe(false);
    expect(isKitwrightError({ name: 'KitwrightError', code: 'X' })).toBe(false);
    expect(isKitwrightError(null)).toBe(false);
  });

  it('an unreachable server is NETWORK_ERROR with status 0 and the cause', async () => {
    // A port that was just free: nothing listens there any more.
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as net.AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    const baseUrl = `http://127.0.0.1:${port}`;
    const error = await new ApiClient({ baseUrl }).get('/api/app-shell').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'NETWORK_ERROR', status: 0, correlation_id: null });
    expect((error as Error).cause).toBeInstanceOf(Error);
  });

  it('an aborted request rejects with the abort reason, not a network error', async () => {
    const controller = new AbortController();
    controller.abort(new Error('user navigated away'));
    const error = await new ApiClient({ baseUrl: server.baseUrl })
      .get('/api/app-shell', { signal: controller.signal })
      .catch((e: unknown) => e);
    expect(isKitwrightError(error)).toBe(false);
    expect((error as Error).message).toBe('user navigated away');
  });

  it('an answer without the envelope (a gateway page) still gets a code from its status', async () => {
    // The request reaches the real server; the answer is replaced as a failing gateway would.
    const api = new ApiClient({
      baseUrl: server.baseUrl,
      fetch: async (input, init) => {
        await fetch(input, init);
        return new Response('<html>Bad gateway</html>', {
          status: 502,
          statusText: 'Bad Gateway',
          headers: { 'content-type': 'text/html' },
        });
      },
    });
    const error = await api.get('/api/app-shell').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'DEPENDENCY_UNAVAILABLE', status: 502, correlation_id: null });
  });
});

describe('visitor sessions outside the browser', () => {
  it('keeps the token in storage, sends it as x-visitor-session, and drops it once the account claimed it', async () => {
    const storage = memoryStorage();
    const recorder = recordingFetch();
    const client = clients.make({ storage, fetch: recorder.fetch });
    const visitor = await client.auth.startVisitorSession();
    expect(storage.getItem(VISITOR_STORAGE_KEY)).toBe(visitor.session_token);
    expect(client.auth.getVisitorToken()).toBe(visitor.session_token);

    const shell = await client.api.get<AppShell>('/api/app-shell');
    expect(shell.user).toEqual({ authenticated: false, session_id: visitor.session_id });
    expect(recorder.requests.at(-1)?.headers[VISITOR_SESSION_HEADER]).toBe(visitor.session_token);

    // A restarted app picks the stored visitor session up again.
    const restarted = clients.make({ storage });
    await restarted.ready;
    expect(restarted.auth.getVisitorToken()).toBe(visitor.session_token);

    const { user } = await client.auth.register(newAccount());
    expect(recorder.requests.at(-1)?.headers[VISITOR_SESSION_HEADER]).toBe(visitor.session_token);
    expect(storage.getItem(VISITOR_STORAGE_KEY)).toBeNull();
    expect(client.auth.getVisitorToken()).toBeNull();
    const row = await server.t.database.db
      .selectFrom('visitor_sessions')
      .select('claimed_by_user_id')
      .where('id', '=', visitor.session_id)
      .executeTakeFirstOrThrow();
    expect(row.claimed_by_user_id).toBe(user.id);

    const signedIn = await client.api.get<AppShell>('/api/app-shell');
    expect(signedIn.user).toMatchObject({ authenticated: true, id: user.id });
    expect(recorder.requests.at(-1)?.headers[VISITOR_SESSION_HEADER]).toBeUndefined();
  });

  it('in a browser the cookie does the work: no header and nothing script-readable is stored', async () => {
    const storage = memoryStorage();
    const recorder = recordingFetch();
    const client = clients.make({ storage, fetch: recorder.fetch, visitorHeader: false });
    await client.auth.startVisitorSession();
    await client.api.get('/api/app-shell');
    expect(storage.getItem(VISITOR_STORAGE_KEY)).toBeNull();
    expect(recorder.requests.at(-1)?.headers[VISITOR_SESSION_HEADER]).toBeUndefined();
  });
});
