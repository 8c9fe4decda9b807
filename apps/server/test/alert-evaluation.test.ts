/**
 * The alert evaluator against the real app and database: each of the spec's eight alerts opens only after
 * its rule (a blip that clears on the next check opens nothing), is de-duplicated, pages again only
 * on escalation, and resolves itself with a resolved notice. Checks are driven by calling
 * evaluate() with an injected clock; nothing sleeps.
 */
import fs from 'node:fs/promises';
import type { AlertKey } from '@kitwright/contracts';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type AlertNotice, createAlertService } from '../src/platform/alerts';
import { OPERATOR } from '../src/platform/audit';
import { ManualClock } from '../src/platform/clock';
import { runCorrelated } from '../src/platform/correlation';
import { newId } from '../src/platform/ids';
import { createDispatchStore } from '../src/platform/product-events';
import { createAlertEvaluator } from '../src/workers/alert-evaluator';
import type { CheckoutSignalSource } from '../src/workers/alert-rules';
import { register } from './support/auth-helpers';
import { createTestApp, type TestApp } from './support/test-app';
import { insertJobs } from './support/test-jobs';

const MINUTE = 60_000;
const silent = pino({ level: 'silent' });

describe('alert evaluation: eight alerts from their signals', () => {
  let t: TestApp;
  const clock = new ManualClock('2026-11-25T10:00:00Z'); // a Wednesday
  const notices: AlertNotice[] = [];
  const checkout = { attempts: 0, failures: 0, captures: 0 };
  const checkoutSource: CheckoutSignalSource = {
    confirmations: async () => ({ attempts: checkout.attempts, failures: checkout.failures }),
    accidentalCaptures: async () => checkout.captures,
  };

  beforeAll(async () => {
    t = await createTestApp({
      clock,
      alertNotifier: async (n) => void notices.push(n),
      checkoutSignals: checkoutSource,
    });
  });
  afterAll(async () => t.close());
  beforeEach(() => {
    notices.length = 0;
  });

  /** One scheduled check, a minute after the last; what happens next happens after it. */
  const check = async (ms = MINUTE) => {
    clock.advance(ms);
    const report = await t.maintenance.evaluateAlerts();
    expect(report.evaluated).toBe(true);
    clock.advance(1);
    return report;
  };
  const actionOf = (report: Awaited<ReturnType<typeof check>>, key: AlertKey) =>
    report.results.find((r) => r.key === key)?.action;
  const records = (key: AlertKey) =>
    t.database.db
      .selectFrom('alerts')
      .selectAll()
      .where('alert_key', '=', key)
      .orderBy('first_seen_at')
      .execute();
  const kinds = (key: AlertKey) => notices.filter((n) => n.key === key).map((n) => n.kind);

  it('registers all eight rules of the spec', () => {
    expect(
      t.maintenance.alertEvaluator
        .rules()
        .map((r) => r.key)
        .sort(),
    ).toEqual([
      'analytics_dispatch_failure',
      'app_unavailable',
      'audit_fail_closed',
      'checkout_blocked',
      'job_queue_stuck',
      'support_backlog_breach',
      'upload_validation_spike',
      'webhook_store_failure',
    ]);
  });

  it('app unavailable: the server checks its own readiness; three checks or two minutes open it', async () => {
    const breakQueue = () => sql`ALTER TABLE jobs RENAME TO jobs_moved`.execute(t.database.db);
    const mendQueue = () => sql`ALTER TABLE jobs_moved RENAME TO jobs`.execute(t.database.db);
    // A blip: failing at one check, well at the next.
    await breakQueue();
    expect(actionOf(await check(), 'app_unavailable')).toBe('pending');
    await mendQueue();
    expect(actionOf(await check(), 'app_unavailable')).toBe('clear');
    expect(await records('app_unavailable')).toEqual([]);

    // Two checks, but two minutes apart: "unavailable for two minutes" holds.
    await breakQueue();
    try {
      expect(actionOf(await check(), 'app_unavailable')).toBe('pending');
      expect(actionOf(await check(2 * MINUTE), 'app_unavailable')).toBe('opened');
      expect(kinds('app_unavailable')).toEqual(['opened']);
      // Storage fails as well: more than one dependency down escalates (paged again, once).
      await fs.rm(t.storageDir, { recursive: true, force: true });
      await fs.writeFile(t.storageDir, 'not a directory');
      expect(actionOf(await check(), 'app_unavailable')).toBe('escalated');
      expect(actionOf(await check(), 'app_unavailable')).toBe('ongoing');
      expect(kinds('app_unavailable')).toEqual(['opened', 'escalated']);
      await fs.rm(t.storageDir, { force: true });
    } finally {
      await mendQueue();
    }
    expect(actionOf(await check(), 'app_unavailable')).toBe('resolved');
    expect(kinds('app_unavailable')).toEqual(['opened', 'escalated', 'resolved']);
    const [rec] = await records('app_unavailable');
    expect(rec).toMatchObject({ state: 'resolved', resolved_by: null, severity: 'P0' });
  });

  it('app unavailable: three consecutive failed checks open it within two minutes', async () => {
    await sql`ALTER TABLE jobs RENAME TO jobs_moved`.execute(t.database.db);
    try {
      expect(actionOf(await check(20_000), 'app_unavailable')).toBe('pending');
      expect(actionOf(await check(20_000), 'app_unavailable')).toBe('pending');
      expect(actionOf(await check(20_000), 'app_unavailable')).toBe('opened');
    } finally {
      await sql`ALTER TABLE jobs_moved RENAME TO jobs`.execute(t.database.db);
    }
    expect(actionOf(await check(), 'app_unavailable')).toBe('resolved');
  });

  it('checkout blocked: confirmation failure rate above 20% (or any capture) over two checks', async () => {
    Object.assign(checkout, { attempts: 10, failures: 3, captures: 0 });
    expect(actionOf(await check(), 'checkout_blocked')).toBe('pending');
    Object.assign(checkout, { failures: 1 });
    expect(actionOf(await check(), 'checkout_blocked')).toBe('clear');
    expect(await records('checkout_blocked')).toEqual([]);

    Object.assign(checkout, { failures: 3 });
    await check();
    expect(actionOf(await check(), 'checkout_blocked')).toBe('opened');
    Object.assign(checkout, { captures: 1 });
    expect(actionOf(await check(), 'checkout_blocked')).toBe('escalated');
    Object.assign(checkout, { attempts: 0, failures: 0, captures: 0 });
    expect(actionOf(await check(), 'checkout_blocked')).toBe('resolved');
    expect(kinds('checkout_blocked')).toEqual(['opened', 'escalated', 'resolved']);
  });

  it('webhook durable-store failure: failures recorded on two checks in a row open it', async () => {
    const fail = async (n = 1) => {
      for (let i = 0; i < n; i++)
        await t.database.db
          .insertInto('alert_signals')
          .values({
            id: newId(),
            alert_key: 'webhook_store_failure',
            correlation_id: `corr-webhook-${i}`,
            details: '{}',
            occurred_at: clock.now(),
          })
          .execute();
    };
    await fail();
    expect(actionOf(await check(), 'webhook_store_failure')).toBe('pending');
    // The provider's retry was stored: nothing more failed.
    expect(actionOf(await check(), 'webhook_store_failure')).toBe('clear');
    expect(await records('webhook_store_failure')).toEqual([]);

    await fail();
    await check();
    await fail();
    expect(actionOf(await check(), 'webhook_store_failure')).toBe('opened');
    await fail();
    expect(actionOf(await check(), 'webhook_store_failure')).toBe('ongoing');
    await fail(10);
    expect(actionOf(await check(), 'webhook_store_failure')).toBe('escalated');
    expect(actionOf(await check(), 'webhook_store_failure')).toBe('resolved');
    expect(kinds('webhook_store_failure')).toEqual(['opened', 'escalated', 'resolved']);
    const [rec] = await records('webhook_store_failure');
    expect(rec?.occurrences).toBe(3);
    expect(rec?.correlation_id).toBe('corr-webhook-0');
  });

  it('audit fail-closed: a blocked mutation that does not recur opens nothing; continuing failures do', async () => {
    await sql`CREATE OR REPLACE FUNCTION fail_audit() RETURNS trigger LANGUAGE plpgsql AS $$
              BEGIN RAISE EXCEPTION 'injected audit storage failure'; END; $$`.execute(t.database.db);
    const breakAudit = () =>
      sql`CREATE TRIGGER audit_fault BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION fail_audit()`.execute(
        t.database.db,
      );
    const mendAudit = () => sql`DROP TRIGGER IF EXISTS audit_fault ON audit_log`.execute(t.database.db);
    const mutate = (on: boolean) =>
      runCorrelated({ correlationId: 'corr-audit', source: 'server' }, () =>
        t.controls.setFlag('modeB', on, OPERATOR),
      ).then(
        () => 'ok',
        (err: { code?: string }) => err.code,
      );
    try {
      await breakAudit();
      expect(await mutate(true)).toBe('AUDIT_UNAVAILABLE');
      expect(actionOf(await check(), 'audit_fail_closed')).toBe('pending');
      await mendAudit();
      expect(await mutate(true)).toBe('ok');
      expect(actionOf(await check(), 'audit_fail_closed')).toBe('clear');
      expect(await records('audit_fail_closed')).toEqual([]);

      await breakAudit();
      expect(await mutate(false)).toBe('AUDIT_UNAVAILABLE');
      await check();
      expect(await mutate(false)).toBe('AUDIT_UNAVAILABLE');
      expect(actionOf(await check(), 'audit_fail_closed')).toBe('opened');
      expect(notices.find((n) => n.key === 'audit_fail_closed')).toMatchObject({
        kind: 'opened',
        severity: 'P0',
        correlationId: 'corr-audit',
      });
    } finally {
      await mendAudit();
    }
    expect(actionOf(await check(), 'audit_fail_closed')).toBe('resolved');
    expect(kinds('audit_fail_closed')).toEqual(['opened', 'resolved']);
  });

  it('job queue stuck: p95 queue age over its limit on consecutive checks; de-duplicated while it holds', async () => {
    const stuck = async () => {
      const ids = await insertJobs(t.database.db, 'test_nobody_runs', 5);
      await t.database.db
        .updateTable('jobs')
        .set({ run_at: sql`now() - interval '10 minutes'` })
        .where('id', 'in', ids)
        .execute();
      return ids;
    };
    const drainJobs = (ids: string[]) =>
      t.database.db
        .updateTable('jobs')
        .set({ status: 'cancelled', finished_at: sql`now()` })
        .where('id', 'in', ids)
        .execute();
    const blip = await stuck();
    expect(actionOf(await check(), 'job_queue_stuck')).toBe('pending');
    await drainJobs(blip);
    expect(actionOf(await check(), 'job_queue_stuck')).toBe('clear');
    expect(await records('job_queue_stuck')).toEqual([]);

    const ids = await stuck();
    await check();
    expect(actionOf(await check(), 'job_queue_stuck')).toBe('opened');
    expect(actionOf(await check(), 'job_queue_stuck')).toBe('ongoing');
    expect(kinds('job_queue_stuck')).toEqual(['opened']);
    expect((await records('job_queue_stuck'))[0]).toMatchObject({ occurrences: 2, severity: 'P1' });
    await drainJobs(ids);
    expect(actionOf(await check(), 'job_queue_stuck')).toBe('resolved');
    expect(kinds('job_queue_stuck')).toEqual(['opened', 'resolved']);
  });

  it('upload validation spike: the invalid rate over the recent window against the baseline', async () => {
    const owner = await register(t.app);
    const media = newId();
    await t.database.db
      .insertInto('media_files')
      .values({
        id: media,
        owner_user_id: owner.user.id,
        kind: 'source_model',
        format: 'stl',
        content_type: 'model/stl',
        byte_size: 100,
        sha256: 'a'.repeat(64),
        storage_key: `test/${media}`,
        original_name: 'cube.stl',
        width: null,
        height: null,
        mesh_report: null,
        validated_mesh: null,
        created_at: clock.now(),
      })
      .execute();
    const drafts = async (n: number, state: 'valid' | 'invalid', agoMs = 0) => {
      for (let i = 0; i < n; i++)
        await t.database.db
          .insertInto('design_drafts')
          .values({
            id: newId(),
            owner_user_id: owner.user.id,
            mode: 'A',
            source_upload_id: media,
            validation_state: state,
            created_at: new Date(clock.now().getTime() - agoMs),
            updated_at: clock.now(),
          })
          .execute();
    };
    // Baseline: a day ago, 1 in 20 invalid (5%): the threshold is max(20%, 2 × 5%).
    await drafts(19, 'valid', 24 * 3600_000);
    await drafts(1, 'invalid', 24 * 3600_000);
    // Recent: 3 in 10 invalid (30%).
    await drafts(7, 'valid');
    await drafts(3, 'invalid');
    const first = await check();
    expect(actionOf(first, 'upload_validation_spike')).toBe('pending');
    expect(first.results.find((r) => r.key === 'upload_validation_spike')?.value).toBe(0.3);
    // Ten good uploads follow: 3 in 20 (15%) is under the threshold again.
    await drafts(10, 'valid');
    expect(actionOf(await check(), 'upload_validation_spike')).toBe('clear');
    expect(await records('upload_validation_spike')).toEqual([]);

    await drafts(5, 'invalid'); // 8 in 25 (32%)
    await check();
    expect(actionOf(await check(), 'upload_validation_spike')).toBe('opened');
    await drafts(20, 'invalid'); // 28 in 45 (62%): past twice the threshold
    expect(actionOf(await check(), 'upload_validation_spike')).toBe('escalated');
    // An hour later the recent window holds none of them.
    expect(actionOf(await check(61 * MINUTE), 'upload_validation_spike')).toBe('resolved');
    expect(kinds('upload_validation_spike')).toEqual(['opened', 'escalated', 'resolved']);
  });

  it('support backlog breach: the oldest open conversation past its same-business-day due time', async () => {
    const open = async (dueInMs: number) => {
      const id = newId();
      await t.database.db
        .insertInto('support_conversations')
        .values({
          id,
          contact_email: 'someone@example.com',
          subject: 'My kit will not build',
          category: 'question',
          last_customer_message_at: clock.now(),
          first_response_due_at: new Date(clock.now().getTime() + dueInMs),
          created_at: clock.now(),
          updated_at: clock.now(),
        })
        .execute();
      return id;
    };
    const reply = (id: string) =>
      t.database.db
        .updateTable('support_conversations')
        .set({
          last_staff_response_at: clock.now(),
          first_staff_response_at: clock.now(),
          response_time_bucket: 'under_1h',
          status: 'waiting_on_requester',
        })
        .where('id', '=', id)
        .execute();
    const a = await open(30_000);
    expect(actionOf(await check(), 'support_backlog_breach')).toBe('pending');
    await reply(a);
    expect(actionOf(await check(), 'support_backlog_breach')).toBe('clear');
    expect(await records('support_backlog_breach')).toEqual([]);

    const b = await open(30_000);
    await check();
    expect(actionOf(await check(), 'support_backlog_breach')).toBe('opened');
    // A whole day past due escalates.
    expect(actionOf(await check(24 * 3600_000), 'support_backlog_breach')).toBe('escalated');
    await reply(b);
    expect(actionOf(await check(), 'support_backlog_breach')).toBe('resolved');
    expect(kinds('support_backlog_breach')).toEqual(['opened', 'escalated', 'resolved']);
    expect(notices.find((n) => n.key === 'support_backlog_breach')).toMatchObject({
      owner: 'Growth / Ops',
      severity: 'P1',
    });
  });

  it('analytics dispatch failure: fifteen minutes with no success opens it, an hour escalates, a success resolves it', async () => {
    // The dispatcher's durable record, written as it writes it on a failed or a successful batch.
    const store = createDispatchStore(t.database.db);
    const failingFrom = async (at: Date | null) =>
      at
        ? void (await store.recordFailure(at, 'PostHog answered 503'))
        : void (await store.recordSuccess(clock.now()));
    // A failure that a success clears within fifteen minutes opens nothing.
    await failingFrom(clock.now());
    expect(actionOf(await check(10 * MINUTE), 'analytics_dispatch_failure')).toBe('clear');
    await failingFrom(null);
    expect(actionOf(await check(10 * MINUTE), 'analytics_dispatch_failure')).toBe('clear');
    expect(await records('analytics_dispatch_failure')).toEqual([]);

    await failingFrom(clock.now());
    expect(actionOf(await check(14 * MINUTE), 'analytics_dispatch_failure')).toBe('clear');
    const opened = await check(2 * MINUTE);
    expect(opened.results.find((r) => r.key === 'analytics_dispatch_failure')).toMatchObject({
      action: 'opened',
      value: 16,
    });
    expect(actionOf(await check(10 * MINUTE), 'analytics_dispatch_failure')).toBe('ongoing');
    expect(actionOf(await check(40 * MINUTE), 'analytics_dispatch_failure')).toBe('escalated');
    await failingFrom(null);
    expect(actionOf(await check(), 'analytics_dispatch_failure')).toBe('resolved');
    expect(kinds('analytics_dispatch_failure')).toEqual(['opened', 'escalated', 'resolved']);
    expect(notices.find((n) => n.key === 'analytics_dispatch_failure')).toMatchObject({ severity: 'P2' });
    const [record] = await records('analytics_dispatch_failure');
    // Opened, held once more, escalated: three checks that held, one record.
    expect(record).toMatchObject({ state: 'resolved', occurrences: 3 });
  });

  it('a record staff resolved by hand while its condition holds is not reopened until it clears', async () => {
    Object.assign(checkout, { attempts: 10, failures: 5, captures: 0 });
    await check();
    expect(actionOf(await check(), 'checkout_blocked')).toBe('opened');
    await t.database.db
      .updateTable('alerts')
      .set({ state: 'resolved', resolved_at: clock.now() })
      .where('alert_key', '=', 'checkout_blocked')
      .where('state', '<>', 'resolved')
      .execute();
    expect(actionOf(await check(), 'checkout_blocked')).toBe('ongoing');
    expect(kinds('checkout_blocked')).toEqual(['opened']);
    Object.assign(checkout, { attempts: 0, failures: 0 });
    expect(actionOf(await check(), 'checkout_blocked')).toBe('clear');
  });

  it('only the lease holder evaluates; another process takes over when the lease expires', async () => {
    await check();
    let measured = 0;
    const other = createAlertEvaluator({
      alerts: createAlertService(t.database.db, async () => undefined, silent, clock),
      clock,
      logger: silent,
      intervalMs: MINUTE,
      notifyDirect: async () => undefined,
      holder: 'second-worker',
    });
    other.register({
      key: 'checkout_blocked',
      consecutiveChecks: 2,
      measure: async () => {
        measured++;
        return { level: 0, value: 0, details: {} };
      },
    });
    expect(await other.evaluate()).toEqual({ evaluated: false, results: [] });
    expect(measured).toBe(0);
    // The first worker stops checking (it crashed): two intervals later its lease has expired.
    clock.advance(2 * MINUTE + 1);
    expect((await other.evaluate()).evaluated).toBe(true);
    expect(measured).toBe(1);
    expect((await t.maintenance.evaluateAlerts()).evaluated).toBe(false);
    // A worker that stops cleanly hands the lease back at once.
    await other.stop();
    expect((await t.maintenance.evaluateAlerts()).evaluated).toBe(true);
  });
});
