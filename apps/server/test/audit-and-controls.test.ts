import { PHASE_CAPABILITIES, PHASE_GATES } from '@kitwright/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AlertNotice } from '../src/platform/alerts';
import { OPERATOR, verifyAuditChain } from '../src/platform/audit';
import { runCorrelated } from '../src/platform/correlation';
import { refusal } from './support/refusal';
import { createTestApp, type TestApp } from './support/test-app';

const A5_TAG = 'phase-a5-preorder-20261127.1';
const B_TAG = 'phase-b-fulfilment-20261127.1';

/** Runs a change as a request or command with this correlation id would (its audit entries carry it). */
const correlated = <T>(correlationId: string, fn: () => Promise<T>) =>
  runCorrelated({ correlationId, source: 'server' }, fn);

describe('feature flags, gates and phase decisions', () => {
  let t: TestApp;
  const notices: AlertNotice[] = [];
  beforeAll(async () => {
    t = await createTestApp({ alertNotifier: async (n) => void notices.push(n) });
  });
  afterAll(async () => t.close());

  it('starts in phase A with the default flags, as the app shell shows', async () => {
    const shell = (await t.app.inject('/api/app-shell')).json();
    expect(shell.config).toMatchObject({
      phase: 'A',
      app_version: '0.9.0-beta.1',
      supported_locales: ['en', 'fr', 'de'],
    });
    expect(Object.keys(shell.flags).sort()).toEqual(
      [
        'adminBeta',
        'betaMode',
        'interestReservations',
        'modeB',
        'paidAICredits',
        'phaseA5Preorders',
        'publishing',
      ].sort(),
    );
    expect(shell.flags.phaseA5Preorders).toBe(false);
    expect(shell.user).toEqual({ authenticated: false, session_id: null });
    expect(shell.navigation.map((n: { id: string }) => n.id)).toEqual(
      expect.arrayContaining(['home', 'gallery', 'create', 'dashboard', 'sign-in', 'help']),
    );
  });

  it('changes a flag with an audit entry, visible at once in the app shell', async () => {
    await correlated('corr-flag-1', () => t.controls.setFlag('modeB', false, OPERATOR));
    expect((await t.app.inject('/api/app-shell')).json().flags.modeB).toBe(false);
    const entry = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'feature_flag.set')
      .where('correlation_id', '=', 'corr-flag-1')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({
      actor_type: 'operator',
      resource_id: 'modeB',
      details: { from: true, to: false },
    });
    await t.controls.setFlag('modeB', true, OPERATOR);
    await expect(t.controls.requireFlag('modeB')).resolves.toBeUndefined();
  });

  it('refuses pre-orders while the platform is in phase A, and paid AI credits without their gates', async () => {
    expect((await refusal(t.controls.setFlag('phaseA5Preorders', true, OPERATOR))).code).toBe('PHASE_CLOSED');
    const paid = await refusal(t.controls.setFlag('paidAICredits', true, OPERATOR));
    expect(paid.code).toBe('GATE_NOT_MET');
    expect(paid.details?.missing_gates).toEqual(['tax', 'refund_cancellation', 'payment', 'consumer_law']);
    expect((await t.controls.snapshot()).flags.paidAICredits).toBe(false);
  });

  it('never opens a phase without every gate recorded as passed', async () => {
    const err = await refusal(t.controls.decidePhase('A.5', 'try early', OPERATOR, A5_TAG));
    expect(err.code).toBe('GATE_NOT_MET');
    expect(err.details?.missing_gates).toEqual([...PHASE_GATES['A.5']]);
    expect((await refusal(t.controls.decidePhase('B', 'skip', OPERATOR, B_TAG))).code).toBe('INVALID_STATE');

    for (const gate of PHASE_GATES['A.5']) {
      await t.controls.recordGate(
        { gate, passed: true, version: '1', evidence: `${gate} reviewed` },
        OPERATOR,
      );
    }
    // A gate that failed later counts as failed: the latest record wins.
    await t.controls.recordGate(
      { gate: 'moderation', passed: false, version: '2', evidence: 'queue backlog' },
      OPERATOR,
    );
    const again = await refusal(t.controls.decidePhase('A.5', 'gates recorded', OPERATOR, A5_TAG));
    expect(again.details?.missing_gates).toEqual(['moderation']);
    await t.controls.recordGate(
      { gate: 'moderation', passed: true, version: '3', evidence: 'backlog cleared' },
      OPERATOR,
    );
    // A decision naming no valid release is refused before the gates or the release are looked at.
    for (const tag of ['phase-a5-preorder-20260230.1', B_TAG, 'release-1', '']) {
      const bad = await refusal(t.controls.decidePhase('A.5', 'gates recorded', OPERATOR, tag));
      expect([bad.code, bad.status], tag).toEqual(['VALIDATION_FAILED', 400]);
    }
    // Every A.5 gate passed, and this release implements A.5: it opens.
    await t.controls.decidePhase('A.5', 'gates recorded', OPERATOR, A5_TAG);
    expect(await t.controls.phase()).toBe('A.5');
    // Phase B's gates may all pass, but this release does not implement B: it never opens.
    for (const gate of PHASE_GATES.B) {
      await t.controls.recordGate({ gate, passed: true, version: '1', evidence: 'x' }, OPERATOR);
    }
    const release = await refusal(t.controls.decidePhase('B', 'gates recorded', OPERATOR, B_TAG));
    expect(release.details).toMatchObject({
      missing_gates: [],
      capabilities_not_in_release: ['payment_capture', 'invoices', 'fulfilment', 'shipment', 'payouts'],
    });
    expect(await t.controls.phase()).toBe('A.5');
    expect((await refusal(t.controls.requireCapability('payment_capture'))).code).toBe('PHASE_CLOSED');
  });
});

describe('a phase decision in a release that implements the next phase', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ releaseCapabilities: PHASE_CAPABILITIES['A.5'] });
  });
  afterAll(async () => t.close());

  it('opens A.5 by explicit decision, records the gate evidence, and changes the version line', async () => {
    for (const gate of PHASE_GATES['A.5']) {
      await t.controls.recordGate({ gate, passed: true, version: 'v7', evidence: 'signed off' }, OPERATOR);
    }
    expect(await t.controls.phase()).toBe('A');
    await correlated('corr-phase', () =>
      t.controls.decidePhase('A.5', 'all A.5 gates passed', OPERATOR, A5_TAG),
    );
    const decision = await t.database.db.selectFrom('phase_decisions').selectAll().executeTakeFirstOrThrow();
    expect(decision).toMatchObject({
      from_phase: 'A',
      to_phase: 'A.5',
      decided_by: 'operator',
      release_tag: A5_TAG,
    });
    expect((decision.gate_evidence as Array<{ gate: string; version: string }>).map((g) => g.gate)).toEqual([
      ...PHASE_GATES['A.5'],
    ]);
    const entry = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'delivery_phase.decided')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({
      correlation_id: 'corr-phase',
      resource_id: 'A.5',
      details: { from: 'A', to: 'A.5', release_tag: A5_TAG, reason: 'all A.5 gates passed' },
    });
    const health = (await t.app.inject('/api/health')).json();
    expect(health).toMatchObject({ phase: 'A.5', version: '0.9.5-preorder.1' });
    const shell = (await t.app.inject('/api/app-shell')).json();
    expect(shell.config).toMatchObject({ phase: 'A.5', app_version: '0.9.5-preorder.1' });
    await expect(t.controls.setFlag('phaseA5Preorders', true, OPERATOR)).resolves.toMatchObject({
      phaseA5Preorders: true,
    });
    expect((await verifyAuditChain(t.database.db)).ok).toBe(true);
  });

  it('keeps Phase B closed: its decision is refused and every B capability answers PHASE_CLOSED', async () => {
    expect(await t.controls.phase()).toBe('A.5');
    const early = await refusal(t.controls.decidePhase('B', 'fulfilment next', OPERATOR, B_TAG));
    expect(early.code).toBe('GATE_NOT_MET');
    expect(early.details).toEqual({
      missing_gates: [...PHASE_GATES.B],
      capabilities_not_in_release: ['payment_capture', 'invoices', 'fulfilment', 'shipment', 'payouts'],
    });
    // An A.5 tag cannot open B.
    expect((await refusal(t.controls.decidePhase('B', 'fulfilment next', OPERATOR, A5_TAG))).code).toBe(
      'VALIDATION_FAILED',
    );
    for (const gate of PHASE_GATES.B) {
      await t.controls.recordGate({ gate, passed: true, version: 'b1', evidence: 'signed off' }, OPERATOR);
    }
    // Every B gate passed, and still this release cannot charge, invoice, ship or pay out.
    const release = await refusal(t.controls.decidePhase('B', 'all B gates', OPERATOR, B_TAG));
    expect(release.details).toEqual({
      missing_gates: [],
      capabilities_not_in_release: ['payment_capture', 'invoices', 'fulfilment', 'shipment', 'payouts'],
    });
    expect(await t.controls.phase()).toBe('A.5');
    const onlyInB = PHASE_CAPABILITIES.B.filter((c) => !PHASE_CAPABILITIES['A.5'].includes(c));
    expect(onlyInB).toEqual(['payment_capture', 'invoices', 'fulfilment', 'shipment', 'payouts']);
    for (const capability of onlyInB) {
      const closed = await refusal(t.controls.requireCapability(capability));
      expect([closed.code, closed.details], capability).toEqual([
        'PHASE_CLOSED',
        { capability, phase: 'A.5' },
      ]);
    }
    await expect(t.controls.requireCapability('setup_intents')).resolves.toBeUndefined();
    expect(
      await t.database.db
        .selectFrom('phase_decisions')
        .select('to_phase')
        .where('to_phase', '=', 'B')
        .execute(),
    ).toEqual([]);
  });
});

describe('audit log', () => {
  let t: TestApp;
  const notices: AlertNotice[] = [];
  beforeAll(async () => {
    t = await createTestApp({ alertNotifier: async (n) => void notices.push(n) });
  });
  beforeEach(() => {
    notices.length = 0;
  });
  afterAll(async () => t.close());

  it('chains every entry to the one before it', async () => {
    await t.controls.setFlag('betaMode', false, OPERATOR);
    await t.controls.setFlag('betaMode', true, OPERATOR);
    await t.controls.recordGate(
      { gate: 'tax', passed: false, version: '1', evidence: 'not started' },
      OPERATOR,
    );
    const rows = await t.database.db.selectFrom('audit_log').selectAll().orderBy('seq').execute();
    expect(rows.length).toBeGreaterThanOrEqual(3);
    rows.forEach((row, i) => {
      expect(Number(row.seq)).toBe(i + 1);
      if (i > 0) expect(row.prev_hash).toBe(rows[i - 1]?.hash);
    });
    expect(await verifyAuditChain(t.database.db)).toEqual({ ok: true, entries: rows.length });
  });

  it('refuses updates and deletes of audit entries', async () => {
    await expect(sql`UPDATE audit_log SET action = 'x'`.execute(t.database.db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`DELETE FROM audit_log`.execute(t.database.db)).rejects.toThrow(/append-only/);
  });

  it('fails the mutation closed and raises the P0 alert when the audit write fails', async () => {
    const before = (await t.controls.snapshot()).flags.modeB;
    await sql`CREATE FUNCTION fail_audit() RETURNS trigger LANGUAGE plpgsql AS $$
              BEGIN RAISE EXCEPTION 'injected audit storage failure'; END; $$`.execute(t.database.db);
    await sql`CREATE TRIGGER audit_fault BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION fail_audit()`.execute(
      t.database.db,
    );
    try {
      const err = await refusal(
        correlated('corr-audit-fault', () => t.controls.setFlag('modeB', !before, OPERATOR)),
      );
      expect(err.code).toBe('AUDIT_UNAVAILABLE');
      expect(err.status).toBe(503);
      expect((await t.controls.snapshot()).flags.modeB).toBe(before);
      // The failure is recorded at once; the evaluator pages when failures go on over two checks.
      const signal = await t.database.db
        .selectFrom('alert_signals')
        .selectAll()
        .where('alert_key', '=', 'audit_fail_closed')
        .executeTakeFirstOrThrow();
      expect(signal.correlation_id).toBe('corr-audit-fault');
      await t.maintenance.evaluateAlerts();
      expect(notices).toEqual([]);
      // A second blocked mutation: still failing at the next check, so the P0 opens (once).
      await refusal(
        correlated('corr-again', () =>
          t.controls.recordGate({ gate: 'tax', passed: true, version: '2', evidence: 'x' }, OPERATOR),
        ),
      );
      await t.maintenance.evaluateAlerts();
      const alert = await t.database.db
        .selectFrom('alerts')
        .selectAll()
        .where('alert_key', '=', 'audit_fail_closed')
        .executeTakeFirstOrThrow();
      expect(alert).toMatchObject({
        severity: 'P0',
        title: 'Audit fail-closed event',
        state: 'open',
        correlation_id: 'corr-again',
      });
      expect(notices.map((n) => [n.key, n.kind])).toEqual([['audit_fail_closed', 'opened']]);
      expect((await t.controls.gates()).find((g) => g.gate === 'tax')?.version).toBe('1');
    } finally {
      await sql`DROP TRIGGER audit_fault ON audit_log`.execute(t.database.db);
    }
    expect((await verifyAuditChain(t.database.db)).ok).toBe(true);
  });

  it('names the first entry whose content was tampered with', async () => {
    await t.controls.setFlag('adminBeta', false, OPERATOR);
    await t.controls.setFlag('adminBeta', true, OPERATOR);
    const target = await t.database.db
      .selectFrom('audit_log')
      .select(['seq', 'id'])
      .orderBy('seq')
      .offset(1)
      .limit(1)
      .executeTakeFirstOrThrow();
    await sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_update`.execute(t.database.db);
    await sql`UPDATE audit_log SET details = '{"to": "tampered"}' WHERE seq = ${target.seq}`.execute(
      t.database.db,
    );
    await sql`ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_update`.execute(t.database.db);
    const result = await verifyAuditChain(t.database.db);
    expect(result.ok).toBe(false);
    expect(result.brokenAt).toMatchObject({
      seq: Number(target.seq),
      id: target.id,
      reason: 'content does not match its hash',
    });
  });
});
