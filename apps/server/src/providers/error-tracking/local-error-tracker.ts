/** The local error tracker: events kept in the error_events table, read by the founder. */
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { DB } from '../../db/schema';
import { newId } from '../../platform/ids';
import { cleanErrorEvent, type ErrorTracker, pendingSet } from './error-tracker';

export function createLocalErrorTracker(db: Kysely<DB>, logger: Logger): ErrorTracker {
  const pending = pendingSet();
  return {
    kind: 'local',
    capture(event) {
      const e = cleanErrorEvent(event);
      const write = db
        .insertInto('error_events')
        .values({
          id: newId(),
          source: e.source,
          kind: e.kind.slice(0, 32),
          fingerprint: e.fingerprint,
          code: e.code ?? null,
          status: e.status ?? null,
          message: e.message,
          stack: e.stack,
          route: e.route,
          correlation_id: e.correlationId ?? null,
          release: e.release ?? null,
          actor: e.actor ?? null,
        })
        .execute()
        .catch((err: unknown) =>
          logger.warn({ err, stage: 'error-tracker' }, 'could not record an error event'),
        );
      pending.track(write);
    },
    flush: () => pending.flush(),
  };
}
