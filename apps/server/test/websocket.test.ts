/**
 * GET /api/ws: authenticate by message, receive pushed events, switch tokens; a socket is closed
 * when its session ends and when its token expires without a newer one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ManualClock } from '../src/platform/clock';
import { createRealtime } from '../src/platform/realtime';
import { bearer, login, register } from './support/auth-helpers';
import { createTestApp, type TestApp } from './support/test-app';

function connect(url: string) {
  const ws = new WebSocket(url);
  const inbox: Array<Record<string, unknown>> = [];
  const waiters: Array<() => void> = [];
  ws.on('message', (data) => {
    inbox.push(JSON.parse(String(data)));
    for (const w of waiters.splice(0)) w();
  });
  return {
    ws,
    opened: new Promise((resolve) => ws.once('open', resolve)),
    closed: new Promise<{ code: number; reason: string }>((resolve) =>
      ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    ),
    send: (m: unknown) => ws.send(JSON.stringify(m)),
    async next(): Promise<Record<string, unknown>> {
      while (inbox.length === 0) await new Promise<void>((r) => waiters.push(r));
      return inbox.shift() as Record<string, unknown>;
    },
  };
}

describe('the WebSocket', () => {
  let t: TestApp;
  let url: string;
  // The hub of open sockets, held here to push events and count connections directly.
  const realtime = createRealtime();
  beforeAll(async () => {
    t = await createTestApp({ realtime });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `${address.replace('http', 'ws')}/api/ws`;
  });
  afterAll(async () => t.close());

  it('accepts an access token, delivers events for that user, and switches user on a new token', async () => {
    const alice = await register(t.app);
    const bob = await register(t.app);
    const c = connect(url);
    await c.opened;
    c.send({ type: 'ping' });
    expect(await c.next()).toEqual({ type: 'pong' });
    c.send({ type: 'auth', access_token: 'not-a-token' });
    expect(await c.next()).toEqual({ type: 'error', code: 'INVALID_TOKEN' });
    c.send({ type: 'auth', access_token: alice.access_token });
    expect(await c.next()).toEqual({ type: 'ready', user_id: alice.user.id });
    expect(realtime.deliver(alice.user.id, 'job', { progress: 0.5 })).toBe(1);
    expect(await c.next()).toEqual({ type: 'event', topic: 'job', data: { progress: 0.5 } });
    c.send({ type: 'auth', access_token: bob.access_token });
    expect(await c.next()).toEqual({ type: 'ready', user_id: bob.user.id });
    expect(realtime.connections(alice.user.id)).toBe(0);
    expect(realtime.deliver(bob.user.id, 'notification', { n: 1 })).toBe(1);
    expect((await c.next()).topic).toBe('notification');
    c.ws.close();
  });

  it('refuses the token of an ended session', async () => {
    const carol = await register(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      payload: { refresh_token: carol.refresh_token },
    });
    const c = connect(url);
    await c.opened;
    c.send({ type: 'auth', access_token: carol.access_token });
    expect(await c.next()).toEqual({ type: 'error', code: 'SESSION_REVOKED' });
    c.ws.close();
  });
});

describe('sockets of ended sessions', () => {
  let t: TestApp;
  let url: string;
  const realtime = createRealtime();
  beforeAll(async () => {
    t = await createTestApp({ realtime });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `${address.replace('http', 'ws')}/api/ws`;
  });
  afterAll(async () => t.close());

  async function ready(token: string) {
    const c = connect(url);
    await c.opened;
    c.send({ type: 'auth', access_token: token });
    expect((await c.next()).type).toBe('ready');
    return c;
  }

  it('a password change closes the open socket of every device, with SESSION_REVOKED and 4401', async () => {
    const phone = await register(t.app);
    const laptopLogin = await login(t.app, phone.user.username, phone.password);
    const laptop = laptopLogin.json();
    const onLaptop = await ready(laptop.access_token);
    const onPhone = await ready(phone.access_token);
    const change = await t.app.inject({
      method: 'POST',
      url: `/api/v1/users/${phone.user.id}/change-password`,
      headers: bearer(phone.access_token),
      payload: { old_password: phone.password, new_password: 'a-brand-new-password' },
    });
    expect(change.json()).toEqual({ ok: true, sessions_revoked: 2 });
    for (const c of [onLaptop, onPhone]) {
      expect(await c.next()).toEqual({ type: 'error', code: 'SESSION_REVOKED' });
      expect(await c.closed).toEqual({ code: 4401, reason: 'session ended' });
    }
    // The server lets go of them too once the closing handshake is over.
    for (let i = 0; i < 100 && realtime.connections(phone.user.id) > 0; i++)
      await new Promise((r) => setTimeout(r, 10));
    expect(realtime.connections(phone.user.id)).toBe(0);
  });

  it('signing out closes that session’s sockets only', async () => {
    const user = await register(t.app);
    const other = (await login(t.app, user.user.username, user.password)).json();
    const leaving = await ready(user.access_token);
    const staying = await ready(other.access_token);
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      payload: { refresh_token: user.refresh_token },
    });
    expect(await leaving.next()).toEqual({ type: 'error', code: 'SESSION_REVOKED' });
    expect((await leaving.closed).code).toBe(4401);
    staying.send({ type: 'ping' });
    expect(await staying.next()).toEqual({ type: 'pong' });
    expect(realtime.deliver(user.user.id, 'job', { n: 1 })).toBe(1);
    expect((await staying.next()).topic).toBe('job');
    staying.ws.close();
  });

  it('a reused refresh token closes the sockets of the session it ended', async () => {
    const user = await register(t.app);
    const c = await ready(user.access_token);
    const refresh = (token: string) =>
      t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', payload: { refresh_token: token } });
    expect((await refresh(user.refresh_token)).statusCode).toBe(200);
    expect((await refresh(user.refresh_token)).json().error.code).toBe('SESSION_REVOKED');
    expect(await c.next()).toEqual({ type: 'error', code: 'SESSION_REVOKED' });
    expect((await c.closed).code).toBe(4401);
  });
});

describe('sockets whose token expires', () => {
  let t: TestApp;
  let url: string;
  const clock = new ManualClock(new Date());
  beforeAll(async () => {
    t = await createTestApp({ clock });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `${address.replace('http', 'ws')}/api/ws`;
  });
  afterAll(async () => t.close());

  it('are closed at the expiry (INVALID_TOKEN, 4401) unless the client sent a newer token', async () => {
    const user = await register(t.app);
    // The token has one second left by the server's clock.
    clock.advance(15 * 60 * 1000 - 1000);
    const expiring = connect(url);
    await expiring.opened;
    expiring.send({ type: 'auth', access_token: user.access_token });
    expect((await expiring.next()).type).toBe('ready');
    expect(await expiring.next()).toEqual({ type: 'error', code: 'INVALID_TOKEN' });
    expect(await expiring.closed).toEqual({ code: 4401, reason: 'token expired' });

    const again = await login(t.app, user.user.username, user.password);
    const renewed = connect(url);
    await renewed.opened;
    renewed.send({ type: 'auth', access_token: again.json().access_token });
    expect((await renewed.next()).type).toBe('ready');
    const fresh = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/refresh',
        payload: { refresh_token: again.json().refresh_token },
      })
    ).json();
    // Ran out on the first token's time only: the refreshed token re-authenticates in place.
    clock.advance(15 * 60 * 1000 - 1000);
    const refreshed = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/refresh',
        payload: { refresh_token: fresh.refresh_token },
      })
    ).json();
    renewed.send({ type: 'auth', access_token: refreshed.access_token });
    expect((await renewed.next()).type).toBe('ready');
    await new Promise((r) => setTimeout(r, 1500));
    renewed.send({ type: 'ping' });
    expect(await renewed.next()).toEqual({ type: 'pong' });
    renewed.ws.close();
  });
});
