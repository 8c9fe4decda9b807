import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { AlertNotice, AlertService } from '../platform/alerts';
import { ManualClock } from '../platform/clock';
import { createAlertEvaluator } from './alert-evaluator';

const silent = pino({ level: 'silent' });

/** An alert service whose database cannot be reached. */
function unreachableAlerts(down: { value: boolean }): AlertService {
  const fail = async () => {
    if (down.value) throw new Error('connect ECONNREFUSED');
    return true;
  };
  return {
    evaluation: {
      takeLease: fail,
      releaseLease: async () => undefined,
      states: async () => [],
      save: async () => undefined,
      pruneSignals: async () => 0,
    },
    isOpen: async () => false,
    resolve: async () => false,
  } as unknown as AlertService;
}

describe('alert evaluator without its database', () => {
  it('tells the people on call directly after the app-unavailable rule, once, and again when it is back', async () => {
    const down = { value: true };
    const direct: AlertNotice[] = [];
    const evaluator = createAlertEvaluator({
      alerts: unreachableAlerts(down),
      clock: new ManualClock(),
      logger: silent,
      intervalMs: 60_000,
      notifyDirect: async (n) => void direct.push(n),
    });
    evaluator.register({
      key: 'app_unavailable',
      consecutiveChecks: 3,
      measure: async () => ({ level: 0, value: 0, details: {} }),
    });
    for (let i = 0; i < 2; i++) expect((await evaluator.evaluate()).evaluated).toBe(false);
    expect(direct).toEqual([]);
    await evaluator.evaluate();
    await evaluator.evaluate();
    expect(direct.map((n) => [n.key, n.kind, n.incidentId])).toEqual([['app_unavailable', 'opened', null]]);
    down.value = false;
    expect((await evaluator.evaluate()).evaluated).toBe(true);
    expect(direct.map((n) => n.kind)).toEqual(['opened', 'resolved']);
  });

  it('refuses a rule registered twice or without a whole number of checks', () => {
    const evaluator = createAlertEvaluator({
      alerts: unreachableAlerts({ value: false }),
      clock: new ManualClock(),
      logger: silent,
      intervalMs: 60_000,
      notifyDirect: async () => undefined,
    });
    const rule = {
      key: 'analytics_dispatch_failure' as const,
      consecutiveChecks: 15,
      measure: async () => ({ level: 0 as const, value: 0, details: {} }),
    };
    evaluator.register(rule);
    expect(() => evaluator.register(rule)).toThrow(/already registered/);
    expect(() => evaluator.register({ ...rule, key: 'checkout_blocked', consecutiveChecks: 0 })).toThrow(
      /at least 1/,
    );
  });
});
