/** The local error tracker: events kept by the error-events module, read by the founder. */
import type { Logger } from 'pino';
import { type CleanErrorEvent, cleanErrorEvent, type ErrorTracker, pendingSet } from './error-tracker';

export function createLocalErrorTracker(
  store: (event: CleanErrorEvent) => Promise<void>,
  logger: Logger,
): ErrorTracker {
  const pending = pendingSet();
  return {
    kind: 'local',
    capture(event) {
      const write = store(cleanErrorEvent(event)).catch((err: unknown) =>
        logger.warn({ err, stage: 'error-tracker' }, 'could not record an error event'),
      );
      pending.track(write);
    },
    flush: () => pending.flush(),
  };
}
