/**
 * The eight alerts of the spec's table, each measured from a real signal by the scheduled
 * evaluator. The signal sources are functions the composition root passes in, so workers import no
 * module.
 */
import type { QueueHealth } from '@kitwright/contracts';
import type { AlertLevel, AlertMeasurement, AlertRule } from './alert-evaluator';

/** Checkout confirmations and captures (A.5). Until checkout exists the source reports zero. */
export interface CheckoutSignalSource {
  /** Checkout confirmations attempted and failed in [from, to). */
  confirmations(from: Date, to: Date): Promise<{ attempts: number; failures: number }>;
  /** Payments captured that should not have been (Phase A has no card flow: any is accidental). */
  accidentalCaptures(from: Date, to: Date): Promise<number>;
}

export const NO_CHECKOUT_YET: CheckoutSignalSource = {
  confirmations: async () => ({ attempts: 0, failures: 0 }),
  accidentalCaptures: async () => 0,
};

export interface AlertSignalSources {
  /** The server's own readiness (the function behind /api/readyz). */
  readiness(): Promise<{ ready: boolean; checks: Array<{ name: string; ok: boolean }> }>;
  queueHealth(): Promise<QueueHealth>;
  /** Signals recorded where failures happen (audit writes, inbound provider events), in (from, to]. */
  countSignals(
    key: string,
    from: Date,
    to: Date,
  ): Promise<{ count: number; latestCorrelationId: string | null }>;
  /** Model uploads whose check ended, and how many were invalid, among drafts made in [from, to). */
  uploadValidation(from: Date, to: Date): Promise<{ total: number; invalid: number }>;
  /** Open support conversations past their first-response due time at `now`, the oldest's due time. */
  supportOverdue(now: Date): Promise<{ overdue: number; oldestDueAt: Date | null }>;
  checkout: CheckoutSignalSource;
  /** The analytics dispatcher's durable state: when the current run of failures began (null: none). */
  analyticsDispatch(): Promise<{ failingSince: Date | null; lastError: string | null }>;
}

export interface AlertRuleSettings {
  /** Checks in a row before an incident opens (every rule but "app unavailable", which the spec fixes). */
  consecutiveChecks: number;
  upload: {
    /** The recent window whose invalid rate is compared with the baseline. */
    windowMs: number;
    /** The window before it that sets the baseline. */
    baselineMs: number;
    /** Fewer uploads than this in the recent window say nothing. */
    minUploads: number;
  };
}

const MINUTE = 60_000;
/** Spec: "/api/readyz unavailable for two minutes or three consecutive checks". */
export const APP_UNAVAILABLE = { consecutiveChecks: 3, forMs: 2 * MINUTE } as const;
/** Spec: "confirmation failure rate above 20% over ten minutes, or any accidental capture". */
export const CHECKOUT = {
  windowMs: 10 * MINUTE,
  failureRate: 0.2,
  minAttempts: 5,
  escalatedRate: 0.5,
} as const;
/** A burst of this many failures within one check interval escalates an event-counted alert. */
export const SIGNAL_BURST = 10;
/** Upload spike: at least this invalid rate, and at least `factor` times the baseline's. */
export const UPLOAD = { minRate: 0.2, factor: 2 } as const;
/** Spec: analytics dispatch failing for fifteen minutes with no success; an hour escalates. */
export const ANALYTICS_DISPATCH = { failingMs: 15 * MINUTE, escalatedMs: 60 * MINUTE } as const;
/** A support conversation a whole day past its due time escalates the backlog breach. */
export const SUPPORT_ESCALATION_MS = 24 * 60 * MINUTE;

const lvl = (holds: boolean, escalated: boolean): AlertLevel => (holds ? (escalated ? 2 : 1) : 0);
const round3 = (n: number) => Math.round(n * 1000) / 1000;

/** An alert counted from recorded signals: it holds when failures were recorded since the last check. */
function signalRule(
  key: 'audit_fail_closed' | 'webhook_store_failure',
  src: AlertSignalSources,
  s: AlertRuleSettings,
): AlertRule {
  return {
    key,
    consecutiveChecks: s.consecutiveChecks,
    async measure({ now, since }): Promise<AlertMeasurement> {
      const { count, latestCorrelationId } = await src.countSignals(key, since, now);
      return {
        level: lvl(count > 0, count >= SIGNAL_BURST),
        value: count,
        details: { failures_since_last_check: count },
        correlationId: latestCorrelationId,
      };
    },
  };
}

export function createAlertRules(src: AlertSignalSources, s: AlertRuleSettings): AlertRule[] {
  return [
    {
      key: 'app_unavailable',
      ...APP_UNAVAILABLE,
      async measure() {
        const r = await src.readiness();
        const failing = r.checks.filter((c) => !c.ok).map((c) => c.name);
        // Escalates when more than one dependency is down (or the database, which all need).
        return {
          level: lvl(!r.ready, failing.length > 1 || failing.includes('database')),
          value: failing.length,
          details: { failing },
        };
      },
    },
    {
      key: 'checkout_blocked',
      consecutiveChecks: s.consecutiveChecks,
      async measure({ now }) {
        const from = new Date(now.getTime() - CHECKOUT.windowMs);
        const { attempts, failures } = await src.checkout.confirmations(from, now);
        const captures = await src.checkout.accidentalCaptures(from, now);
        const rate = attempts > 0 ? failures / attempts : 0;
        const rateHigh = attempts >= CHECKOUT.minAttempts && rate > CHECKOUT.failureRate;
        return {
          level: lvl(
            rateHigh || captures > 0,
            captures > 0 || (attempts >= CHECKOUT.minAttempts && rate > CHECKOUT.escalatedRate),
          ),
          value: round3(rate),
          details: {
            confirmation_attempts: attempts,
            confirmation_failures: failures,
            accidental_captures: captures,
          },
        };
      },
    },
    signalRule('webhook_store_failure', src, s),
    signalRule('audit_fail_closed', src, s),
    {
      key: 'job_queue_stuck',
      consecutiveChecks: s.consecutiveChecks,
      async measure() {
        const h = await src.queueHealth();
        const ageOver = h.queue_age_p95_seconds / h.limits.queue_age_p95_seconds;
        const deadOver = h.limits.dead_letters > 0 ? h.dead / h.limits.dead_letters : h.dead > 0 ? 2 : 0;
        return {
          level: lvl(h.stuck, ageOver >= 2 || deadOver >= 2),
          value: h.queue_age_p95_seconds,
          details: {
            queue_age_p95_seconds: h.queue_age_p95_seconds,
            dead: h.dead,
            queued: h.queued,
            limits: h.limits,
          },
        };
      },
    },
    {
      key: 'upload_validation_spike',
      consecutiveChecks: s.consecutiveChecks,
      async measure({ now }) {
        const windowStart = new Date(now.getTime() - s.upload.windowMs);
        const recent = await src.uploadValidation(windowStart, now);
        const base = await src.uploadValidation(
          new Date(windowStart.getTime() - s.upload.baselineMs),
          windowStart,
        );
        const rate = recent.total > 0 ? recent.invalid / recent.total : 0;
        const baseline = base.total > 0 ? base.invalid / base.total : 0;
        const threshold = Math.max(UPLOAD.minRate, baseline * UPLOAD.factor);
        const enough = recent.total >= s.upload.minUploads;
        return {
          level: lvl(enough && rate > threshold, rate >= Math.min(1, threshold * 2)),
          value: round3(rate),
          details: {
            uploads: recent.total,
            invalid: recent.invalid,
            invalid_rate: round3(rate),
            baseline_rate: round3(baseline),
            threshold_rate: round3(threshold),
          },
        };
      },
    },
    {
      // The duration is the rule itself ("fifteen minutes with no success"), measured from the
      // dispatcher's durable failure record, so one check past it is enough and a failure that a
      // success clears within the fifteen minutes never opens anything.
      key: 'analytics_dispatch_failure',
      consecutiveChecks: 1,
      async measure({ now }) {
        const { failingSince, lastError } = await src.analyticsDispatch();
        const failingMs = failingSince ? now.getTime() - failingSince.getTime() : 0;
        return {
          level: lvl(failingMs >= ANALYTICS_DISPATCH.failingMs, failingMs >= ANALYTICS_DISPATCH.escalatedMs),
          value: Math.round(failingMs / MINUTE),
          details: {
            failing_since: failingSince?.toISOString() ?? null,
            minutes_failing: Math.round(failingMs / MINUTE),
            last_error: lastError,
          },
        };
      },
    },
    {
      key: 'support_backlog_breach',
      consecutiveChecks: s.consecutiveChecks,
      async measure({ now }) {
        const { overdue, oldestDueAt } = await src.supportOverdue(now);
        const lateMs = oldestDueAt ? now.getTime() - oldestDueAt.getTime() : 0;
        return {
          level: lvl(overdue > 0, lateMs >= SUPPORT_ESCALATION_MS),
          value: Math.round(lateMs / MINUTE),
          details: {
            overdue_conversations: overdue,
            oldest_due_at: oldestDueAt?.toISOString() ?? null,
            minutes_past_due: Math.round(lateMs / MINUTE),
          },
        };
      },
    },
  ];
}
