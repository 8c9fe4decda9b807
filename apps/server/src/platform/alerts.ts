/**
 * Alert records (the spec's alert table). Raising an alert that is already open counts another
 * occurrence instead of paging again: a person is woken once, when they are expected to act.
 */
import { ALERT_CATALOGUE, type AlertKey } from '@kitwright/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Logger } from 'pino';
import type { DB } from '../db/schema';
import * as repo from './alerts-repo';
import { type Clock, systemClock } from './clock';
import { currentCorrelationId } from './correlation';

export interface AlertNotice {
  key: AlertKey;
  /** Opened (first page), escalated (it got worse: paged again) or resolved (its condition cleared). */
  kind: 'opened' | 'escalated' | 'resolved';
  title: string;
  severity: string;
  owner: string;
  runbook: string;
  correlationId: string | null;
  /** The incident record, when one was written. */
  incidentId: string | null;
  /** What was measured (safe figures only). */
  details: Record<string, unknown>;
}

/** Delivers an alert notice to the people on call (see platform/alert-channels.ts). */
export type AlertNotifier = (notice: AlertNotice) => Promise<void>;

export function logAlertNotifier(log: Logger): AlertNotifier {
  return async (notice) => {
    log.warn(
      {
        alert: notice.key,
        kind: notice.kind,
        severity: notice.severity,
        correlation_id: notice.correlationId,
      },
      `alert ${notice.kind}`,
    );
  };
}

export interface AlertService {
  /**
   * Opens the alert (paging once) or counts one more occurrence of the open record. The alert
   * evaluator (workers/alert-evaluator.ts) is the one caller in the app: it raises only when a
   * rule's condition has held long enough, naming the failure that tripped it; raised where a
   * failure happens, the record takes the current correlation id (correlation.ts).
   */
  raise(
    key: AlertKey,
    input?: { correlationId?: string | null; details?: Record<string, unknown> },
  ): Promise<void>;
  /** The open record got worse: new details, one more occurrence, and the people are paged again. */
  escalate(key: AlertKey, details: Record<string, unknown>): Promise<void>;
  /** Resolves the open record (its condition cleared) and sends the resolved notice; whether there was one. */
  resolve(key: AlertKey, details?: Record<string, unknown>): Promise<boolean>;
  /** Whether the key has an unresolved record. */
  isOpen(key: AlertKey): Promise<boolean>;
  /**
   * Records a failure where it happened (an audit write, an inbound provider event that could not
   * be stored), for the evaluator to count, with the current correlation id. Never throws: the
   * caller is already failing.
   */
  signal(key: string, input?: { details?: Record<string, unknown> }): Promise<void>;
  /** How many signals of a key fell in (from, to], with the latest one's correlation id. */
  countSignals(
    key: string,
    from: Date,
    to: Date,
  ): Promise<{ count: number; latestCorrelationId: string | null }>;
  /** The evaluator's lease and each rule's progress (see workers/alert-evaluator.ts). */
  evaluation: {
    takeLease(holder: string, now: Date, until: Date): Promise<boolean>;
    releaseLease(holder: string): Promise<void>;
    states(): Promise<repo.RuleStateRow[]>;
    save(state: repo.RuleStateRow): Promise<void>;
    pruneSignals(before: Date, limit: number): Promise<number>;
  };
  /** Open and acknowledged alerts, the most recently seen first. */
  open(): Promise<Awaited<ReturnType<typeof repo.openAlerts>>>;
  /** The alert records as incidents, for the staff endpoints (modules/incidents holds the rules). */
  incidents: {
    page(
      filter: repo.IncidentFilter,
      after: { at: Date; id: string } | null,
      limit: number,
    ): Promise<repo.AlertRow[]>;
    get(id: string): Promise<{ incident: repo.AlertRow; notes: repo.IncidentNoteRow[] } | null>;
    lock(trx: Transaction<DB>, id: string): Promise<repo.AlertRow | undefined>;
    update: typeof repo.updateIncident;
    addNote: typeof repo.addIncidentNote;
  };
}

export function createAlertService(
  db: Kysely<DB>,
  notify: AlertNotifier,
  log: Logger,
  clock: Clock = systemClock,
): AlertService {
  const noticeOf = (
    key: AlertKey,
    kind: AlertNotice['kind'],
    row: { id: string; correlation_id: string | null } | undefined,
    details: Record<string, unknown>,
  ): AlertNotice => {
    const def = ALERT_CATALOGUE[key];
    return {
      key,
      kind,
      title: def.title,
      severity: def.severity,
      owner: def.owner,
      runbook: def.runbook,
      correlationId: row?.correlation_id ?? null,
      incidentId: row?.id ?? null,
      details,
    };
  };
  return {
    async raise(key, input = {}) {
      const def = ALERT_CATALOGUE[key];
      const correlationId = input.correlationId !== undefined ? input.correlationId : currentCorrelationId();
      try {
        const occurrences = await repo.openOrCount(db, {
          key,
          severity: def.severity,
          title: def.title,
          owner: def.owner,
          trigger: def.threshold,
          capability: def.capability,
          runbook: def.runbook,
          correlationId,
          details: input.details ?? {},
          at: clock.now(),
        });
        if (occurrences === 1) {
          await notify(noticeOf(key, 'opened', await repo.unresolved(db, key), input.details ?? {}));
        }
      } catch (err) {
        // The alert store itself is down: the log line is the last record left, at the highest level.
        log.fatal({ alert: key, err, correlation_id: correlationId }, 'alert could not be recorded');
      }
    },
    async escalate(key, details) {
      const open = await repo.unresolved(db, key);
      if (!open) return;
      await repo.escalate(db, open.id, details, clock.now());
      await notify(noticeOf(key, 'escalated', open, details));
    },
    async resolve(key, details = {}) {
      const resolved = await repo.resolveOpen(db, key, clock.now());
      if (resolved) await notify(noticeOf(key, 'resolved', resolved, details));
      return resolved !== undefined;
    },
    isOpen: async (key) => (await repo.unresolved(db, key)) !== undefined,
    async signal(key, input = {}) {
      try {
        await repo.insertSignal(db, {
          key,
          correlationId: currentCorrelationId(),
          details: input.details ?? {},
          at: clock.now(),
        });
      } catch (err) {
        // The database itself is failing: the log line is the record left, at the highest level.
        log.fatal({ alert: key, err }, 'alert signal could not be recorded');
      }
    },
    countSignals: (key, from, to) => repo.countSignals(db, key, from, to),
    evaluation: {
      takeLease: (holder, now, until) => repo.takeLease(db, holder, now, until),
      releaseLease: (holder) => repo.releaseLease(db, holder),
      states: () => repo.ruleStates(db),
      save: (state) => repo.saveRuleState(db, state),
      pruneSignals: (before, limit) => repo.pruneSignals(db, before, limit),
    },
    open: () => repo.openAlerts(db),
    incidents: {
      page: (filter, after, limit) => repo.incidentPage(db, filter, after, limit),
      async get(id) {
        const incident = await repo.incidentById(db, id);
        return incident ? { incident, notes: await repo.incidentNotes(db, id) } : null;
      },
      lock: repo.lockIncident,
      update: repo.updateIncident,
      addNote: repo.addIncidentNote,
    },
  };
}
