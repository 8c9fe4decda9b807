/**
 * Incidents (issue 13): staff list the alert records with filters and a cursor, read one with its
 * timeline, acknowledge, assign a staff owner, annotate and resolve it with a note; every change is
 * audited and a line of the timeline; a recurrence after resolution opens a new incident.
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AlertNotice, createAlertService } from '../src/platform/alerts';
import { seedDemoUsers } from '../src/seed/demo';
import { bearer, login, register } from './support/auth-helpers';
import { createTestApp, type TestApp } from './support/test-app';

describe('incidents', () => {
  let t: TestApp;
  let staff: string;
  let founder: string;
  let user: Awaited<ReturnType<typeof register>>;
  let staffId: string;
  const notices: AlertNotice[] = [];
  let alerts: ReturnType<typeof createAlertService>;

  const get = (url: string, token = staff) => t.app.inject({ url, headers: bearer(token) });
  const patch = (id: string, payload: object, token = staff) =>
    t.app.inject({ method: 'PATCH', url: `/api/admin/incidents/${id}`, headers: bearer(token), payload });

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoUsers(t.database.db);
    const staffLogin = (await login(t.app, 'staff', 'kitwright-demo')).json();
    staff = staffLogin.access_token;
    staffId = staffLogin.user.id;
    founder = (await login(t.app, 'founder', 'kitwright-demo')).json().access_token;
    user = await register(t.app);
    alerts = createAlertService(t.database.db, async (n) => void notices.push(n), pino({ level: 'silent' }));
    await alerts.raise('job_queue_stuck', { correlationId: 'corr-queue', details: { p95_age_s: 900 } });
    await alerts.raise('job_queue_stuck', { correlationId: 'corr-queue-2' });
    await alerts.raise('upload_validation_spike', { details: { rate: 0.4 } });
    await alerts.raise('support_backlog_breach');
  });
  afterAll(async () => t.close());

  it('is for staff and founders only', async () => {
    expect((await t.app.inject({ url: '/api/admin/incidents' })).statusCode).toBe(401);
    expect((await get('/api/admin/incidents', user.access_token)).statusCode).toBe(403);
    expect((await get('/api/admin/incidents', founder)).statusCode).toBe(200);
  });

  it('lists incidents newest first with filters and a cursor; a repeat counts on the open one', async () => {
    const all = (await get('/api/admin/incidents')).json();
    expect(all.items.map((i: { alert_key: string }) => i.alert_key)).toEqual([
      'support_backlog_breach',
      'upload_validation_spike',
      'job_queue_stuck',
    ]);
    const queue = all.items[2];
    expect(queue).toMatchObject({
      state: 'open',
      occurrences: 2,
      correlation_id: 'corr-queue-2',
      details: { p95_age_s: 900 },
      assignee: null,
      resolved_by: null,
    });
    // Paged two at a time: every incident once.
    const first = (await get('/api/admin/incidents?limit=2')).json();
    const second = (await get(`/api/admin/incidents?limit=2&cursor=${first.next_cursor}`)).json();
    expect([...first.items, ...second.items].map((i: { id: string }) => i.id)).toEqual(
      all.items.map((i: { id: string }) => i.id),
    );
    expect(second.next_cursor).toBeNull();
    const byKey = (await get('/api/admin/incidents?alert_key=upload_validation_spike')).json();
    expect(byKey.items).toHaveLength(1);
    const severity = all.items.find(
      (i: { alert_key: string }) => i.alert_key === 'support_backlog_breach',
    ).severity;
    const bySeverity = (await get(`/api/admin/incidents?severity=${severity}`)).json();
    expect(bySeverity.items.every((i: { severity: string }) => i.severity === severity)).toBe(true);
    for (const query of [
      'state=closed',
      'severity=P9',
      'cursor=bm9wZQ',
      'from=2026-11-02T00:00:00Z&to=2026-11-01T00:00:00Z',
    ])
      expect((await get(`/api/admin/incidents?${query}`)).statusCode, query).toBe(400);
  });

  it('acknowledges, assigns, annotates and resolves with a note, each audited and on the timeline', async () => {
    const list = (await get('/api/admin/incidents?alert_key=job_queue_stuck')).json();
    const id = list.items[0].id as string;

    const ack = await patch(id, { state: 'acknowledged' });
    expect(ack.statusCode).toBe(200);
    expect(ack.json().incident).toMatchObject({
      state: 'acknowledged',
      acknowledged_by: { id: staffId, username: 'staff' },
      acknowledged_at: expect.any(String),
    });
    // Acknowledging twice records nothing new.
    expect((await patch(id, { state: 'acknowledged' })).statusCode).toBe(409);

    // Only a staff member or founder can own it.
    const toUser = await patch(id, { assignee_id: user.user.id });
    expect(toUser.statusCode).toBe(400);
    expect(toUser.json().error.details.fields.assignee_id).toBe('is not staff');
    const assigned = await patch(id, { assignee_id: staffId, note: 'Looking at the worker logs' });
    expect(assigned.json().incident.assignee).toMatchObject({ id: staffId });

    // Resolving needs a note.
    const bare = await patch(id, { state: 'resolved' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().error.details.fields.note).toBe('is required to resolve');
    const resolved = await patch(
      id,
      { state: 'resolved', note: 'Restarted the stuck worker; queue drained.' },
      founder,
    );
    expect(resolved.statusCode).toBe(200);
    const body = resolved.json();
    expect(body.incident).toMatchObject({
      state: 'resolved',
      resolved_by: { username: 'founder' },
      resolution_note: 'Restarted the stuck worker; queue drained.',
    });
    expect(body.timeline.map((n: { kind: string }) => n.kind)).toEqual([
      'acknowledged',
      'assigned',
      'note',
      'resolved',
    ]);
    expect(body.timeline[2]).toMatchObject({
      body: 'Looking at the worker logs',
      author: { username: 'staff' },
    });

    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('resource_type', '=', 'incident')
      .where('resource_id', '=', id)
      .orderBy('seq')
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      'incident.acknowledged',
      'incident.assigned',
      'incident.noted',
      'incident.resolved',
    ]);

    // Resolved is final; the same alert raised again opens a new incident and pages again.
    expect((await patch(id, { note: 'late note' })).statusCode).toBe(409);
    const paged = notices.length;
    await alerts.raise('job_queue_stuck', { correlationId: 'corr-queue-3' });
    expect(notices.length).toBe(paged + 1);
    const again = (await get('/api/admin/incidents?alert_key=job_queue_stuck')).json();
    expect(again.items).toHaveLength(2);
    expect(again.items[0]).toMatchObject({ state: 'open', occurrences: 1 });
    expect(
      (await get('/api/admin/incidents?state=resolved')).json().items.map((i: { id: string }) => i.id),
    ).toEqual([id]);
    expect((await get('/api/admin/incidents?state=unresolved')).json().items).toHaveLength(3);
  });

  it('an incident that resolves itself has no resolver, and the detail shows it', async () => {
    await alerts.resolve('upload_validation_spike');
    const list = (await get('/api/admin/incidents?alert_key=upload_validation_spike')).json();
    const detail = (await get(`/api/admin/incidents/${list.items[0].id}`)).json();
    expect(detail.incident).toMatchObject({ state: 'resolved', resolved_by: null, resolution_note: null });
    expect(detail.incident.resolved_at).toEqual(expect.any(String));
    expect(detail.timeline).toEqual([]);
  });

  it('refuses what it cannot do in the error envelope: unknown, bad bodies, users', async () => {
    const [open] = (await get('/api/admin/incidents?state=open')).json().items;
    expect((await get('/api/admin/incidents/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await get('/api/admin/incidents/not-a-uuid')).statusCode).toBe(400);
    for (const payload of [
      {},
      { state: 'open' },
      { note: '' },
      { note: 'x'.repeat(2001) },
      { assignee_id: 'me' },
    ]) {
      const res = await patch(open.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.code).toEqual(expect.any(String));
    }
    expect((await patch(open.id, { note: '   ' })).statusCode).toBe(400);
    expect((await patch(open.id, { state: 'acknowledged' }, user.access_token)).statusCode).toBe(403);
    const after = (await get(`/api/admin/incidents/${open.id}`)).json();
    expect(after.incident.state).toBe('open');
    expect(after.timeline).toEqual([]);
  });

  it('the database keeps state and its times together', async () => {
    const [open] = (await get('/api/admin/incidents?state=open')).json().items;
    const { sql } = await import('kysely');
    await expect(
      sql`UPDATE alerts SET state = 'resolved' WHERE id = ${open.id}`.execute(t.database.db),
    ).rejects.toThrow(/alerts_resolved_when/);
    await expect(
      sql`INSERT INTO incident_notes (id, alert_id, kind, body, created_at) VALUES (gen_random_uuid(), ${open.id}, 'note', NULL, now())`.execute(
        t.database.db,
      ),
    ).rejects.toThrow(/incident_notes/);
  });
});
