/**
 * The local error tracker's store and the founder's view of it: errors grouped by fingerprint (how
 * often, first and last seen, the latest correlation id), or every event of one correlation id, so
 * a user's quoted reference leads to the request, the job and the logs.
 */
import type { ErrorsQuery, ErrorsResponse } from '@kitwright/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { Clock } from '../../platform/clock';
import { newId } from '../../platform/ids';
import type { CleanErrorEvent } from '../../providers/error-tracking/error-tracker';
import * as repo from './repo';

export function createErrorEvents(deps: { db: Kysely<DB>; clock: Clock }) {
  const { db } = deps;
  return {
    /** Stores one scrubbed event (the local error tracker's sink). */
    record: (e: CleanErrorEvent) =>
      repo.insertEvent(db, {
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
      }),

    async list(q: ErrorsQuery): Promise<ErrorsResponse> {
      if (q.correlation_id) {
        const rows = await repo.byCorrelationId(db, q.correlation_id, q.limit ?? 50);
        return {
          groups: [],
          events: rows.map(({ fingerprint: _f, ...r }) => ({
            ...r,
            occurred_at: r.occurred_at.toISOString(),
          })),
        };
      }
      const since = new Date(deps.clock.now().getTime() - (q.days ?? 7) * 86_400_000);
      const rows = await repo.groupsSince(db, since, q.source, q.limit ?? 50);
      return {
        groups: rows.map((r) => ({
          ...r,
          first_seen: new Date(r.first_seen).toISOString(),
          last_seen: new Date(r.last_seen).toISOString(),
        })),
        events: [],
      };
    },

    /** Failures recorded while a person used the app (their account export). */
    async exportFor(actors: readonly string[]) {
      return (await repo.byActors(db, actors)).map((r) => ({
        occurred_at: r.occurred_at.toISOString(),
        source: r.source,
        kind: r.kind,
        code: r.code,
        route: r.route,
        correlation_id: r.correlation_id,
      }));
    },

    /** Erasing an account, in its transaction: its failures no longer name it. */
    forget: (trx: Transaction<DB>, actors: readonly string[]) => repo.forgetActors(trx, actors),

    /** Retention (housekeeping): up to `limit` events older than `before` are deleted. */
    pruneBefore: (before: Date, limit: number) => repo.pruneBefore(db, before, limit),
  };
}

export type ErrorEvents = ReturnType<typeof createErrorEvents>;
