/** `kw.admin`: founder and staff operations — flags, phase gates and decisions, roles, errors, the job queue. */
import type { OperationBody, OperationParams, OperationQuery } from '@kitwright/contracts';
import type { ApiClient } from '../api-client';
import { type CallOptions, call, splitOptions } from './call';

export type GateInput = OperationBody<'recordGate'>;
export type PhaseDecisionInput = OperationBody<'decidePhase'>;
export type Role = OperationBody<'changeRole'>['role'];
export type ErrorsQuery = NonNullable<OperationQuery<'listErrors'>>;
export type DemandQuery = NonNullable<OperationQuery<'reviewDemand'>>;
export type DemandExportQuery = NonNullable<OperationQuery<'exportDemand'>>;
export type Qualification = OperationBody<'qualifyReservation'>;
export type IncidentsQuery = NonNullable<OperationQuery<'listIncidents'>>;
export type IncidentChange = OperationBody<'updateIncident'>;
export type ModerationQueueQuery = NonNullable<OperationQuery<'listModerationQueue'>>;
export type ModerationDecisionInput = OperationBody<'decideModeration'>;
export type FounderQuery = NonNullable<OperationQuery<'founderDashboard'>>;
export type FounderTable = OperationParams<'exportFounderTable'>['table'];

export function adminResource(api: ApiClient) {
  return {
    flags(options?: CallOptions) {
      return call(api, 'listFlags', { ...options });
    },
    /** Switches a feature flag (founders); a flag of a closed phase answers PHASE_CLOSED. */
    setFlag(flag: string, enabled: boolean, options?: CallOptions) {
      return call(api, 'setFlag', { params: { flag }, body: { enabled }, ...options });
    },
    phase(options?: CallOptions) {
      return call(api, 'getPhase', { ...options });
    },
    recordGate(gate: GateInput, options?: CallOptions) {
      return call(api, 'recordGate', { body: gate, ...options });
    },
    /** Moves to the next phase once every gate passed (GATE_NOT_MET with `missing_gates` otherwise). */
    decidePhase(decision: PhaseDecisionInput, options?: CallOptions) {
      return call(api, 'decidePhase', { body: decision, ...options });
    },
    changeRole(userId: string, role: Role, options?: CallOptions) {
      return call(api, 'changeRole', { params: { userId }, body: { role }, ...options });
    },
    /** Error groups and events: `days`, `source`, `correlation_id`, `limit`. */
    errors(query?: ErrorsQuery & CallOptions) {
      const split = splitOptions(query);
      return call(api, 'listErrors', { query: split.query, ...split.options });
    },
    jobQueueHealth(options?: CallOptions) {
      return call(api, 'jobQueueHealth', { ...options });
    },
    /** Demand review (staff): reservations newest first with the filtered totals; `next_cursor` pages. */
    demand(query?: DemandQuery & CallOptions) {
      const split = splitOptions(query);
      return call(api, 'reviewDemand', { query: split.query, ...split.options });
    },
    /** Reservation totals per listing, most active quantity first. */
    demandByListing(query?: DemandQuery & CallOptions) {
      const split = splitOptions(query);
      return call(api, 'demandByListing', { query: split.query, ...split.options });
    },
    /** The filtered reservations (or `view: 'listings'`, the totals) as CSV text. */
    exportDemand(query?: DemandExportQuery & CallOptions): Promise<string> {
      const split = splitOptions(query);
      return call(api, 'exportDemand', { query: split.query, ...split.options }) as Promise<string>;
    },
    /** Incidents (the alert records), newest first: `state`, `severity`, `alert_key`, `from`, `to`. */
    incidents(query?: IncidentsQuery & CallOptions) {
      const split = splitOptions(query);
      return call(api, 'listIncidents', { query: split.query, ...split.options });
    },
    incident(incidentId: string, options?: CallOptions) {
      return call(api, 'getIncident', { params: { incidentId }, ...options });
    },
    /** Acknowledge, assign (`assignee_id`), add a `note`, or resolve with a note; audited. */
    updateIncident(incidentId: string, change: IncidentChange, options?: CallOptions) {
      return call(api, 'updateIncident', { params: { incidentId }, body: change, ...options });
    },
    /** The moderation queue, oldest first: `kind`, `reason`, `from`, `to`; `next_cursor` pages. */
    moderationQueue(query?: ModerationQueueQuery & CallOptions) {
      const split = splitOptions(query);
      return call(api, 'listModerationQueue', { query: split.query, ...split.options });
    },
    /** A listing's full moderation history: flags, reports, appeals and decisions. */
    moderationItem(listingId: string, options?: CallOptions) {
      return call(api, 'getModerationItem', { params: { listingId }, ...options });
    },
    /** Approve, reject, hide, restore or request changes (`reason` required for reject, hide, request_changes). */
    decideModeration(listingId: string, decision: ModerationDecisionInput, options?: CallOptions) {
      return call(api, 'decideModeration', { params: { listingId }, body: decision, ...options });
    },
    /**
     * The founder dashboard (founders; staff read-only): `period` launch_week (default) or
     * first_30_days, or custom whole UTC days with `from`/`to`.
     */
    beta(query?: FounderQuery & CallOptions) {
      const split = splitOptions(query);
      return call(api, 'founderDashboard', { query: split.query, ...split.options });
    },
    /** One table of the founder dashboard as CSV text. */
    exportBeta(table: FounderTable, query?: FounderQuery & CallOptions): Promise<string> {
      const split = splitOptions(query);
      return call(api, 'exportFounderTable', {
        params: { table },
        query: split.query,
        ...split.options,
      }) as Promise<string>;
    },
    /** Marks a reservation qualified or not (or unreviewed again), with a note; audited. */
    qualifyReservation(reservationId: string, qualification: Qualification, options?: CallOptions) {
      return call(api, 'qualifyReservation', { params: { reservationId }, body: qualification, ...options });
    },
  };
}

export type AdminResource = ReturnType<typeof adminResource>;
