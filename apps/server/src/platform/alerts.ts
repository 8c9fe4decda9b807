/**
 * Alert records (the spec's alert table). Raising an alert that is already open counts another
 * occurrence instead of paging again: a person is woken once, when they are expected to act.
 */
import { ALERT_CATALOGUE, type AlertKey } from '@kitwright/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Logger } from 'pino';
import type { DB } from '../db/schema';
import * as repo from './alerts-repo';

export interface AlertNotice {
  key: AlertKey;
  title: string;
  severity: string;
  owner: string;
  runbook: string;
  correlationId: string | null;
}

/** Delivers a newly opened alert to the people on call (webhook in staging/production, log locally). */
export type AlertNotifier = (notice: AlertNotice) => Promise<void>;

export function logAlertNotifier(log: Logger): AlertNotifier {
  return async (notice) => {
    log.warn(
      { alert: notice.key, severity: notice.severity, correlation_id: notice.correlationId },
      'alert raised',
    );
  };
}

export function webhookAlertNotifier(url: string, log: Logger): AlertNotifier {
  return async (notice) => {
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text: `[${notice.severity}] ${notice.title}: ${notice.runbook}`, ...notice }),
        signal: AbortSignal.timeout(5000),
      });
      if (!res.ok) log.error({ alert: notice.key, status: res.status }, 'alert webhook refused');
    } catch (err) {
      log.error({ alert: notice.key, err }, 'alert webhook failed');
    }
  };
}

export interface AlertService {
  raise(
    key: AlertKey,
    input?: { correlationId?: string | null; details?: Record<string, unknown> },
  ): Promise<void>;
  resolve(key: AlertKey): Promise<void>;
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

export function createAlertService(db: Kysely<DB>, notify: AlertNotifier, log: Logger): AlertService {
  return {
    async raise(key, input = {}) {
      const def = ALERT_CATALOGUE[key];
      try {
        const occurrences = await repo.openOrCount(db, {
          key,
          severity: def.severity,
          title: def.title,
          owner: def.owner,
          trigger: def.threshold,
          capability: def.capability,
          runbook: def.runbook,
          correlationId: input.correlationId ?? null,
          details: input.details ?? {},
        });
        if (occurrences === 1) {
          await notify({
            key,
            title: def.title,
            severity: def.severity,
            owner: def.owner,
            runbook: def.runbook,
            correlationId: input.correlationId ?? null,
          });
        }
      } catch (err) {
        // The alert store itself is down: the log line is the last record left, at the highest level.
        log.fatal({ alert: key, err, correlation_id: input.correlationId }, 'alert could not be recorded');
      }
    },
    async resolve(key) {
      await repo.resolveOpen(db, key, new Date());
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
