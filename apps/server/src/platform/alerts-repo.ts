/** SQL for the alerts table (owned by platform/alerts.ts). */
import type { AlertKey } from '@kitwright/contracts';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema';
import { newId } from './ids';

/** Opens the alert, or counts one more occurrence of the open one; returns the occurrence count. */
export async function openOrCount(
  db: Kysely<DB>,
  alert: {
    key: AlertKey;
    severity: string;
    title: string;
    owner: string;
    trigger: string;
    capability: string;
    runbook: string;
    correlationId: string | null;
    details: Record<string, unknown>;
  },
): Promise<number> {
  const result = await sql<{ occurrences: number }>`
    INSERT INTO alerts (id, alert_key, severity, title, owner, trigger, impacted_capability,
                        runbook_action, correlation_id, details)
    VALUES (${newId()}, ${alert.key}, ${alert.severity}, ${alert.title}, ${alert.owner}, ${alert.trigger},
            ${alert.capability}, ${alert.runbook}, ${alert.correlationId},
            ${JSON.stringify(alert.details)})
    ON CONFLICT (alert_key) WHERE state <> 'resolved'
    DO UPDATE SET occurrences = alerts.occurrences + 1, last_seen_at = now(),
                  correlation_id = EXCLUDED.correlation_id
    RETURNING occurrences`.execute(db);
  return result.rows[0]?.occurrences ?? 0;
}

export async function resolveOpen(db: Kysely<DB>, key: AlertKey, at: Date) {
  await db
    .updateTable('alerts')
    .set({ state: 'resolved', resolved_at: at })
    .where('alert_key', '=', key)
    .where('state', '<>', 'resolved')
    .execute();
}

/** Alerts not yet resolved, the most recently seen first. */
export function openAlerts(db: Kysely<DB>) {
  return db
    .selectFrom('alerts')
    .selectAll()
    .where('state', '<>', 'resolved')
    .orderBy('last_seen_at', 'desc')
    .execute();
}
