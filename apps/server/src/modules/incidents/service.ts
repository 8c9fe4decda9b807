/**
 * Incidents for staff and founders: the alert records (platform/alerts), each one incident, read
 * with filters and a cursor, and moved by people: acknowledged, assigned to a staff member, annotated
 * and resolved with a note. The rules live here; the records and their SQL stay with the alerts.
 *
 * States: open → acknowledged → resolved, or open → resolved. Resolved is final: the same alert
 * raised again opens a new incident (one unresolved record per alert key, by a unique index), so a
 * resolved record keeps what happened that time. Every change is audited and is a line of the
 * incident's timeline, next to the narrative notes.
 *
 * The flows: reading.ts, changes.ts (over views.ts); this file binds them to one context.
 */
import { type IncidentChange, update } from './changes';
import { createIncidentsContext, type IncidentsDeps } from './context';
import { get, type IncidentsQuery, list } from './reading';

export type { IncidentChange } from './changes';
export type { IncidentsDeps } from './context';
export type { IncidentsQuery } from './reading';

export function createIncidentsService(deps: IncidentsDeps) {
  const ctx = createIncidentsContext(deps);
  return {
    list: (query: IncidentsQuery) => list(ctx, query),
    get: (id: string) => get(ctx, id),
    update: (staffId: string, id: string, change: IncidentChange) => update(ctx, staffId, id, change),
  };
}

export type IncidentsService = ReturnType<typeof createIncidentsService>;
