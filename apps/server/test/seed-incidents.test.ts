/**
 * The demo seed's example incidents (issue 17): three labelled drills, written once, readable and
 * actionable through the incidents API like any other, and never resolved by an alert rule.
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAlertService } from '../src/platform/alerts';
import { seedDemoData } from '../src/seed/demo';
import { DRILL_INCIDENTS, seedDrillIncidents } from '../src/seed/incidents';
import { bearer, login } from './support/auth-helpers';
import { createTestApp, type TestApp } from './support/test-app';

describe('demo drill incidents', () => {
  let t: TestApp;
  let staff: string;

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoData(t.database.db, pino({ level: 'silent' }));
    staff = (await login(t.app, 'staff', 'kitwright-demo')).json().access_token;
  });
  afterAll(async () => t.close());

  it('are written once, open, labelled as drills, each with its note on the timeline', async () => {
    expect(await seedDrillIncidents(t.database.db)).toBe(0);
    await seedDemoData(t.database.db, pino({ level: 'silent' }));
    const list = (await t.app.inject({ url: '/api/admin/incidents', headers: bearer(staff) })).json();
    const drills = list.items.filter((i: { alert_key: string }) => i.alert_key.startsWith('drill_'));
    expect(drills.map((i: { alert_key: string }) => i.alert_key).sort()).toEqual(
      DRILL_INCIDENTS.map((d) => d.key).sort(),
    );
    for (const drill of drills) {
      expect(drill).toMatchObject({ state: 'open', details: { drill: true } });
      expect(drill.title).toMatch(/^Drill: .*\(example incident\)$/);
    }
    const detail = (
      await t.app.inject({ url: `/api/admin/incidents/${drills[0].id}`, headers: bearer(staff) })
    ).json();
    expect(detail.timeline).toEqual([
      expect.objectContaining({ kind: 'note', author: null, body: expect.stringMatching(/^Drill: /) }),
    ]);
  });

  it('can be acknowledged, and an alert rule clearing does not resolve them', async () => {
    const alerts = createAlertService(t.database.db, async () => undefined, pino({ level: 'silent' }));
    await alerts.raise('job_queue_stuck');
    expect(await alerts.resolve('job_queue_stuck')).toBe(true);
    const list = (
      await t.app.inject({
        url: '/api/admin/incidents?alert_key=drill_job_queue_stuck',
        headers: bearer(staff),
      })
    ).json();
    expect(list.items).toHaveLength(1);
    expect(list.items[0].state).toBe('open');
    const acked = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/incidents/${list.items[0].id}`,
      headers: bearer(staff),
      payload: { state: 'acknowledged' },
    });
    expect(acked.statusCode).toBe(200);
    expect(acked.json().incident.state).toBe('acknowledged');
    expect(acked.json().timeline.map((n: { kind: string }) => n.kind)).toEqual(['note', 'acknowledged']);
  });
});
