/**
 * The alert evaluator: on a schedule, measures each registered rule's signal and opens, escalates
 * or resolves its alert record — "an alert wakes someone only when that person is expected to act".
 *
 * - A rule's condition must hold on `consecutiveChecks` checks in a row, or continuously for
 *   `forMs`, before its incident opens; a blip that clears on the next check opens nothing.
 * - An open incident is de-duplicated (each further check that holds counts an occurrence) and
 *   pages again only on escalation: the measured level rises from 1 (condition holds) to 2 (it
 *   crossed the rule's second threshold).
 * - When the condition clears the incident resolves itself and a resolved notice is sent.
 * - One worker process evaluates at a time: each round first takes (or renews) a lease row in the
 *   database; a process that cannot take it skips the round. Each rule's progress across checks is
 *   kept in the database, so the next lease holder carries on where the last one stopped.
 *
 * Rules are plain values (`AlertRule`): any alert of the catalogue can be registered, including
 * ones owned by other parts of the app (e.g. analytics dispatch failure).
 */
import { ALERT_CATALOGUE, type AlertKey } from '@kitwright/contracts';
import type { Logger } from 'pino';
import type { AlertNotifier, AlertService } from '../platform/alerts';
import type { Clock } from '../platform/clock';
import { newId } from '../platform/ids';

/** 0: the condition does not hold; 1: it holds; 2: it holds past the rule's escalation threshold. */
export type AlertLevel = 0 | 1 | 2;

export interface AlertMeasurement {
  level: AlertLevel;
  /** The figure the rule compares (a rate, an age, a count), for the record and the notices. */
  value: number;
  /** Safe figures shown on the incident and in the notices. */
  details: Record<string, unknown>;
  /** A request the condition was seen in, when the signal carries one. */
  correlationId?: string | null;
}

export interface AlertCheck {
  /** This check's time (the evaluator's clock). */
  now: Date;
  /** The previous check's time: signals counted per check fall in (since, now]. */
  since: Date;
}

export interface AlertRule {
  key: AlertKey;
  /** Checks in a row the condition must hold before the incident opens (at least 1). */
  consecutiveChecks: number;
  /** Or: how long it must have held (from the first check that saw it), whichever comes first. */
  forMs?: number;
  measure(check: AlertCheck): Promise<AlertMeasurement>;
}

export type RuleAction = 'clear' | 'pending' | 'opened' | 'ongoing' | 'escalated' | 'resolved' | 'error';

export interface RuleResult {
  key: AlertKey;
  level: AlertLevel;
  value: number | null;
  consecutive: number;
  action: RuleAction;
}

export interface EvaluationReport {
  /** False when another process holds the lease (or the database could not be reached). */
  evaluated: boolean;
  results: RuleResult[];
}

export interface AlertEvaluator {
  /** Adds a rule (one per alert key). */
  register(rule: AlertRule): void;
  rules(): readonly AlertRule[];
  /** One round: take the lease, measure every rule, open/escalate/resolve. */
  evaluate(): Promise<EvaluationReport>;
  start(): void;
  stop(): Promise<void>;
  readonly holder: string;
}

export function createAlertEvaluator(deps: {
  alerts: AlertService;
  clock: Clock;
  logger: Logger;
  intervalMs: number;
  /** Delivers a notice without a record: used only while the database cannot be reached. */
  notifyDirect: AlertNotifier;
  holder?: string;
}): AlertEvaluator {
  const { alerts, clock, logger } = deps;
  const holder = deps.holder ?? `evaluator-${newId()}`;
  const registered = new Map<AlertKey, AlertRule>();
  let timer: NodeJS.Timeout | null = null;
  // Rounds never overlap within a process: each waits for the one before it.
  let last: Promise<unknown> = Promise.resolve();
  // Rounds in a row that could not reach the database: the app is unavailable and no record can
  // be written, so the people on call are told directly (once), and again when it comes back.
  let unreachableRounds = 0;
  let toldUnreachable = false;

  async function evaluateRule(
    rule: AlertRule,
    state: Awaited<ReturnType<AlertService['evaluation']['states']>>[number] | undefined,
    now: Date,
  ): Promise<RuleResult> {
    const since = state?.last_checked_at ?? new Date(now.getTime() - deps.intervalMs);
    let m: AlertMeasurement;
    try {
      m = await rule.measure({ now, since });
    } catch (err) {
      logger.warn({ err, alert: rule.key, stage: 'alert-evaluator' }, 'alert signal could not be measured');
      return { key: rule.key, level: 0, value: null, consecutive: state?.consecutive ?? 0, action: 'error' };
    }
    const details = { ...m.details, measured_value: m.value, level: m.level };
    let notified = state?.notified_level ?? 0;
    let action: RuleAction;
    let consecutive = 0;
    let holdingSince: Date | null = null;
    if (m.level > 0) {
      consecutive = (state?.consecutive ?? 0) + 1;
      holdingSince = state?.holding_since ?? now;
      const heldLongEnough =
        consecutive >= rule.consecutiveChecks ||
        (rule.forMs !== undefined && now.getTime() - holdingSince.getTime() >= rule.forMs);
      if (!heldLongEnough) action = 'pending';
      else {
        const open = await alerts.isOpen(rule.key);
        if (!open && notified > 0 && m.level <= notified) {
          // Staff resolved it by hand while it still holds: stay quiet until it clears or worsens.
          action = 'ongoing';
        } else if (!open) {
          await alerts.raise(rule.key, { correlationId: m.correlationId ?? null, details });
          notified = m.level;
          action = 'opened';
        } else if (m.level > notified) {
          await alerts.escalate(rule.key, details);
          notified = m.level;
          action = 'escalated';
        } else {
          await alerts.raise(rule.key, { correlationId: m.correlationId ?? null, details });
          action = 'ongoing';
        }
      }
    } else {
      action = (await alerts.resolve(rule.key, details)) ? 'resolved' : 'clear';
      notified = 0;
    }
    await alerts.evaluation.save({
      alert_key: rule.key,
      consecutive,
      holding_since: holdingSince,
      notified_level: notified,
      last_level: m.level,
      last_value: Number.isFinite(m.value) ? m.value : null,
      last_checked_at: now,
    });
    return { key: rule.key, level: m.level, value: m.value, consecutive, action };
  }

  async function unreachable(err: unknown): Promise<EvaluationReport> {
    unreachableRounds++;
    logger.error(
      { err, stage: 'alert-evaluator', rounds: unreachableRounds },
      'alert evaluation: database unreachable',
    );
    const appRule = registered.get('app_unavailable');
    if (appRule && !toldUnreachable && unreachableRounds >= appRule.consecutiveChecks) {
      toldUnreachable = true;
      await directNotice('opened', { database: 'unreachable', rounds: unreachableRounds });
    }
    return { evaluated: false, results: [] };
  }

  async function directNotice(kind: 'opened' | 'resolved', details: Record<string, unknown>) {
    const def = ALERT_CATALOGUE.app_unavailable;
    await deps
      .notifyDirect({
        key: 'app_unavailable',
        kind,
        title: def.title,
        severity: def.severity,
        owner: def.owner,
        runbook: def.runbook,
        correlationId: null,
        incidentId: null,
        details,
      })
      .catch((err: unknown) => logger.fatal({ err }, 'alert notice could not be delivered'));
  }

  async function round(): Promise<EvaluationReport> {
    const now = clock.now();
    let states: Awaited<ReturnType<AlertService['evaluation']['states']>>;
    try {
      const mine = await alerts.evaluation.takeLease(
        holder,
        now,
        new Date(now.getTime() + 2 * deps.intervalMs),
      );
      if (!mine) return { evaluated: false, results: [] };
      states = await alerts.evaluation.states();
    } catch (err) {
      return unreachable(err);
    }
    if (toldUnreachable) {
      toldUnreachable = false;
      await directNotice('resolved', { database: 'reachable again' });
    }
    unreachableRounds = 0;
    const results: RuleResult[] = [];
    for (const rule of registered.values()) {
      try {
        results.push(
          await evaluateRule(
            rule,
            states.find((s) => s.alert_key === rule.key),
            now,
          ),
        );
      } catch (err) {
        logger.error({ err, alert: rule.key, stage: 'alert-evaluator' }, 'alert rule could not be evaluated');
        results.push({ key: rule.key, level: 0, value: null, consecutive: 0, action: 'error' });
      }
    }
    return { evaluated: true, results };
  }

  function evaluate(): Promise<EvaluationReport> {
    const next = last.catch(() => undefined).then(round);
    last = next;
    return next;
  }

  return {
    holder,
    register(rule) {
      if (registered.has(rule.key)) throw new Error(`alert rule ${rule.key} is already registered`);
      if (!Number.isInteger(rule.consecutiveChecks) || rule.consecutiveChecks < 1)
        throw new Error(`alert rule ${rule.key}: consecutiveChecks must be a whole number of at least 1`);
      registered.set(rule.key, rule);
    },
    rules: () => [...registered.values()],
    evaluate,
    start() {
      timer ??= setInterval(() => void evaluate().catch(() => undefined), deps.intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await last.catch(() => undefined);
      await alerts.evaluation.releaseLease(holder).catch(() => undefined);
    },
  };
}
