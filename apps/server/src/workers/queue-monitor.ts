/**
 * Watches the "Job queue stuck" condition (95th-percentile queue age above its limit, or dead
 * letters above their threshold) and keeps the P1 alert open exactly while it holds.
 */

import type { QueueHealth } from '@kitwright/contracts';
import type { Logger } from 'pino';
import type { AlertService } from '../platform/alerts';

export function createQueueMonitor(deps: {
  health: () => Promise<QueueHealth>;
  alerts: AlertService;
  logger: Logger;
  intervalMs: number;
}) {
  let timer: NodeJS.Timeout | null = null;
  let stuck = false;
  const check = async (): Promise<QueueHealth | null> => {
    try {
      const health = await deps.health();
      if (health.stuck) {
        await deps.alerts.raise('job_queue_stuck', {
          details: {
            queue_age_p95_seconds: health.queue_age_p95_seconds,
            dead: health.dead,
            limits: health.limits,
          },
        });
      } else if (stuck) {
        await deps.alerts.resolve('job_queue_stuck');
      }
      stuck = health.stuck;
      return health;
    } catch (err) {
      deps.logger.warn({ err, stage: 'queue-monitor' }, 'queue health check failed');
      return null;
    }
  };
  return {
    check,
    start() {
      timer ??= setInterval(() => void check(), deps.intervalMs);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
