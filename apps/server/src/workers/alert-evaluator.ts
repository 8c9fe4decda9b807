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

export interface AlertEvaluatorDeps {
  alerts: AlertService;
  clock: Clock;
  logger: Logger;
  intervalMs: number;
  /** Delivers a notice without a record: used only while the database cannot be reached. */
  notifyDirect: AlertNotifier;
  holder?: string;
}

type RuleState = Awaited<ReturnType<AlertService['evaluation']['states']>>[number];

/** What the evaluator's rounds share: its dependencies, its rules and its state across rounds. */
interface EvaluatorContext extends AlertEvaluatorDeps {
  holder: string;
  registered: Map<AlertKey, AlertRule>;
  timer: NodeJS.Timeout | null;
  /** Rounds never overlap within a process: each waits for the one before it. */
  last: Promise<unknown>;
  /**
   * Rounds in a row that could not reach the database: the app is unavailable and no record can
   * be written, so the people on call are told directly (once), and again when it comes back.
   */
  unreachableRounds: number;
  toldUnreachable: boolean;
}

export function createAlertEvaluator(deps: AlertEvaluatorDeps): AlertEvaluator {
  const ctx: EvaluatorContext = {
    ...deps,
    holder: deps.holder ?? `evaluator-${newId()}`,
    registered: new Map(),
    timer: null,
    last: Promise.resolve(),
    unreachableRounds: 0,
    toldUnreachable: false,
  };
  return {
    holder: ctx.holder,
    register: (rule) => register(ctx, rule),
    rules: () => [...ctx.registered.values()],
    evaluate: () => evaluate(ctx),
    start: () => start(ctx),
    stop: () => stop(ctx),
  };
}

function register(ctx: EvaluatorContext, rule: AlertRule): void {
  if (ctx.registered.has(rule.key)) throw new Error(`alert rule ${rule.key} is already registered`);
  if (!Number.isInteger(rule.consecutiveChecks) || rule.consecutiveChecks < 1)
    throw new Error(`alert rule ${rule.key}: consecutiveChecks must be a whole number of at least 1`);
  ctx.registered.set(rule.key, rule);
}

function evaluate(ctx: EvaluatorContext): Promise<EvaluationReport> {
  const next = ctx.last.catch(() => undefined).then(() => round(ctx));
  ctx.last = next;
  return next;
}

function start(ctx: EvaluatorContext): void {
  ctx.timer ??= setInterval(() => void evaluate(ctx).catch(() => undefined), ctx.intervalMs);
  ctx.timer.unref();
}

async function stop(ctx: EvaluatorContext): Promise<void> {
  if (ctx.timer) clearInterval(ctx.timer);
  ctx.timer = null;
  await ctx.last.catch(() => undefined);
  await ctx.alerts.evaluation.releaseLease(ctx.holder).catch(() => undefined);
}

/** One round: take the lease, then measure and act on every rule. */
async function round(ctx: EvaluatorContext): Promise<EvaluationReport> {
  const now = ctx.clock.now();
  let states: RuleState[];
  try {
    const mine = await ctx.alerts.evaluation.takeLease(
      ctx.holder,
      now,
      new Date(now.getTime() + 2 * ctx.intervalMs),
    );
    if (!mine) return { evaluated: false, results: [] };
    states = await ctx.alerts.evaluation.states();
  } catch (err) {
    return unreachable(ctx, err);
  }
  if (ctx.toldUnreachable) {
    ctx.toldUnreachable = false;
    await directNotice(ctx, 'resolved', { database: 'reachable again' });
  }
  ctx.unreachableRounds = 0;
  const results: RuleResult[] = [];
  for (const rule of ctx.registered.values()) {
    try {
      results.push(
        await evaluateRule(
          ctx,
          rule,
          states.find((s) => s.alert_key === rule.key),
          now,
        ),
      );
    } catch (err) {
      ctx.logger.error(
        { err, alert: rule.key, stage: 'alert-evaluator' },
        'alert rule could not be evaluated',
      );
      results.push({ key: rule.key, level: 0, value: null, consecutive: 0, action: 'error' });
    }
  }
  return { evaluated: true, results };
}

/** Measures one rule, opens, escalates or resolves its alert, and keeps its progress across checks. */
async function evaluateRule(
  ctx: EvaluatorContext,
  rule: AlertRule,
  state: RuleState | undefined,
  now: Date,
): Promise<RuleResult> {
  const since = state?.last_checked_at ?? new Date(now.getTime() - ctx.intervalMs);
  let m: AlertMeasurement;
  try {
    m = await rule.measure({ now, since });
  } catch (err) {
    ctx.logger.warn({ err, alert: rule.key, stage: 'alert-evaluator' }, 'alert signal could not be measured');
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
    else ({ action, notified } = await actOnHolding(ctx, rule, m, details, notified));
  } else {
    action = (await ctx.alerts.resolve(rule.key, details)) ? 'resolved' : 'clear';
    notified = 0;
  }
  await ctx.alerts.evaluation.save({
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

/** A condition that has held long enough: open the alert, escalate it, or count one more occurrence. */
async function actOnHolding(
  ctx: EvaluatorContext,
  rule: AlertRule,
  m: AlertMeasurement,
  details: Record<string, unknown>,
  notified: number,
): Promise<{ action: RuleAction; notified: number }> {
  const open = await ctx.alerts.isOpen(rule.key);
  if (!open && notified > 0 && m.level <= notified) {
    // Staff resolved it by hand while it still holds: stay quiet until it clears or worsens.
    return { action: 'ongoing', notified };
  }
  if (!open) {
    await ctx.alerts.raise(rule.key, { correlationId: m.correlationId ?? null, details });
    return { action: 'opened', notified: m.level };
  }
  if (m.level > notified) {
    await ctx.alerts.escalate(rule.key, details);
    return { action: 'escalated', notified: m.level };
  }
  await ctx.alerts.raise(rule.key, { correlationId: m.correlationId ?? null, details });
  return { action: 'ongoing', notified };
}

async function unreachable(ctx: EvaluatorContext, err: unknown): Promise<EvaluationReport> {
  ctx.unreachableRounds++;
  ctx.logger.error(
    { err, stage: 'alert-evaluator', rounds: ctx.unreachableRounds },
    'alert evaluation: database unreachable',
  );
  const appRule = ctx.registered.get('app_unavailable');
  if (appRule && !ctx.toldUnreachable && ctx.unreachableRounds >= appRule.consecutiveChecks) {
    ctx.toldUnreachable = true;
    await directNotice(ctx, 'opened', { database: 'unreachable', rounds: ctx.unreachableRounds });
  }
  return { evaluated: false, results: [] };
}

async function directNotice(
  ctx: EvaluatorContext,
  kind: 'opened' | 'resolved',
  details: Record<string, unknown>,
) {
  const def = ALERT_CATALOGUE.app_unavailable;
  await ctx
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
    .catch((err: unknown) => ctx.logger.fatal({ err }, 'alert notice could not be delivered'));
}
