/**
 * PostHog through posthog-node. One client per batch, with its own retries and timers off: the
 * dispatcher owns retrying (the mirror row stays undispatched until a batch is accepted), so a
 * failed batch is never also queued in memory. `flush` sends the batch to `/batch/` and rejects on
 * a 5xx, a refusal or a timeout.
 */
import { PostHog } from 'posthog-node';
import type { AnalyticsEvent, AnalyticsProvider } from './analytics-provider';

export function createPostHogAnalytics(options: {
  host: string;
  writeKey: string;
  timeoutMs: number;
}): AnalyticsProvider {
  return {
    kind: 'posthog',
    async send(events: readonly AnalyticsEvent[]) {
      if (events.length === 0) return;
      const client = new PostHog(options.writeKey, {
        host: options.host,
        flushAt: events.length + 1,
        flushInterval: 0,
        maxBatchSize: events.length,
        maxQueueSize: events.length + 1,
        fetchRetryCount: 0,
        requestTimeout: options.timeoutMs,
        disableGeoip: true,
      });
      // capture() queues each event a few microtasks later; wait until all of them are queued.
      let timer: NodeJS.Timeout | undefined;
      const queued = new Promise<void>((resolve, reject) => {
        timer = setTimeout(() => reject(new Error('events were not queued for PostHog')), options.timeoutMs);
        let n = 0;
        const off = client.on('capture', () => {
          n += 1;
          if (n === events.length) {
            off();
            resolve();
          }
        });
      });
      for (const e of events) {
        client.capture({
          distinctId: e.distinctId,
          event: e.name,
          uuid: e.id,
          timestamp: e.occurredAt,
          properties: {
            ...e.properties,
            event_version: e.version,
            ...(e.identified ? {} : { $process_person_profile: false }),
          },
        });
      }
      try {
        await queued;
      } finally {
        clearTimeout(timer);
      }
      await client.flush();
    },
  };
}
