/**
 * Publishes realtime messages so that they reach a user's sockets in whichever API process holds
 * them, and announces changes that every process must act on (dropping cached gallery pages). On
 * PostgreSQL a message goes through NOTIFY and every process LISTENs on a dedicated connection;
 * the embedded database serves one process, so messages are delivered directly.
 */
import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Database } from '../db/connection';
import type { Realtime } from './realtime';

export interface RealtimePublisher {
  publish(userId: string, topic: string, data: unknown): Promise<void>;
  /** Closes the sockets of ended sessions in whichever process holds them. */
  endSessions(sessionIds: readonly string[]): Promise<void>;
  /**
   * Runs the handlers of `topic` in this process at once and in every other process through NOTIFY
   * (a process whose listener is reconnecting misses it; its caches then expire by their own age).
   */
  announce(topic: string): Promise<void>;
  /** Registers what this process does when `topic` is announced (by any process, itself included). */
  onAnnounce(topic: string, handler: () => void): void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A message for a user's sockets, (e) the ids of sessions whose sockets must close, or (a) an
 * announced topic with the id of the process that sent it (which has already acted on it).
 */
type Envelope = { u: string; t: string; d: unknown } | { e: string[] } | { a: string; p: string };

/** Session ids per NOTIFY, well within its 8000-byte payload limit. */
const SESSIONS_PER_NOTIFY = 100;

export function createRealtimePublisher(
  database: Database,
  realtime: Realtime,
  logger: Logger,
): RealtimePublisher {
  const schema = database.pgConfig?.options?.match(/search_path=([^,\s]+)/)?.[1] ?? 'public';
  // Channels are database-wide; test schemas sharing one database must not hear each other.
  const channel = `kitwright_rt_${createHash('sha256').update(schema).digest('hex').slice(0, 12)}`;
  const processId = randomUUID();
  const announced = new Map<string, Array<() => void>>();
  const runHandlers = (topic: string) => {
    for (const handler of announced.get(topic) ?? []) handler();
  };
  let listener: pg.Client | null = null;
  let stopped: boolean | null = null;
  let retry: NodeJS.Timeout | null = null;

  /** Keeps one LISTEN connection; if it cannot connect or drops, it tries again every few seconds. */
  async function listen(): Promise<void> {
    if (stopped || !database.pgConfig) return;
    const client = new pg.Client(database.pgConfig as pg.ClientConfig);
    const again = () => {
      if (listener === client) listener = null;
      client.end().catch(() => {});
      if (!stopped && !retry) {
        retry = setTimeout(() => {
          retry = null;
          void listen();
        }, 3000);
        retry.unref();
      }
    };
    client.on('error', (err) => {
      logger.error({ err, stage: 'realtime' }, 'realtime listener lost its connection');
      again();
    });
    client.on('notification', (message) => {
      if (message.channel !== channel || !message.payload) return;
      try {
        const envelope = JSON.parse(message.payload) as Envelope;
        if ('e' in envelope) realtime.endSessions(envelope.e);
        else if ('a' in envelope) {
          if (envelope.p !== processId) runHandlers(envelope.a);
        } else realtime.deliver(envelope.u, envelope.t, envelope.d);
      } catch {
        logger.warn({ stage: 'realtime' }, 'ignored a malformed realtime notification');
      }
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
      listener = client;
    } catch (err) {
      logger.warn({ err, stage: 'realtime' }, 'realtime listener could not connect; retrying');
      again();
    }
  }

  return {
    async publish(userId, topic, data) {
      if (!database.pgConfig) {
        realtime.deliver(userId, topic, data);
        return;
      }
      const payload = JSON.stringify({ u: userId, t: topic, d: data } satisfies Envelope);
      // NOTIFY payloads are limited to 8000 bytes; larger messages are delivered locally only.
      if (Buffer.byteLength(payload) > 7900) {
        realtime.deliver(userId, topic, data);
        return;
      }
      try {
        await sql`SELECT pg_notify(${channel}, ${payload})`.execute(database.db);
      } catch (err) {
        logger.warn({ err, stage: 'realtime' }, 'notify failed; delivering locally');
        realtime.deliver(userId, topic, data);
      }
    },
    async endSessions(sessionIds) {
      if (sessionIds.length === 0) return;
      if (!database.pgConfig) {
        realtime.endSessions(sessionIds);
        return;
      }
      for (let i = 0; i < sessionIds.length; i += SESSIONS_PER_NOTIFY) {
        const chunk = sessionIds.slice(i, i + SESSIONS_PER_NOTIFY);
        try {
          await sql`SELECT pg_notify(${channel}, ${JSON.stringify({ e: chunk } satisfies Envelope)})`.execute(
            database.db,
          );
        } catch (err) {
          logger.warn({ err, stage: 'realtime' }, 'notify failed; closing local sockets only');
          realtime.endSessions(chunk);
        }
      }
    },
    async announce(topic) {
      runHandlers(topic);
      if (!database.pgConfig) return;
      const payload = JSON.stringify({ a: topic, p: processId } satisfies Envelope);
      try {
        await sql`SELECT pg_notify(${channel}, ${payload})`.execute(database.db);
      } catch (err) {
        logger.warn({ err, stage: 'realtime', topic }, 'notify failed; other processes catch up by expiry');
      }
    },
    onAnnounce(topic, handler) {
      const handlers = announced.get(topic) ?? [];
      handlers.push(handler);
      announced.set(topic, handlers);
    },
    async start() {
      if (!database.pgConfig || listener || stopped === false) return;
      stopped = false;
      await listen();
    },
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      const client = listener;
      listener = null;
      await client?.end().catch(() => {});
    },
  };
}
