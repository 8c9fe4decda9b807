/**
 * The error tracker: one place where server crashes, job crashes and the app's crashes and failed
 * requests meet, each with the correlation id that links it to the request, the job, the logs and
 * what the user saw. Everything is scrubbed of personal data before it leaves the process.
 *
 * Providers: `local` keeps events in the database (the founder reads them at /api/admin/errors);
 * `sentry` sends them to Sentry's envelope endpoint, for staging and production.
 */
import { createHash } from 'node:crypto';
import type { ErrorEvent } from '../../platform/error-report';
import { scrubText, scrubUrl } from '../../platform/scrub';

export type { ErrorEvent };

export interface ErrorTracker {
  readonly kind: 'local' | 'sentry';
  /** Records an event; never throws and never waits for the network on the caller's path. */
  capture(event: ErrorEvent): void;
  /** Resolves when every capture so far has been written or sent (for shutdown and tests). */
  flush(): Promise<void>;
}

export interface CleanErrorEvent extends ErrorEvent {
  message: string;
  stack: string | null;
  route: string | null;
  fingerprint: string;
}

const firstFrame = (stack: string | null) =>
  stack
    ?.split('\n')
    .map((l) => l.trim())
    .find((l) => l.startsWith('at ')) ?? '';

/** Scrubs personal data, trims to the stored sizes, and groups alike errors by a fingerprint. */
export function cleanErrorEvent(event: ErrorEvent): CleanErrorEvent {
  const message = scrubText(event.message).slice(0, 500);
  const stack = event.stack ? scrubText(event.stack).slice(0, 4000) : null;
  // A route pattern or screen, never its query string or fragment (encoded ones included).
  const route = event.route ? scrubUrl(event.route).slice(0, 300) : null;
  // Numbers and ids in messages vary between occurrences of the same error; they do not group.
  const shape = message.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/gi, '<id>').replace(/\d+/g, '<n>');
  const fingerprint = createHash('sha256')
    .update([event.source, event.kind, event.code ?? '', shape, firstFrame(stack)].join('\u0000'))
    .digest('hex')
    .slice(0, 16);
  return { ...event, message, stack, route, fingerprint };
}

/** Tracks pending writes so flush() can wait for them. */
export function pendingSet() {
  const pending = new Set<Promise<unknown>>();
  return {
    track(p: Promise<unknown>) {
      pending.add(p);
      void p.finally(() => pending.delete(p));
    },
    async flush() {
      await Promise.allSettled([...pending]);
    },
  };
}
