/** Founder endpoints over flags, gates and phase; roles and their guards; staff access to metrics. */
import { PHASE_GATES } from '@kitwright/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoUsers } from '../src/seed/demo';
import { bearer, login, register } from './support/auth-helpers';
import { createTestApp, type TestApp } from './support/test-app';

describe('roles, guards and founder endpoints', () => {
  let t: TestApp;
  const tokens: Record<'user' | 'staff' | 'founder', string> = { user: '', staff: '', founder: '' };
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoUsers(t.database.db);
    for (const name of ['staff', 'founder'] as const)
      tokens[name] = (await login(t.app, name, 'kitwright-demo')).json().access_token;
    tokens.user = (await register(t.app)).access_token;
  });
  afterAll(async () => t.close());

  it('refuses everyone but founders: 401 anonymous, 403 user and staff', async () => {
    expect((await t.app.inject('/api/admin/flags')).statusCode).toBe(401);
    for (const who of ['user', 'staff'] as const) {
      const res = await t.app.inject({ url: '/api/admin/flags', headers: bearer(tokens[who]) });
      expect(res.statusCode, who).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
    }
    const ok = await t.app.inject({ url: '/api/admin/flags', headers: bearer(tokens.founder) });
    expect(ok.json().flags.map((f: { flag: string }) => f.flag)).toContain('interestReservations');
  });

  it('lets a founder switch a flag, audited with the founder as actor', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/flags/modeB',
      headers: bearer(tokens.founder),
      payload: { enabled: false },
    });
    expect(res.json()).toEqual({ flag: 'modeB', enabled: false });
    expect((await t.app.inject('/api/app-shell')).json().flags.modeB).toBe(false);
    const entry = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'feature_flag.set')
      .orderBy('seq', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry.actor_type).toBe('user');
    expect(entry.correlation_id).toBe(res.headers['x-request-id']);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/admin/flags/nope',
          headers: bearer(tokens.founder),
          payload: { enabled: true },
        })
      ).statusCode,
    ).toBe(404);
    const closed = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/flags/phaseA5Preorders',
      headers: bearer(tokens.founder),
      payload: { enabled: true },
    });
    expect(closed.json().error.code).toBe('PHASE_CLOSED');
    await t.app.inject({
      method: 'PUT',
      url: '/api/admin/flags/modeB',
      headers: bearer(tokens.founder),
      payload: { enabled: true },
    });
  });

  it('records gate evidence and refuses a phase decision until every gate has passed', async () => {
    const gate = await t.app.inject({
      method: 'POST',
      url: '/api/admin/phase/gates',
      headers: bearer(tokens.founder),
      payload: {
        gate: 'designer_terms',
        passed: true,
        version: '2026-11',
        evidence: 'Designer terms v3 signed off by counsel',
      },
    });
    expect(gate.statusCode).toBe(201);
    expect(gate.json()).toMatchObject({
      gate: 'designer_terms',
      passed: true,
      recorded_by: expect.stringMatching(/^user:/),
    });
    const phase = (await t.app.inject({ url: '/api/admin/phase', headers: bearer(tokens.founder) })).json();
    expect(phase.phase).toBe('A');
    expect(phase.required_gates['A.5']).toEqual([...PHASE_GATES['A.5']]);
    const decision = await t.app.inject({
      method: 'POST',
      url: '/api/admin/phase/decisions',
      headers: bearer(tokens.founder),
      payload: { target: 'A.5', reason: 'we feel ready', release_tag: 'phase-a5-preorder-20261127.1' },
    });
    expect(decision.statusCode).toBe(422);
    expect(decision.json().error.details.missing_gates).not.toContain('designer_terms');
    expect(decision.json().error.details.missing_gates).toContain('moderation');
  });

  it('refuses a phase decision without a release tag of the spec form, with VALIDATION_FAILED', async () => {
    const decide = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/phase/decisions',
        headers: bearer(tokens.founder),
        payload: { target: 'A.5', reason: 'gates recorded', ...payload },
      });
    for (const release_tag of [
      undefined,
      '',
      'phase-a-interest-beta-20261127.1',
      'phase-a5-preorder-2026-11-27.1',
      'phase-a5-preorder-20261127',
      'phase-a5-preorder-20261127.0',
    ]) {
      const res = await decide({ release_tag });
      expect(res.statusCode, String(release_tag)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(res.json().error.details.fields)).toEqual(['release_tag']);
    }
    // The schema admits the shape; the phase and the date are checked by the decision itself.
    const notADate = await decide({ release_tag: 'phase-a5-preorder-20261301.1' });
    expect(notADate.statusCode).toBe(400);
    expect(notADate.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: '2026-13-01 in the release tag is not a calendar date',
      details: { fields: { release_tag: expect.any(String) } },
    });
    const otherPhase = await decide({ release_tag: 'phase-b-fulfilment-20261127.1' });
    expect(otherPhase.statusCode).toBe(400);
    expect(otherPhase.json().error.message).toContain('phase-a5-preorder-YYYYMMDD.N');
    // A good tag reaches the gates (not all recorded here).
    const good = await decide({ release_tag: 'phase-a5-preorder-20261127.1' });
    expect(good.json().error.code).toBe('GATE_NOT_MET');
    expect(await t.controls.phase()).toBe('A');
  });

  it('changes roles (audited, effective at once) but never a founder their own', async () => {
    const member = await register(t.app);
    const promote = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${member.user.id}/role`,
      headers: bearer(tokens.founder),
      payload: { role: 'staff' },
    });
    expect(promote.json().roles).toEqual(['user', 'staff']);
    // The member's existing token now carries staff rights: roles are read per request.
    expect(
      (await t.app.inject({ url: '/api/metrics', headers: bearer(member.access_token) })).statusCode,
    ).toBe(200);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'user.role_changed')
      .executeTakeFirstOrThrow();
    expect(audit.details).toEqual({ from: 'user', to: 'staff' });
    const me = (await t.app.inject({ url: '/api/v1/users/me', headers: bearer(tokens.founder) })).json();
    const self = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${me.id}/role`,
      headers: bearer(tokens.founder),
      payload: { role: 'user' },
    });
    expect(self.statusCode).toBe(409);
    const byStaff = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${member.user.id}/role`,
      headers: bearer(tokens.staff),
      payload: { role: 'founder' },
    });
    expect(byStaff.statusCode).toBe(403);
  });

  it('lets staff read metrics with their access token, not plain users', async () => {
    expect((await t.app.inject({ url: '/api/metrics', headers: bearer(tokens.staff) })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/metrics', headers: bearer(tokens.user) })).statusCode).toBe(403);
  });

  it('links staff and founders to their tools, and nobody else', async () => {
    const entries = async (token: string) =>
      (await t.app.inject({ url: '/api/app-shell', headers: bearer(token) }))
        .json()
        .navigation.map(
          (n: { id: string; path: string; section: string }) => `${n.id} ${n.path} ${n.section}`,
        );
    const user = await entries(tokens.user);
    expect(user).toContain('account /account account');
    expect(user.some((e: string) => e.startsWith('admin '))).toBe(false);
    const staffOnly = ['admin /admin staff'];
    expect(await entries(tokens.staff)).toEqual([...user.slice(0, -1), ...staffOnly, ...user.slice(-1)]);
    expect(await entries(tokens.founder)).toEqual(await entries(tokens.staff));
  });
});

describe('the founder opens Phase A.5 through the endpoints', () => {
  let t: TestApp;
  let founder: string;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoUsers(t.database.db);
    founder = (await login(t.app, 'founder', 'kitwright-demo')).json().access_token;
  });
  afterAll(async () => t.close());

  it('records every A.5 gate, takes the decision with its release tag, and the version line moves', async () => {
    const post = (url: string, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url, headers: bearer(founder), payload });
    for (const gate of PHASE_GATES['A.5']) {
      const res = await post('/api/admin/phase/gates', {
        gate,
        passed: true,
        version: '2026-11-27',
        evidence: `${gate} reviewed`,
      });
      expect(res.statusCode, gate).toBe(201);
    }
    const decision = await post('/api/admin/phase/decisions', {
      target: 'A.5',
      reason: 'every A.5 gate passed',
      release_tag: 'phase-a5-preorder-20261127.2',
    });
    expect(decision.statusCode, decision.body).toBe(200);
    expect(decision.json()).toEqual({ phase: 'A.5' });
    const health = (await t.app.inject('/api/health')).json();
    expect(health).toMatchObject({ phase: 'A.5', version: expect.stringMatching(/^0\.9\.5-preorder\.\d+$/) });
    const row = await t.database.db.selectFrom('phase_decisions').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ to_phase: 'A.5', release_tag: 'phase-a5-preorder-20261127.2' });
    // The pre-order flag may now be switched on; Phase B stays closed.
    const flag = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/flags/phaseA5Preorders',
      headers: bearer(founder),
      payload: { enabled: true },
    });
    expect(flag.json()).toEqual({ flag: 'phaseA5Preorders', enabled: true });
    const b = await post('/api/admin/phase/decisions', {
      target: 'B',
      reason: 'too early',
      release_tag: 'phase-b-fulfilment-20261127.1',
    });
    expect(b.json().error.code).toBe('GATE_NOT_MET');
  });
});
