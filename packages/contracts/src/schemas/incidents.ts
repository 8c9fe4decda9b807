/**
 * Incidents (staff and founders): the alert records, each one incident, with who acknowledged,
 * owns and resolved it, and its narrative timeline. An alert that recurs after resolution opens a
 * new incident.
 */
import Type from 'typebox';
import { PersonRef } from './listing';

export const INCIDENT_STATES = ['open', 'acknowledged', 'resolved'] as const;
export type IncidentState = (typeof INCIDENT_STATES)[number];
export const INCIDENT_NOTE_KINDS = ['note', 'acknowledged', 'assigned', 'resolved'] as const;
export type IncidentNoteKind = (typeof INCIDENT_NOTE_KINDS)[number];
export const INCIDENT_NOTE_MAX_LENGTH = 2000;

export const IncidentsQuery = Type.Object({
  state: Type.Optional(
    Type.Enum([...INCIDENT_STATES, 'unresolved'], { description: 'unresolved: open or acknowledged' }),
  ),
  severity: Type.Optional(Type.Enum(['P0', 'P1', 'P2'])),
  alert_key: Type.Optional(Type.String({ maxLength: 64 })),
  from: Type.Optional(Type.String({ format: 'date-time', description: 'First seen at or after (UTC)' })),
  to: Type.Optional(Type.String({ format: 'date-time', description: 'First seen before (UTC)' })),
  cursor: Type.Optional(Type.String({ maxLength: 512 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
});

export const Incident = Type.Object({
  id: Type.String(),
  alert_key: Type.String(),
  severity: Type.String(),
  title: Type.String(),
  owner: Type.String({ description: 'The role the alert catalogue makes responsible' }),
  trigger: Type.String(),
  impacted_capability: Type.String(),
  runbook_action: Type.String(),
  state: Type.Enum([...INCIDENT_STATES]),
  correlation_id: Type.Union([Type.String(), Type.Null()]),
  details: Type.Record(Type.String(), Type.Unknown()),
  occurrences: Type.Integer(),
  first_seen_at: Type.String(),
  last_seen_at: Type.String(),
  assignee: Type.Union([PersonRef, Type.Null()]),
  acknowledged_at: Type.Union([Type.String(), Type.Null()]),
  acknowledged_by: Type.Union([PersonRef, Type.Null()]),
  resolved_at: Type.Union([Type.String(), Type.Null()]),
  resolved_by: Type.Union([PersonRef, Type.Null()], {
    description: 'Null when the incident resolved itself (its condition cleared)',
  }),
  resolution_note: Type.Union([Type.String(), Type.Null()]),
});
export type Incident = Type.Static<typeof Incident>;

export const IncidentNote = Type.Object({
  id: Type.String(),
  kind: Type.Enum([...INCIDENT_NOTE_KINDS]),
  author: Type.Union([PersonRef, Type.Null()]),
  body: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
});

export const IncidentDetail = Type.Object({
  incident: Incident,
  timeline: Type.Array(IncidentNote, { description: 'Oldest first: notes and each change' }),
});

export const IncidentsResponse = Type.Object({
  items: Type.Array(Incident),
  next_cursor: Type.Union([Type.String(), Type.Null()]),
});

export const IncidentIdParams = Type.Object({ incidentId: Type.String({ format: 'uuid' }) });

export const UpdateIncidentRequest = Type.Object(
  {
    state: Type.Optional(
      Type.Enum(['acknowledged', 'resolved'], { description: 'resolved needs a note: what was done' }),
    ),
    assignee_id: Type.Optional(
      Type.Union([Type.String({ format: 'uuid' }), Type.Null()], {
        description: 'A staff member or founder who owns it now; null: nobody',
      }),
    ),
    note: Type.Optional(Type.String({ minLength: 1, maxLength: INCIDENT_NOTE_MAX_LENGTH })),
  },
  { minProperties: 1 },
);
