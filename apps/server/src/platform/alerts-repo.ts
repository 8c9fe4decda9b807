/** SQL for the alerts table (owned by platform/alerts.ts). */
import type { AlertKey } from '@kitwright/contracts';
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { AlertRuleStateTable, AlertsTable, DB, IncidentNotesTable } from '../db/schema';

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
    at: Date;
  },
): Promise<number> {
  const result = await sql<{ occurrences: number }>`
    INSERT INTO alerts (id, alert_key, severity, title, owner, trigger, impacted_capability,
                        runbook_action, correlation_id, details, first_seen_at, last_seen_at)
    VALUES (${newId()}, ${alert.key}, ${alert.severity}, ${alert.title}, ${alert.owner}, ${alert.trigger},
            ${alert.capability}, ${alert.runbook}, ${alert.correlationId},
            ${JSON.stringify(alert.details)}, ${alert.at}, ${alert.at})
    ON CONFLICT (alert_key) WHERE state <> 'resolved'
    DO UPDATE SET occurrences = alerts.occurrences + 1, last_seen_at = EXCLUDED.last_seen_at,
                  correlation_id = COALESCE(EXCLUDED.correlation_id, alerts.correlation_id)
    RETURNING occurrences`.execute(db);
  return result.rows[0]?.occurrences ?? 0;
}

/** Resolves the unresolved record of a key; the record resolved, if there was one. */
export function resolveOpen(db: Kysely<DB>, key: AlertKey, at: Date) {
  return db
    .updateTable('alerts')
    .set({ state: 'resolved', resolved_at: at })
    .where('alert_key', '=', key)
    .where('state', '<>', 'resolved')
    .returningAll()
    .executeTakeFirst();
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

/** Whether any incident (in any state) was ever recorded under one of these alert keys. */
export async function anyIncidentWithKey(q: Q, keys: readonly string[]): Promise<boolean> {
  if (keys.length === 0) return false;
  const row = await q
    .selectFrom('alerts')
    .select('id')
    .where('alert_key', 'in', keys)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Writes an example incident with one narrative note (the demo seed's drills): the record as the
 * alert table keeps it, under its own key, so no alert rule ever resolves or counts it.
 */
export async function insertExampleIncident(
  db: Kysely<DB>,
  incident: {
    key: string;
    severity: string;
    title: string;
    owner: string;
    trigger: string;
    capability: string;
    runbook: string;
    details: Record<string, unknown>;
    firstSeenAt: Date;
    lastSeenAt: Date;
    occurrences: number;
    note: string;
  },
): Promise<string> {
  const id = newId();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('alerts')
      .values({
        id,
        alert_key: incident.key,
        severity: incident.severity,
        title: incident.title,
        owner: incident.owner,
        trigger: incident.trigger,
        impacted_capability: incident.capability,
        runbook_action: incident.runbook,
        correlation_id: null,
        details: JSON.stringify(incident.details),
        occurrences: incident.occurrences,
        first_seen_at: incident.firstSeenAt,
        last_seen_at: incident.lastSeenAt,
      })
      .execute();
    await trx
      .insertInto('incident_notes')
      .values({
        id: newId(),
        alert_id: id,
        author_id: null,
        kind: 'note',
        body: incident.note,
        created_at: incident.lastSeenAt,
      })
      .execute();
  });
  return id;
}

// ── Evaluation: signals, each rule's progress, the evaluator's lease (migration 0017) ─────────

export type RuleStateRow = Selectable<AlertRuleStateTable>;

export async function insertSignal(
  db: Kysely<DB>,
  signal: { key: string; correlationId: string | null; details: Record<string, unknown>; at: Date },
) {
  await db
    .insertInto('alert_signals')
    .values({
      id: newId(),
      alert_key: signal.key,
      correlation_id: signal.correlationId,
      details: JSON.stringify(signal.details),
      occurred_at: signal.at,
    })
    .execute();
}

/** How many signals of a key fell in (from, to], and the correlation id of the latest. */
export async function countSignals(db: Kysely<DB>, key: string, from: Date, to: Date) {
  const rows = await db
    .selectFrom('alert_signals')
    .select(['correlation_id', 'occurred_at'])
    .where('alert_key', '=', key)
    .where('occurred_at', '>', from)
    .where('occurred_at', '<=', to)
    .orderBy('occurred_at', 'desc')
    .limit(1)
    .execute();
  const count = await db
    .selectFrom('alert_signals')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('alert_key', '=', key)
    .where('occurred_at', '>', from)
    .where('occurred_at', '<=', to)
    .executeTakeFirstOrThrow();
  return { count: Number(count.n), latestCorrelationId: rows[0]?.correlation_id ?? null };
}

export async function pruneSignals(db: Kysely<DB>, before: Date, limit: number): Promise<number> {
  const result = await sql`
    DELETE FROM alert_signals WHERE id IN (
      SELECT id FROM alert_signals WHERE occurred_at < ${before} LIMIT ${limit})`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

export function ruleStates(db: Kysely<DB>) {
  return db.selectFrom('alert_rule_state').selectAll().execute();
}

export async function saveRuleState(
  db: Kysely<DB>,
  s: Omit<RuleStateRow, 'last_value'> & { last_value: number | null },
) {
  await db
    .insertInto('alert_rule_state')
    .values(s)
    .onConflict((oc) =>
      oc.column('alert_key').doUpdateSet({
        consecutive: s.consecutive,
        holding_since: s.holding_since,
        notified_level: s.notified_level,
        last_level: s.last_level,
        last_value: s.last_value,
        last_checked_at: s.last_checked_at,
      }),
    )
    .execute();
}

/**
 * Takes or renews the evaluator's lease: it goes to `holder` when free, expired or already its own.
 * Returns whether `holder` holds it now.
 */
export async function takeLease(db: Kysely<DB>, holder: string, now: Date, until: Date): Promise<boolean> {
  const result = await sql<{ holder: string }>`
    INSERT INTO alert_evaluator_lease (name, holder, expires_at) VALUES ('alerts', ${holder}, ${until})
    ON CONFLICT (name) DO UPDATE SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at
      WHERE alert_evaluator_lease.holder = EXCLUDED.holder OR alert_evaluator_lease.expires_at <= ${now}
    RETURNING holder`.execute(db);
  return result.rows[0]?.holder === holder;
}

export async function releaseLease(db: Kysely<DB>, holder: string) {
  await db
    .deleteFrom('alert_evaluator_lease')
    .where('name', '=', 'alerts')
    .where('holder', '=', holder)
    .execute();
}

/** The unresolved record of an alert key, if any. */
export function unresolved(db: Kysely<DB>, key: string) {
  return db
    .selectFrom('alerts')
    .selectAll()
    .where('alert_key', '=', key)
    .where('state', '<>', 'resolved')
    .executeTakeFirst();
}

/** Records an escalation on the open record: its new details and one more occurrence. */
export async function escalate(db: Kysely<DB>, id: string, details: Record<string, unknown>, at: Date) {
  await db
    .updateTable('alerts')
    .set((eb) => ({
      details: JSON.stringify(details),
      occurrences: eb('occurrences', '+', 1),
      last_seen_at: at,
    }))
    .where('id', '=', id)
    .execute();
}
