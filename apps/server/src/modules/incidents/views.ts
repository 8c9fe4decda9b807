/** Incidents as staff read them: the alert record with the people on it, and its timeline. */
import type { Incident, IncidentDetail } from '@kitwright/contracts';
import type Type from 'typebox';
import type { AlertRow, IncidentNoteRow } from '../../platform/alerts-repo';
import { type Profile, unknownProfile } from '../auth/profiles';
import type { IncidentsContext } from './context';

export type Detail = Type.Static<typeof IncidentDetail>;
export type Person = (id: string | null) => Profile | null;

/** The profiles of the people named, looked up once. */
export async function people(ctx: IncidentsContext, ids: (string | null)[]): Promise<Person> {
  const known = await ctx.profiles.byIds([...new Set(ids.filter((id): id is string => id !== null))]);
  return (id) => (id === null ? null : (known.get(id) ?? unknownProfile(id)));
}

export function toIncident(row: AlertRow, person: Person): Incident {
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

export async function detail(
  ctx: IncidentsContext,
  row: AlertRow,
  notes: IncidentNoteRow[],
): Promise<Detail> {
  const person = await people(ctx, [
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
