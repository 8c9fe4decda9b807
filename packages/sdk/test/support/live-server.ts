/**
 * The real server for SDK tests: the Fastify app on a fresh database (PGlite, or a schema of its
 * own on PostgreSQL when DATABASE_URL is set), listening on a free port so fetch and ws reach it.
 */
import WebSocket from 'ws';
import { ManualClock } from '../../../../apps/server/src/platform/clock';
import { createRealtime, type Realtime } from '../../../../apps/server/src/platform/realtime';
import { createTestApp, type TestApp } from '../../../../apps/server/test/support/test-app';
import { type ClientOptions, createClient, type KitwrightClient, memoryStorage } from '../../src/index';

export interface LiveServer {
  t: TestApp;
  /** The server's hub of open sockets: tests push events and count connections through it. */
  realtime: Realtime;
  baseUrl: string;
  close(): Promise<void>;
}

export async function startServer(options: Parameters<typeof createTestApp>[0] = {}): Promise<LiveServer> {
  const realtime = createRealtime();
  const t = await createTestApp({ realtime, ...options });
  const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { t, realtime, baseUrl, close: () => t.close() };
}

/** One clock for the server and the SDK, so expiries and 5-minute limits move together. */
export function sharedClock(): { clock: ManualClock; now: () => number } {
  const clock = new ManualClock(new Date());
  return { clock, now: () => clock.now().getTime() };
}

/**
 * Makes SDK clients for a test with Node's stand-ins for the browser parts (memory storage, the
 * `ws` WebSocket, no tab broadcast unless asked) and closes them all afterwards.
 */
export function clientFactory(baseUrl: () => string) {
  const open: KitwrightClient[] = [];
  return {
    make(options: Partial<ClientOptions> = {}): KitwrightClient {
      const client = createClient({
        baseUrl: baseUrl(),
        storage: memoryStorage(),
        WebSocket,
        broadcast: false,
        reconnect: { minDelayMs: 10, maxDelayMs: 200 },
        ...options,
      });
      open.push(client);
      return client;
    },
    closeAll() {
      for (const client of open.splice(0)) client.close();
    },
  };
}
