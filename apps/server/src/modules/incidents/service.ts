/**
 * Incidents for staff and founders: the alert records (platform/alerts), each one incident, read
 * with filters and a cursor, and moved by people: acknowledged, assigned to a staff member, annotated
 * and resolved with a note. The rules live here; the records and their SQL stay with the alerts.
 *
 * States: open → acknowledged → resolved, or open → resolved. Resolved is final: the same alert
 * raised again opens a new incident (one unresolved record per alert key, by a unique index), so a
 * resolved record keeps what happened that time. Every change is audited and is a line of the
 * incident's timeline, next to the narrative notes.
 */
import type { Incident, IncidentDetail } from '@kitwright/contracts';
import type { Kysely } from 'kysely';
import type Type from 'typebox';
import type { DB } from '../../db/schema';
import type { AlertService } from '../../platform/alerts';
import type { AlertRow, IncidentFilter, IncidentNoteRow } from '../../platform/alerts-repo';
import { auditedTransaction } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { isUuid } from '../../platform/ids';
import { pageOf, readTimeCursor } from '../../platform/pagination';
import { readPeriod } from '../../platform/period';
import { type Profile, type Profiles, unknownProfile } from '../auth/profiles';

export interface IncidentsQuery {
  state?: 'open' | 'acknowledged' | 'resolved' | 'unresolved';
  severity?: 'P0' | 'P1' | 'P2';
  alert_key?: string;
  from?: string;
  to?: string;
  cursor?: string;
  limit?: number;
}

export interface IncidentChange {
  state?: 'acknowledged' | 'resolved';
  assignee_id?: string | null;
  note?: string;
}

type Detail = Type.Static<typeof IncidentDetail>;

export function createIncidentsService(deps: {
  db: Kysely<DB>;
  clock: Clock;
  alerts: AlertService;
  profiles: Profiles;
}) {
  const { db, clock, alerts, profiles } = deps;

  async function people(ids: (string | null)[]): Promise<(id: string | null) => Profile | null> {
    const known = await profiles.byIds([...new Set(ids.filter((id): id is string => id !== null))]);
    return (id) => (id === null ? null : (known.get(id) ?? unknownProfile(id)));
  }

  function toIncident(row: AlertRow, person: (id: string | null) => Profile | null): Incident {
    return {
      id: row.id,
      alert_key: row.alert_key,
      severity: row.severity,
      title: row.title,
      owner: row.owner,
      trigger: row.trigger,
      impacted_capability: row.impacted_capability,
      runbook_action: row.runbook_action,
      state: row.state,
      correlation_id: row.correlation_id,
      details: row.details,
      occurrences: row.occurrences,
      first_seen_at: row.first_seen_at.toISOString(),
      last_seen_at: row.last_seen_at.toISOString(),
      assignee: person(row.assignee_id),
      acknowledged_at: row.acknowledged_at?.toISOString() ?? null,
      acknowledged_by: person(row.acknowledged_by),
      resolved_at: row.resolved_at?.toISOString() ?? null,
      resolved_by: person(row.resolved_by),
      resolution_note: row.resolution_note,
    };
  }

  async function detail(row: AlertRow, notes: IncidentNoteRow[]): Promise<Detail> {
    const person = await people([
      row.assignee_id,
      row.acknowledged_by,
      row.resolved_by,
      ...notes.map((n) => n.author_id),
    ]);
    return {
      incident: toIncident(row, person),
      timeline: notes.map((n) => ({
        id: n.id,
        kind: n.kind,
        author: person(n.author_id),
        body: n.body,
        created_at: n.created_at.toISOString(),
      })),
    };
  }

  function filterOf(query: IncidentsQuery): IncidentFilter {
    const period = readPeriod(query);
    return {
      ...(query.state ? { state: query.state } : {}),
      ...(query.severity ? { severity: query.severity } : {}),
      ...(query.alert_key ? { alertKey: query.alert_key } : {}),
      ...period,
    };
  }

  return {
    async list(query: IncidentsQuery) {
      const limit = query.limit ?? 20;
      const rows = await alerts.incidents.page(
        filterOf(query),
        query.cursor ? readTimeCursor(query.cursor) : null,
        limit + 1,
      );
      const { page, next_cursor } = pageOf(rows, limit, (r) => ({ at: r.first_seen_at, id: r.id }));
      const person = await people(page.flatMap((r) => [r.assignee_id, r.acknowledged_by, r.resolved_by]));
      return { items: page.map((r) => toIncident(r, person)), next_cursor };
    },

    async get(id: string): Promise<Detail> {
      if (!isUuid(id)) throw new AppError('NOT_FOUND');
      const found = await alerts.incidents.get(id);
      if (!found) throw new AppError('NOT_FOUND');
      return detail(found.incident, found.notes);
    },

    /**
     * Acknowledges, assigns, annotates or resolves (with a note) an incident, in one audited
     * transaction; a change that does nothing (acknowledging what is acknowledged, assigning the
     * current owner) is refused rather than recorded twice.
     */
    async update(staffId: string, id: string, change: IncidentChange): Promise<Detail> {
      if (!isUuid(id)) throw new AppError('NOT_FOUND');
      const note = change.note?.trim() || null;
      if (change.note !== undefined && note === null)
        throw new AppError('VALIDATION_FAILED', 'Write the note.', { fields: { note: 'is empty' } });
      if (change.state === 'resolved' && note === null)
        throw new AppError('VALIDATION_FAILED', 'Say what was done to resolve it.', {
          fields: { note: 'is required to resolve' },
        });
      if (change.assignee_id && !(await profiles.staff(change.assignee_id)))
        throw new AppError('VALIDATION_FAILED', 'Only a staff member or a founder can own an incident.', {
          fields: { assignee_id: 'is not staff' },
        });
      await auditedTransaction({ db, clock, alerts }, async (trx, audit) => {
        const current = await alerts.incidents.lock(trx, id);
        if (!current) throw new AppError('NOT_FOUND');
        if (current.state === 'resolved')
          throw new AppError('INVALID_STATE', 'This incident is resolved; a recurrence opens a new one.');
        const at = clock.now();
        const record = async (
          kind: IncidentNoteRow['kind'],
          body: string | null,
          action: string,
          details: Record<string, unknown>,
        ) => {
          await alerts.incidents.addNote(trx, { alertId: id, authorId: staffId, kind, body, at });
          await audit({
            actor: { type: 'user', id: staffId },
            action,
            resourceType: 'incident',
            resourceId: id,
            details: { alert_key: current.alert_key, ...details },
          });
        };
        if (change.assignee_id !== undefined) {
          if (change.assignee_id === current.assignee_id)
            throw new AppError('INVALID_STATE', 'The incident already has this owner.');
          await alerts.incidents.update(trx, id, { assignee_id: change.assignee_id });
          await record('assigned', null, 'incident.assigned', { assignee_id: change.assignee_id });
        }
        if (change.state === 'acknowledged') {
          if (current.state === 'acknowledged')
            throw new AppError('INVALID_STATE', 'This incident is already acknowledged.');
          await alerts.incidents.update(trx, id, {
            state: 'acknowledged',
            acknowledged_at: at,
            acknowledged_by: staffId,
          });
          await record('acknowledged', null, 'incident.acknowledged', {});
        }
        if (change.state === 'resolved') {
          await alerts.incidents.update(trx, id, {
            state: 'resolved',
            resolved_at: at,
            resolved_by: staffId,
            resolution_note: note,
          });
          await record('resolved', note, 'incident.resolved', { note_length: note?.length ?? 0 });
        } else if (note !== null) {
          await record('note', note, 'incident.noted', { note_length: note.length });
        }
      });
      return this.get(id);
    },
  };
}

export type IncidentsService = ReturnType<typeof createIncidentsService>;
