/** The worker role's duties over the faces: pruning each table's expired rows, the analytics dispatch and the spec's alerts. */
import type { composeModules } from '../compose';
import type { PruneTask } from '../platform/module';
import { createDispatchStore } from '../platform/product-events';
import { createAlertEvaluator } from '../workers/alert-evaluator';
import { createAlertRules } from '../workers/alert-rules';
import { createAnalyticsDispatcher } from '../workers/analytics-dispatcher';
import { createHousekeeping, RETENTION } from '../workers/housekeeping';
import { analyticsProviderOf, type composePlatform, type ServiceDeps } from './platform';

const DAY = 24 * 3600_000;

export function composeDuties(
  deps: ServiceDeps,
  parts: ReturnType<typeof composePlatform>,
  modules: ReturnType<typeof composeModules>,
) {
  const { config, database, logger, clock } = deps;
  const db = database.db;
  const { trace, alertNotifier } = parts;
  const { limiter, alerts } = parts.platform;
  const { faces, jobs, drafts, support, health, preorders } = modules;
  // Each table's owner prunes its own expired rows; housekeeping says when and how much.
  const analyticsDispatch = createDispatchStore(db);
  const pruneTasks: PruneTask[] = [
    {
      table: 'rate_limits',
      pruneBatch: (now, limit) => limiter.pruneIdle(new Date(now.getTime() - RETENTION.rateLimitsMs), limit),
    },
    {
      table: 'alert_signals',
      pruneBatch: (now, limit) =>
        alerts.evaluation.pruneSignals(new Date(now.getTime() - RETENTION.alertSignalsMs), limit),
    },
    {
      table: 'product_events',
      pruneBatch: (now, limit) =>
        analyticsDispatch.pruneBefore(
          new Date(now.getTime() - config.retention.productEventsDays * DAY),
          limit,
        ),
    },
    ...faces.flatMap((face) => face.prune ?? []),
  ];
  const analyticsDispatcher = createAnalyticsDispatcher({
    store: analyticsDispatch,
    provider: trace('analytics', deps.analytics ?? analyticsProviderOf(config)),
    clock,
    logger,
    ...(deps.analyticsDispatch ? { settings: deps.analyticsDispatch } : {}),
  });
  const housekeeping = createHousekeeping({ tasks: pruneTasks, clock, logger, intervalMs: 10 * 60_000 });
  // The alert evaluator (worker role): the spec's eight alerts, each from its signal.
  const alertEvaluator = createAlertEvaluator({
    alerts,
    clock,
    logger,
    intervalMs: config.alerts.checkIntervalMs,
    notifyDirect: alertNotifier,
  });
  for (const rule of createAlertRules(
    {
      readiness: () => health.api.dependencies(),
      queueHealth: () => jobs.api.queueHealth(),
      countSignals: (key, from, to) => alerts.countSignals(key, from, to),
      uploadValidation: (from, to) => drafts.api.uploadValidation(from, to),
      supportOverdue: (now) => support.api.overdue(now),
      // Checkout confirmations (failure rate over ten minutes) and any capture event (A.5).
      checkout: deps.checkoutSignals ?? preorders.api.checkoutSignals,
      analyticsDispatch: async () => {
        const state = await analyticsDispatch.state();
        return {
          failingSince: state.failing_since ? new Date(state.failing_since) : null,
          lastError: state.last_error,
        };
      },
    },
    {
      consecutiveChecks: config.alerts.consecutiveChecks,
      upload: {
        windowMs: config.alerts.uploadWindowMs,
        baselineMs: config.alerts.uploadBaselineMs,
        minUploads: config.alerts.uploadMinUploads,
      },
    },
  ))
    alertEvaluator.register(rule);

  return { pruneTasks, housekeeping, alertEvaluator, analyticsDispatch, analyticsDispatcher };
}
