/**
 * The analytics pipeline against a local server that speaks PostHog's `/batch/` capture API
 * (posthog-node is the real client): the server accepts, then answers 5xx, then never answers.
 * Nothing is lost, nothing is sent twice under a different id, a replay sends the same ids again,
 * two dispatchers never send the same claimed batch, and the P2 "Analytics dispatch failure" alert
 * opens only after fifteen minutes of continuous failure (clock injected), raised by the scheduled
 * alert evaluator from the dispatcher's durable record, and resolves on recovery.
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertNotice } from '../src/platform/alerts';
import { ManualClock } from '../src/platform/clock';
import { newId } from '../src/platform/ids';
import { createDispatchStore } from '../src/platform/product-events';
import { createPostHogAnalytics, identifyUuid } from '../src/providers/analytics/posthog-analytics';
import { createAnalyticsDispatcher } from '../src/workers/analytics-dispatcher';
import { createTestApp, openTestDatabase, type TestApp } from './support/test-app';

const MIN = 60_000;

interface Captured {
  uuid: string;
  event: string;
  distinct_id: string;
  timestamp: string;
  properties: Record<string, unknown>;
}

/** A PostHog capture endpoint: `mode` says how it answers the next batch. */
async function fakePostHog() {
  const state = {
    mode: 'accept' as 'accept' | 'fail' | 'hang',
    accepted: [] as Captured[],
    /** Every batch that arrived, whatever the answer. */
    arrived: [] as Captured[][],
    keys: new Set<string>(),
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/batch/') {
        res.writeHead(404).end();
        return;
      }
      const raw = Buffer.concat(chunks);
      const body = JSON.parse(
        (req.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(raw) : raw).toString('utf8'),
      ) as { api_key: string; batch: Captured[] };
      state.keys.add(body.api_key);
      state.arrived.push(body.batch);
      if (state.mode === 'hang') return; // never answers: the client times out
      if (state.mode === 'fail') {
        res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":"unavailable"}');
        return;
      }
      state.accepted.push(...body.batch);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":1}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    state,
    url: `http://127.0.0.1:${port}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('analytics dispatch to PostHog', () => {
  let t: TestApp;
  let ph: Awaited<ReturnType<typeof fakePostHog>>;
  const clock = new ManualClock('2030-03-01T09:00:00Z');
  const notices: AlertNotice[] = [];

  beforeAll(async () => {
    ph = await fakePostHog();
    t = await createTestApp({
      clock,
      alertNotifier: async (n) => void notices.push(n),
      analyticsDispatch: { batchSize: 3 },
      env: {
        ANALYTICS_PROVIDER: 'posthog',
        ANALYTICS_WRITE_KEY: 'phc_test_key',
        ANALYTICS_HOST: ph.url,
        ANALYTICS_TIMEOUT_MS: '2000',
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await ph?.close();
  });

  const userId = newId();
  const visitorId = newId();
  /** Mirror rows as the product-events service writes them. */
  async function mirror(n: number, at = clock.now()): Promise<string[]> {
    const ids = Array.from({ length: n }, () => newId());
    await t.database.db
      .insertInto('product_events')
      .values(
        ids.map((id, i) => ({
          id,
          name: i % 2 ? 'listing_viewed' : 'create_started',
          version: 1,
          consent_class: 'analytics' as const,
          emitter: 'server' as const,
          properties: JSON.stringify({ n: i }),
          user_id: i % 2 ? userId : null,
          session_id: i % 2 ? null : visitorId,
          route: '/api/test',
          correlation_id: null,
          occurred_at: new Date(at.getTime() + i),
          source_attribution: JSON.stringify({
            first_touch: { source: 'newsletter' },
            last_touch: { source: 'search' },
          }),
        })),
      )
      .execute();
    return ids;
  }
  const undispatched = async () =>
    (
      await t.database.db
        .selectFrom('product_events')
        .select('id')
        .where('dispatched_at', 'is', null)
        .execute()
    ).map((r) => r.id);
  const alertRows = () =>
    t.database.db
      .selectFrom('alerts')
      .select(['state', 'severity', 'occurrences'])
      .where('alert_key', '=', 'analytics_dispatch_failure')
      .orderBy('first_seen_at')
      .execute();

  const dispatchNotices = () =>
    notices.filter((n) => n.key === 'analytics_dispatch_failure').map((n) => `${n.key}:${n.kind}`);
  /** One round of the scheduled alert evaluator; its result for the analytics dispatch rule. */
  async function dispatchAlert() {
    const report = await t.maintenance.evaluateAlerts();
    expect(report.evaluated).toBe(true);
    return report.results.find((r) => r.key === 'analytics_dispatch_failure');
  }

  /** Every copy of an event the server received is the same event: same name, person, time, properties. */
  function expectConsistent() {
    const byId = new Map<string, string>();
    for (const m of ph.state.arrived.flat()) {
      const { uuid, event, distinct_id, timestamp, properties } = m;
      const { $lib, $lib_version, ...own } = properties as Record<string, unknown>;
      const seen = JSON.stringify({ event, distinct_id, timestamp, own });
      expect(byId.get(uuid) ?? seen).toBe(seen);
      byId.set(uuid, seen);
    }
    return byId;
  }

  it('sends every event once accepted, in batches, with its id as uuid, name, version and a server-issued distinct id', async () => {
    const ids = await mirror(7);
    const run = await t.maintenance.dispatchAnalytics();
    expect(run).toMatchObject({ sent: 7, failed: 0, error: null });
    expect(ph.state.arrived.map((b) => b.length)).toEqual([3, 3, 1]);
    expect(ph.state.keys).toEqual(new Set(['phc_test_key']));
    expect(ph.state.accepted.map((m) => m.uuid).sort()).toEqual([...ids].sort());
    const first = ph.state.accepted.find((m) => m.uuid === ids[0]);
    expect(first).toMatchObject({ event: 'create_started', distinct_id: visitorId });
    expect(first?.properties).toMatchObject({
      n: 0,
      event_version: 1,
      consent_class: 'analytics',
      first_touch: { source: 'newsletter' },
      last_touch: { source: 'search' },
      $process_person_profile: false,
    });
    const second = ph.state.accepted.find((m) => m.uuid === ids[1]);
    expect(second).toMatchObject({ event: 'listing_viewed', distinct_id: userId });
    expect(await undispatched()).toEqual([]);
    // Nothing left: the next run sends nothing.
    expect(await t.maintenance.dispatchAnalytics()).toMatchObject({ sent: 0, failed: 0 });
    expect(ph.state.arrived).toHaveLength(3);
  });

  it('a sign-up from a visitor session sends PostHog an $identify joining the visitor to the account, the same on a retry', async () => {
    const id = newId();
    const account = newId();
    const visitor = newId();
    await t.database.db
      .insertInto('product_events')
      .values({
        id,
        name: 'signup_completed',
        version: 1,
        consent_class: 'essential',
        emitter: 'server',
        properties: JSON.stringify({ user_id: account, auth_provider: 'password', source_surface: 'web' }),
        user_id: account,
        session_id: visitor,
        route: 'auth',
        correlation_id: null,
        occurred_at: clock.now(),
        source_attribution: JSON.stringify({}),
      })
      .execute();
    const sentBefore = ph.state.arrived.flat().length;
    expect(await t.maintenance.dispatchAnalytics()).toMatchObject({ sent: 1, error: null });
    const arrived = ph.state.arrived.flat().slice(sentBefore);
    const identify = arrived.find((m) => m.event === '$identify');
    expect(identify).toMatchObject({
      distinct_id: account,
      uuid: identifyUuid(id),
      properties: expect.objectContaining({ $anon_distinct_id: visitor }),
    });
    expect(arrived.find((m) => m.event === 'signup_completed')).toMatchObject({
      uuid: id,
      distinct_id: account,
    });
    // Any other event of an account (or a sign-in from a visitor session) joins nothing.
    expect(arrived.filter((m) => m.event === '$identify')).toHaveLength(1);
    expect(identifyUuid(id)).toBe(identifyUuid(id));
    expect(identifyUuid(id)).not.toBe(identifyUuid(newId()));
    expect(identifyUuid(id)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('keeps failed batches (5xx, timeout), backs off, alerts only after fifteen minutes, and recovers', async () => {
    const before = ph.state.accepted.length;
    const ids = await mirror(4);
    const start = clock.now().getTime();

    ph.state.mode = 'fail';
    let run = await t.maintenance.dispatchAnalytics();
    expect(run).toMatchObject({ sent: 0, failed: 3, retryInMs: 5000 });
    expect((await undispatched()).sort()).toEqual([...ids].sort());
    // Backing off: before the retry time nothing is due, so nothing is sent.
    const arrived = ph.state.arrived.length;
    run = await t.maintenance.dispatchAnalytics();
    expect(run).toMatchObject({ sent: 0, failed: 0 });
    expect(ph.state.arrived.length).toBe(arrived);

    // The server stops answering: the client gives up after its timeout; a second failure doubles the wait.
    ph.state.mode = 'hang';
    clock.advance(5000);
    run = await t.maintenance.dispatchAnalytics();
    expect(run).toMatchObject({ sent: 0, failed: 3, retryInMs: 10_000 });
    expect(run.error).toMatch(/abort|timeout|network/i);

    // 14 minutes 59 seconds of failing: the scheduled evaluator opens nothing yet.
    ph.state.mode = 'fail';
    clock.set(new Date(start + 15 * MIN - 1000));
    run = await t.maintenance.dispatchAnalytics();
    expect(run.failed).toBeGreaterThan(0);
    expect(await dispatchAlert()).toMatchObject({ level: 0, action: 'clear' });
    expect(await alertRows()).toEqual([]);
    expect(notices).toEqual([]);

    // Fifteen minutes with no success: the evaluator's check opens the P2 alert, once.
    clock.set(new Date(start + 16 * MIN));
    await t.maintenance.dispatchAnalytics();
    expect(await dispatchAlert()).toMatchObject({ level: 1, action: 'opened', value: 16 });
    clock.advance(10 * MIN);
    await t.maintenance.dispatchAnalytics();
    expect(await dispatchAlert()).toMatchObject({ level: 1, action: 'ongoing' });
    const open = await alertRows();
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ state: 'open', severity: 'P2' });
    expect(dispatchNotices()).toEqual(['analytics_dispatch_failure:opened']);
    expect((await undispatched()).sort()).toEqual([...ids].sort());

    // The provider is back: the backlog goes, the alert resolves.
    ph.state.mode = 'accept';
    clock.advance(10 * MIN);
    run = await t.maintenance.dispatchAnalytics();
    expect(run).toMatchObject({ sent: 4, failed: 0, error: null });
    expect(await undispatched()).toEqual([]);
    expect(await dispatchAlert()).toMatchObject({ level: 0, action: 'resolved' });
    expect((await alertRows()).map((a) => a.state)).toEqual(['resolved']);
    expect(dispatchNotices()).toEqual([
      'analytics_dispatch_failure:opened',
      'analytics_dispatch_failure:resolved',
    ]);

    // Nothing lost, and every copy that reached the server carried the same id for the same event.
    const accepted = new Set(ph.state.accepted.slice(before).map((m) => m.uuid));
    for (const id of ids) expect(accepted.has(id)).toBe(true);
    const all = expectConsistent();
    const mirrored = await t.database.db.selectFrom('product_events').select('id').execute();
    // Every mirrored event, and besides them only sign-ups' $identify messages.
    const identifies = new Set(
      ph.state.arrived
        .flat()
        .filter((m) => m.event === '$identify')
        .map((m) => m.uuid),
    );
    expect(new Set([...all.keys()].filter((uuid) => !identifies.has(uuid)))).toEqual(
      new Set(mirrored.map((r) => r.id)),
    );
  });

  it('a failure that clears on the next try opens nothing', async () => {
    const noticesBefore = notices.length;
    await mirror(2);
    ph.state.mode = 'fail';
    await t.maintenance.dispatchAnalytics();
    ph.state.mode = 'accept';
    clock.advance(20 * MIN);
    expect(await t.maintenance.dispatchAnalytics()).toMatchObject({ sent: 2 });
    expect(await dispatchAlert()).toMatchObject({ level: 0, action: 'clear' });
    expect((await alertRows()).map((a) => a.state)).toEqual(['resolved']); // only the earlier one
    expect(notices).toHaveLength(noticesBefore);
  });

  it('replays the mirror from a time with the same ids, so PostHog counts nothing twice', async () => {
    const from = clock.now();
    const ids = await mirror(3, new Date(from.getTime() + 1000));
    await t.maintenance.dispatchAnalytics();
    const before = ph.state.accepted.length;
    expect(await t.maintenance.replayAnalytics(from)).toBe(3);
    expect(await t.maintenance.dispatchAnalytics()).toMatchObject({ sent: 3 });
    const resent = ph.state.accepted.slice(before).map((m) => m.uuid);
    expect(resent.sort()).toEqual([...ids].sort());
    expectConsistent();
  });

  it('two dispatchers at once never send the same claimed event twice', async () => {
    const ids = await mirror(20);
    const before = ph.state.accepted.length;
    const make = () =>
      createAnalyticsDispatcher({
        store: createDispatchStore(t.database.db),
        provider: createPostHogAnalytics({ host: ph.url, writeKey: 'phc_test_key', timeoutMs: 2000 }),
        clock,
        logger: t.app.log as never,
        settings: { batchSize: 4 },
      });
    const [a, b] = [make(), make()];
    const [ra, rb] = await Promise.all([a.run(), b.run()]);
    expect(ra.sent + rb.sent).toBe(20);
    const sent = ph.state.accepted.slice(before).map((m) => m.uuid);
    expect(sent).toHaveLength(20);
    expect(new Set(sent)).toEqual(new Set(ids));
  });
});

describe('npm run analytics:replay', () => {
  it('sends the mirror again from the given time, with the same ids, and says what it sent', async () => {
    const ph = await fakePostHog();
    const testDb = await openTestDatabase({ fileBacked: true });
    try {
      const at = (iso: string) => new Date(iso);
      const rows = ['2030-01-01T00:00:00Z', '2030-02-01T00:00:00Z', '2030-03-01T00:00:00Z'].map((iso) => ({
        id: newId(),
        name: 'create_started',
        version: 1,
        consent_class: 'analytics' as const,
        emitter: 'server' as const,
        properties: '{}',
        user_id: null,
        session_id: null,
        route: null,
        correlation_id: null,
        occurred_at: at(iso),
        dispatched_at: at('2030-03-02T00:00:00Z'),
        dispatch_attempts: 1,
      }));
      await testDb.database.db.insertInto('product_events').values(rows).execute();
      // PGlite is one process's database: the command opens it after this test let go of it.
      if (!process.env.DATABASE_URL) await testDb.database.close();
      const out = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
        const child = spawn(
          process.execPath,
          ['--import', 'tsx', 'src/cli/analytics-replay.ts', '--from', '2030-02-01T00:00:00Z'],
          {
            cwd: `${import.meta.dirname}/..`,
            env: {
              ...process.env,
              ...testDb.env,
              APP_ENV: 'local',
              LOG_LEVEL: 'silent',
              ANALYTICS_PROVIDER: 'posthog',
              ANALYTICS_WRITE_KEY: 'phc_replay',
              ANALYTICS_HOST: ph.url,
            },
            stdio: 'pipe',
          },
        );
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
        child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
        child.on('exit', (code) => resolve({ code, stdout, stderr }));
      });
      expect(out.stderr).toBe('');
      expect(out.code).toBe(0);
      expect(out.stdout).toContain('2 events queued again, 2 sent to posthog');
      expect(ph.state.accepted.map((m) => m.uuid).sort()).toEqual([rows[1]?.id, rows[2]?.id].sort());
    } finally {
      await testDb.cleanup();
      await ph.close();
    }
  });
});

describe('retention by data class', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { RETENTION_PRODUCT_EVENTS_DAYS: '395', RETENTION_ERROR_EVENTS_DAYS: '90' },
    });
  });
  afterAll(async () => t?.close());

  it('prunes product events after 13 months and error events after 90 days, and never the audit log', async () => {
    const db = t.database.db;
    const now = new Date('2031-06-01T00:00:00Z');
    const daysAgo = (d: number) => new Date(now.getTime() - d * 24 * 3600_000);
    const event = (at: Date) => ({
      id: newId(),
      name: 'create_started',
      version: 1,
      consent_class: 'analytics' as const,
      emitter: 'server' as const,
      properties: '{}',
      user_id: null,
      session_id: null,
      route: null,
      correlation_id: null,
      occurred_at: at,
    });
    const oldEvents = [event(daysAgo(400)), event(daysAgo(396))];
    const keptEvents = [event(daysAgo(394)), event(daysAgo(1))];
    await db
      .insertInto('product_events')
      .values([...oldEvents, ...keptEvents])
      .execute();
    const error = (at: Date) => ({
      id: newId(),
      source: 'server' as const,
      kind: 'request',
      fingerprint: '0123456789abcdef',
      message: 'boom',
      occurred_at: at,
    });
    const oldErrors = [error(daysAgo(91)), error(daysAgo(200))];
    const keptErrors = [error(daysAgo(89))];
    await db
      .insertInto('error_events')
      .values([...oldErrors, ...keptErrors])
      .execute();
    const auditBefore = await db.selectFrom('audit_log').select('id').execute();

    const counts = await t.maintenance.pruneExpired(now, { batchSize: 1 });
    expect(counts).toMatchObject({ product_events: 2, error_events: 2 });
    const events = (await db.selectFrom('product_events').select('id').execute()).map((r) => r.id);
    expect(events.sort()).toEqual(keptEvents.map((e) => e.id).sort());
    const errors = (await db.selectFrom('error_events').select('id').execute()).map((r) => r.id);
    expect(errors).toEqual(keptErrors.map((e) => e.id));
    expect(await db.selectFrom('audit_log').select('id').execute()).toEqual(auditBefore);
  });
});
