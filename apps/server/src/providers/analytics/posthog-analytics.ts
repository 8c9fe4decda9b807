/**
 * PostHog through posthog-node. One client per batch, with its own retries and timers off: the
 * dispatcher owns retrying (the mirror row stays undispatched until a batch is accepted), so a
 * failed batch is never also queued in memory. `flush` sends the batch to `/batch/` and rejects on
 * a 5xx, a refusal or a timeout.
 */
import { createHash } from 'node:crypto';
import { PostHog } from 'posthog-node';
import type { AnalyticsEvent, AnalyticsProvider } from './analytics-provider';

/**
 * The uuid of the `$identify` sent with an event: derived from the event's id (a name-based UUID,
 * version 5 layout), so a retry or a replay sends the same message and PostHog keeps one.
 */
export function identifyUuid(eventId: string): string {
  const h = createHash('sha1').update(`kitwright:$identify:${eventId}`).digest();
  h[6] = ((h[6] as number) & 0x0f) | 0x50;
  h[8] = ((h[8] as number) & 0x3f) | 0x80;
  const hex = h.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function createPostHogAnalytics(options: {
  host: string;
  writeKey: string;
  timeoutMs: number;
}): AnalyticsProvider {
  return {
    kind: 'posthog',
    async send(events: readonly AnalyticsEvent[]) {
      if (events.length === 0) return;
      const messages = events.length + events.filter((e) => e.mergesVisitor).length;
      const client = new PostHog(options.writeKey, {
        host: options.host,
        flushAt: messages + 1,
        flushInterval: 0,
        maxBatchSize: messages,
        maxQueueSize: messages + 1,
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
          if (n === messages) {
            off();
            resolve();
          }
        });
      });
      for (const e of events) {
        // A sign-up joins the visitor session's pseudonymous events to the new account.
        if (e.mergesVisitor)
          client.capture({
            distinctId: e.distinctId,
            event: '$identify',
            uuid: identifyUuid(e.id),
            timestamp: e.occurredAt,
            properties: { $anon_distinct_id: e.mergesVisitor },
          });
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
