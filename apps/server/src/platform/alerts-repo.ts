/** SQL for the alerts table (owned by platform/alerts.ts). */
import type { AlertKey } from '@kitwright/contracts';
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { AlertsTable, DB, IncidentNotesTable } from '../db/schema';

type Q = Kysely<DB> | Transaction<DB>;

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

// ── Incidents: each alerts row is one incident; its timeline is incident_notes ────────────────

export type AlertRow = Selectable<AlertsTable>;
export type IncidentNoteRow = Selectable<IncidentNotesTable>;

export interface IncidentFilter {
  state?: 'open' | 'acknowledged' | 'resolved' | 'unresolved';
  severity?: string;
  alertKey?: string;
  from?: Date;
  to?: Date;
}

/** One page of incidents, newest first (first seen), after the cursor's (first_seen_at, id). */
export function incidentPage(q: Q, f: IncidentFilter, after: { at: Date; id: string } | null, limit: number) {
  return q
    .selectFrom('alerts')
    .selectAll()
    .where((eb) => {
      const all = [];
      if (f.state === 'unresolved') all.push(eb('state', '<>', 'resolved'));
      else if (f.state) all.push(eb('state', '=', f.state));
      if (f.severity) all.push(eb('severity', '=', f.severity));
      if (f.alertKey) all.push(eb('alert_key', '=', f.alertKey));
      if (f.from) all.push(eb('first_seen_at', '>=', f.from));
      if (f.to) all.push(eb('first_seen_at', '<', f.to));
      if (after)
        all.push(
          eb.or([
            eb('first_seen_at', '<', after.at),
            eb.and([eb('first_seen_at', '=', after.at), eb('id', '<', after.id)]),
          ]),
        );
      return eb.and(all);
    })
    .orderBy('first_seen_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export function incidentById(q: Q, id: string) {
  return q.selectFrom('alerts').selectAll().where('id', '=', id).executeTakeFirst();
}

export function lockIncident(trx: Transaction<DB>, id: string) {
  return trx.selectFrom('alerts').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function updateIncident(
  trx: Transaction<DB>,
  id: string,
  change: Partial<
    Pick<
      AlertRow,
      | 'state'
      | 'assignee_id'
      | 'acknowledged_at'
      | 'acknowledged_by'
      | 'resolved_at'
      | 'resolved_by'
      | 'resolution_note'
    >
  >,
) {
  return trx.updateTable('alerts').set(change).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function addIncidentNote(
  trx: Transaction<DB>,
  note: { alertId: string; authorId: string; kind: IncidentNoteRow['kind']; body: string | null; at: Date },
) {
  await trx
    .insertInto('incident_notes')
    .values({
      id: newId(),
      alert_id: note.alertId,
      author_id: note.authorId,
      kind: note.kind,
      body: note.body,
      created_at: note.at,
    })
    .execute();
}

/** An incident's timeline, oldest first. */
export function incidentNotes(q: Q, alertId: string) {
  return q
    .selectFrom('incident_notes')
    .selectAll()
    .where('alert_id', '=', alertId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
