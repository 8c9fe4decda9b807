/**
 * The error tracker: server failures, job crashes and the app's reports meet in one place, tied by
 * correlation id, scrubbed of personal data, grouped for the founder; Sentry gets the same event
 * as an envelope.
 */

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import Type from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock';
import { defineJob } from '../src/platform/jobs';
import {
  createSentryErrorTracker,
  parseSentryDsn,
} from '../src/providers/error-tracking/sentry-error-tracker';
import { seedDemoUsers } from '../src/seed/demo';
import { bearer, login, register } from './support/auth-helpers';
import { createTestApp, type TestApp } from './support/test-app';
import { insertJobs, testJob } from './support/test-jobs';

describe('the local error tracker', () => {
  let t: TestApp;
  let founder: string;
  beforeAll(async () => {
    t = await createTestApp({
      beforeReady: (app) => {
        app.get('/api/test/boom', async () => {
          throw new Error('storage refused the write for alice@example.com');
        });
      },
    });
    await seedDemoUsers(t.database.db);
    founder = (await login(t.app, 'founder', 'kitwright-demo')).json().access_token;
  });
  afterAll(async () => t.close());

  const errors = async (query: string, token = founder) =>
    t.app.inject({ url: `/api/admin/errors${query}`, headers: bearer(token) });

  it('records a server failure and the app report of it under one correlation id, scrubbed', async () => {
    const failed = await t.app.inject('/api/test/boom');
    expect(failed.statusCode).toBe(500);
    expect(failed.body).not.toContain('alice');
    const correlationId = failed.headers['x-request-id'] as string;

    const reported = await t.app.inject({
      method: 'POST',
      url: '/api/client-errors',
      payload: {
        kind: 'request',
        message: 'The server answered 500 for alice@example.com',
        code: 'INTERNAL_ERROR',
        status: 500,
        route: '/gallery?q=secret',
        correlation_id: correlationId,
        release: 'web-1',
      },
    });
    expect(reported.statusCode).toBe(202);
    await t.flush();

    const trail = (await errors(`?correlation_id=${correlationId}`)).json().events;
    expect(trail.map((e: { source: string }) => e.source)).toEqual(['server', 'client']);
    expect(trail[0]).toMatchObject({
      kind: 'request',
      code: 'INTERNAL_ERROR',
      status: 500,
      route: 'GET /api/test/boom',
    });
    expect(trail[0].message).toBe('storage refused the write for [email]');
    expect(trail[0].stack).toContain('error-tracking.test.ts');
    expect(trail[1]).toMatchObject({ kind: 'request', route: '/gallery', release: 'web-1' });
    expect(JSON.stringify(trail)).not.toContain('alice@example.com');
    expect(trail[1].actor).toBeNull();
  });

  it('scrubs a report’s passwords, cards, keys and client secrets, and its route’s encoded query, in the tracker and the log', async () => {
    const secrets = [
      'hunter2-current',
      '4242 4242 4242 4242',
      '4000-0025-0000-3155',
      'sk_live_51Hxyz987654321',
      'sk_test_51HabcDEF123ghi',
      'rk_live_51Habcdefghij',
      'whsec_AbC123dEf456GhI789',
      'seti_1NabcDEF2ghiJKL_secret_OPQrst345uvw',
      'pi_3Mxyz_secret_abcDEF',
      'Bearer abc.DEF-123_xyz',
      'from-the-fragment',
      'q-in-the-query',
    ];
    const reported = await t.app.inject({
      method: 'POST',
      url: '/api/client-errors',
      payload: {
        kind: 'crash',
        message: `save failed: {"current_password":"${secrets[0]}","card":"${secrets[1]}"} ${secrets[2]} ${secrets[3]}`,
        stack: `Error: ${secrets[4]} ${secrets[5]} ${secrets[6]}\n    at Checkout (${secrets[7]}) ${secrets[8]} ${secrets[9]}`,
        route: `/checkout%3Fclient_secret%3D${secrets[7]}%26q%3D${secrets[11]}%23${secrets[10]}`,
        release: 'web-42',
      },
    });
    expect(reported.statusCode).toBe(202);
    const correlationId = reported.headers['x-request-id'] as string;
    await t.flush();
    const [event] = (await errors(`?correlation_id=${correlationId}`)).json().events;
    expect(event).toMatchObject({ source: 'client', kind: 'crash', route: '/checkout', release: 'web-42' });
    expect(event.message).toBe(
      'save failed: {"current_password":"[redacted]","card":"[card]"} [card] [secret]',
    );
    expect(event.stack).toBe(
      'Error: [secret] [secret] [secret]\n    at Checkout ([secret]) [secret] Bearer [token]',
    );
    const logged = t.logs.filter((l) => l.includes(correlationId)).join('\n');
    expect(logged).toContain('client error reported');
    for (const secret of secrets) {
      expect(JSON.stringify(event), secret).not.toContain(secret);
      expect(logged, secret).not.toContain(secret);
    }
  });

  it('groups repeats of one error and counts them for the founder', async () => {
    for (let i = 0; i < 3; i++) expect((await t.app.inject('/api/test/boom')).statusCode).toBe(500);
    await t.flush();
    const groups = (await errors('?source=server')).json().groups;
    const boom = groups.find((g: { route: string }) => g.route === 'GET /api/test/boom');
    expect(boom.count).toBe(4);
    expect(boom.last_correlation_id).toBeTruthy();
    expect(Date.parse(boom.last_seen)).toBeGreaterThanOrEqual(Date.parse(boom.first_seen));
  });

  it('keeps the tracker for founders only', async () => {
    expect((await t.app.inject('/api/admin/errors')).statusCode).toBe(401);
    const user = await register(t.app);
    expect((await errors('', user.access_token)).statusCode).toBe(403);
  });

  it('refuses a flood of reports from one source with 429', async () => {
    // An app whose clock stands still: the limit counts in fixed 10-minute windows, and a flood that
    // straddled a window's end (it happened in CI at 15:50:00) would start counting again.
    const still = await createTestApp({ clock: new ManualClock(new Date()) });
    try {
      const user = await register(still.app);
      const report = () =>
        still.app.inject({
          method: 'POST',
          url: '/api/client-errors',
          headers: bearer(user.access_token),
          payload: { kind: 'crash', message: 'render failed' },
        });
      for (let i = 0; i < 60; i++) expect((await report()).statusCode).toBe(202);
      const refused = await report();
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.code).toBe('RATE_LIMITED');
      await still.flush();
      const mine = await still.database.db
        .selectFrom('error_events')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('actor', '=', `user:${user.user.id}`)
        .executeTakeFirstOrThrow();
      expect(Number(mine.n)).toBe(60);
    } finally {
      await still.close();
    }
  });

  it('records a job handler crash as a worker error with the job correlation id', async () => {
    const [jobId] = await insertJobs(t.database.db, 'test_crash', 1, {}, 1);
    await t.database.db
      .updateTable('jobs')
      .set({ correlation_id: 'job-correlation-1' })
      .where('id', '=', jobId as string)
      .execute();
    // The app's own runner, with one more kind of work: a handler that crashes.
    const runner = t.createRunner({
      concurrency: 1,
      pollMs: 20,
      leaseMs: 10_000,
      extraJobs: [
        defineJob(testJob('test_crash', Type.Object({})), {
          async run() {
            throw new TypeError('cannot read properties of undefined');
          },
        }),
      ],
    });
    runner.start();
    try {
      await expect
        .poll(
          async () => {
            await t.flush();
            return (
              await t.database.db
                .selectFrom('error_events')
                .select('route')
                .where('source', '=', 'worker')
                .execute()
            ).length;
          },
          { timeout: 10_000 },
        )
        .toBeGreaterThan(0);
    } finally {
      await runner.stop(2000);
    }
    const event = await t.database.db
      .selectFrom('error_events')
      .selectAll()
      .where('source', '=', 'worker')
      .executeTakeFirstOrThrow();
    expect(event).toMatchObject({
      kind: 'job',
      code: 'INTERNAL_ERROR',
      route: 'job:test_crash',
      message: 'cannot read properties of undefined',
      correlation_id: 'job-correlation-1',
    });
  });
});

describe('the Sentry error tracker', () => {
  const received: Array<{ url: string; headers: http.IncomingHttpHeaders; body: string }> = [];
  let server: http.Server;
  let dsn: string;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        received.push({ url: req.url ?? '', headers: req.headers, body });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"x"}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    dsn = `http://pubkey123@127.0.0.1:${(server.address() as AddressInfo).port}/42`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('reads a DSN into the envelope endpoint and key', () => {
    expect(parseSentryDsn('https://abc@o1.ingest.sentry.io/99')).toMatchObject({
      envelopeUrl: 'https://o1.ingest.sentry.io/api/99/envelope/',
      publicKey: 'abc',
    });
    expect(() => parseSentryDsn('https://o1.ingest.sentry.io/')).toThrow(/ERROR_TRACKER_DSN/);
  });

  it('sends a scrubbed event envelope with the correlation id as a tag', async () => {
    const tracker = createSentryErrorTracker({
      dsn,
      environment: 'staging',
      logger: pino({ level: 'silent' }),
    });
    tracker.capture({
      source: 'client',
      kind: 'crash',
      message: 'render failed for bob@example.com',
      stack: 'TypeError: x\n    at Gallery (app.js:1:2)',
      route: '/listing/abc?share=1',
      correlationId: 'corr-123',
      release: 'web-7',
      actor: 'visitor:v1',
    });
    await tracker.flush();
    expect(received).toHaveLength(1);
    const [hit] = received;
    expect(hit?.url).toBe('/api/42/envelope/');
    expect(hit?.headers['x-sentry-auth']).toContain('sentry_key=pubkey123');
    const [header, item, event] = (hit?.body ?? '').split('\n').map((l) => JSON.parse(l));
    expect(header.dsn).toBe(dsn);
    expect(item.type).toBe('event');
    expect(event).toMatchObject({
      environment: 'staging',
      release: 'web-7',
      platform: 'javascript',
      message: { formatted: 'render failed for [email]' },
      transaction: '/listing/abc',
      user: { id: 'visitor:v1' },
      tags: { source: 'client', kind: 'crash', correlation_id: 'corr-123' },
    });
    expect(event.event_id).toBe(header.event_id);
  });
});
