/**
 * Demo incidents: three clearly labelled examples from past on-call drills, so a newcomer (and the
 * browser tests) can see the incident screens with something to acknowledge, own, note and
 * resolve. Each keeps its own `drill_` alert key, so no alert rule counts, raises or resolves it.
 * Idempotent: written once, never again once any drill incident exists (in any state).
 */
import { ALERT_CATALOGUE } from '@kitwright/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { anyIncidentWithKey, insertExampleIncident } from '../platform/alerts-repo';

const HOUR = 3_600_000;

export const DRILL_INCIDENTS = [
  {
    key: 'drill_job_queue_stuck',
    from: 'job_queue_stuck',
    hoursAgo: 50,
    occurrences: 3,
    note: 'Drill: the worker was paused on purpose to rehearse the runbook. Example data from the demo seed.',
  },
  {
    key: 'drill_support_backlog_breach',
    from: 'support_backlog_breach',
    hoursAgo: 74,
    occurrences: 1,
    note: 'Drill: a test conversation was left unanswered past its due time. Example data from the demo seed.',
  },
  {
    key: 'drill_upload_validation_spike',
    from: 'upload_validation_spike',
    hoursAgo: 98,
    occurrences: 2,
    note: 'Drill: a batch of deliberately broken models was uploaded. Example data from the demo seed.',
  },
] as const;

/** Writes the drill incidents unless one exists; how many were written. */
export async function seedDrillIncidents(db: Kysely<DB>, now = new Date()): Promise<number> {
  if (
    await anyIncidentWithKey(
      db,
      DRILL_INCIDENTS.map((d) => d.key),
    )
  )
    return 0;
  for (const drill of DRILL_INCIDENTS) {
    const alert = ALERT_CATALOGUE[drill.from];
    await insertExampleIncident(db, {
      key: drill.key,
      severity: alert.severity,
      title: `Drill: ${alert.title} (example incident)`,
      owner: alert.owner,
      trigger: alert.threshold,
      capability: alert.capability,
      runbook: alert.runbook,
      details: { drill: true, example: 'demo seed' },
      firstSeenAt: new Date(now.getTime() - drill.hoursAgo * HOUR),
      lastSeenAt: new Date(now.getTime() - (drill.hoursAgo - 1) * HOUR),
      occurrences: drill.occurrences,
      note: drill.note,
    });
  }
  return DRILL_INCIDENTS.length;
}
