/**
 * The WebSocket client against the real /api/ws: token authentication and switching, topic
 * subscriptions, reconnection after drops, refused tokens, liveness pings and a clean close.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import {
  createClient,
  type KitwrightClient,
  type WebSocketConstructorLike,
  type WebSocketLike,
  type WebSocketStatus,
} from '../src/index';
import { newAccount } from './support/accounts';
import { clientFactory, type LiveServer, sharedClock, startServer } from './support/live-server';
import { REFRESH_PATH, recordingFetch } from './support/recording-fetch';

const { clock, now } = sharedClock();
let server: LiveServer;
const clients = clientFactory(() => server.baseUrl);

beforeAll(async () => {
  server = await startServer({ clock });
});
afterEach(() => clients.closeAll());
afterAll(async () => server.close());

function statuses(client: KitwrightClient): WebSocketStatus[] {
  const seen: WebSocketStatus[] = [];
  client.ws.on('status', (status) => seen.push(status));
  return seen;
}

/** Ends every server-side socket abruptly, as a crash or a lost network would. */
function dropAllSockets() {
  for (const socket of server.t.app.websocketServer.clients) socket.terminate();
}

/** A `ws` socket whose pongs never reach the SDK: a connection that silently died. */
const DeafToPongs: WebSocketConstructorLike = class implements WebSocketLike {
  private readonly inner: WebSocket;
  onopen: WebSocketLike['onopen'] = null;
  onmessage: WebSocketLike['onmessage'] = null;
  onclose: WebSocketLike['onclose'] = null;
  onerror: WebSocketLike['onerror'] = null;
  constructor(url: string) {
    this.inner = new WebSocket(url);
    this.inner.onopen = (event) => this.onopen?.(event);
    this.inner.onmessage = (event) => {
      if (!String(event.data).includes('"pong"')) this.onmessage?.(event);
    };
    this.inner.onclose = (event) => this.onclose?.(event);
    this.inner.onerror = (event) => this.onerror?.(event);
  }
  get readyState() {
    return this.inner.readyState;
  }
  send(data: string) {
    this.inner.send(data);
  }
  close(code?: number, reason?: string) {
    this.inner.close(code, reason);
  }
};

describe('the WebSocket client', () => {
  it('connects on the first subscription, authenticates, and delivers pushes by topic', async () => {
    const client = clients.make({ now });
    const { user } = await client.auth.register(newAccount());
    expect(client.ws.status).toBe('idle');

    const jobs: unknown[] = [];
    const everything: string[] = [];
    client.ws.on('event', (message) => everything.push(message.topic));
    const unsubscribe = client.ws.subscribe('job', (data) => jobs.push(data));
    await vi.waitFor(() => expect(client.ws.status).toBe('ready'));
    expect(client.ws.userId).toBe(user.id);

    expect(server.realtime.deliver(user.id, 'job', { progress: 0.5 })).toBe(1);
    expect(server.realtime.deliver(user.id, 'notification', { n: 1 })).toBe(1);
    await vi.waitFor(() => expect(everything).toEqual(['job', 'notification']));
    expect(jobs).toEqual([{ progress: 0.5 }]);

    unsubscribe();
    server.realtime.deliver(user.id, 'job', { progress: 1 });
    await vi.waitFor(() => expect(everything).toHaveLength(3));
    expect(jobs).toEqual([{ progress: 0.5 }]);
  });

  it('re-authenticates the open socket with the new token after a refresh', async () => {
    const client = clients.make({ now });
    const { user } = await client.auth.register(newAccount());
    client.ws.connect();
    const readies: string[] = [];
    client.ws.on('ready', ({ user_id }) => readies.push(user_id));
    await vi.waitFor(() => expect(readies).toEqual([user.id]));
    const statusLog = statuses(client);

    clock.advance(60_000); // so the refreshed access token differs from the old one
    await client.auth.refresh();
    await vi.waitFor(() => expect(readies).toEqual([user.id, user.id]));
    // Same socket: it went back to authenticating, never through connecting.
    expect(statusLog).toEqual(['authenticating', 'ready']);
    expect(server.realtime.connections(user.id)).toBe(1);
  });

  it('reconnects with backoff after the server drops the connection, and authenticates again', async () => {
    const client = clients.make({ now });
    const { user } = await client.auth.register(newAccount());
    client.ws.connect();
    await vi.waitFor(() => expect(client.ws.status).toBe('ready'));
    const statusLog = statuses(client);

    dropAllSockets();
    await vi.waitFor(() => expect(statusLog.at(-1)).toBe('ready'));
    expect(statusLog).toEqual(['connecting', 'authenticating', 'ready']);
    const received: unknown[] = [];
    client.ws.subscribe('job', (data) => received.push(data));
    expect(server.realtime.deliver(user.id, 'job', 'after reconnect')).toBe(1);
    await vi.waitFor(() => expect(received).toEqual(['after reconnect']));
  });

  it('refreshes a token the server finds expired when connecting, then authenticates', async () => {
    const recorder = recordingFetch();
    const frozen = now();
    // This client's clock stands still, so it still trusts its token when the server no longer does.
    const client = clients.make({ fetch: recorder.fetch, now: () => frozen });
    const { user } = await client.auth.register(newAccount());
    clock.advance(16 * 60_000);
    const errors: string[] = [];
    client.ws.on('error', ({ code }) => errors.push(code));

    client.ws.connect();
    await vi.waitFor(() => expect(client.ws.status).toBe('ready'));
    expect(errors).toEqual(['INVALID_TOKEN']);
    expect(recorder.to(REFRESH_PATH)).toHaveLength(1);
    expect(client.ws.userId).toBe(user.id);
    expect(server.realtime.connections(user.id)).toBe(1);
  });

  it('a session ended elsewhere: the socket is refused on reconnect and the client signs out', async () => {
    const client = clients.make({ now });
    const { refresh_token } = await client.auth.register(newAccount());
    client.ws.connect();
    await vi.waitFor(() => expect(client.ws.status).toBe('ready'));
    const signedOut = new Promise((resolve) => client.once('unauthenticated', () => resolve(true)));

    await fetch(`${server.baseUrl}/api/v1/auth/logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token }),
    });
    dropAllSockets();

    expect(await signedOut).toBe(true);
    expect(client.auth.isAuthenticated()).toBe(false);
    expect(client.ws.status).toBe('waiting');
  });

  it('replaces a connection whose pings go unanswered', async () => {
    const client = clients.make({ now, WebSocket: DeafToPongs, pingIntervalMs: 20 });
    const { user } = await client.auth.register(newAccount());
    const readies: string[] = [];
    client.ws.on('ready', ({ user_id }) => readies.push(user_id));
    client.ws.connect();
    await vi.waitFor(() => expect(readies.length).toBeGreaterThanOrEqual(2));
    expect(new Set(readies)).toEqual(new Set([user.id]));
  });

  it('close() closes cleanly and does not reconnect; connect() opens again', async () => {
    const client = clients.make({ now });
    const { user } = await client.auth.register(newAccount());
    client.ws.connect();
    await vi.waitFor(() => expect(client.ws.status).toBe('ready'));

    client.ws.close();
    expect(client.ws.status).toBe('closed');
    await vi.waitFor(() => expect(server.realtime.connections(user.id)).toBe(0));
    expect(client.ws.status).toBe('closed');

    client.ws.connect();
    await vi.waitFor(() => expect(client.ws.status).toBe('ready'));
    expect(server.realtime.connections(user.id)).toBe(1);
  });

  it('without a WebSocket implementation, connect() says so', () => {
    const client = createClient({ baseUrl: server.baseUrl, broadcast: false, autoRefresh: false });
    try {
      expect(() => client.ws.connect()).toThrow(/WebSocket/);
    } finally {
      client.close();
    }
  });
});
