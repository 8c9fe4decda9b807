/**
 * Product analytics events: validated against the dictionary of packages/contracts, dropped when
 * they are optional analytics and the visitor refused consent, and written to the local mirror
 * (product_events) from which the analytics provider is fed and replayed. Emitting never blocks
 * or fails a user flow: a problem is logged and counted, never thrown.
 */
import {
  isProductEventName,
  PRODUCT_EVENTS,
  type ProductEventName,
  type ProductEventSpec,
  validateEventProperties,
} from '@kitwright/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Logger } from 'pino';
import type { DB } from '../db/schema';
import type { Clock } from './clock';
import { newId } from './ids';
import * as repo from './product-events-repo';

export type ConsentState = 'granted' | 'denied' | 'unset';

/** The header the app sends with every request once the visitor has answered the consent banner. */
export const CONSENT_HEADER = 'x-analytics-consent';

export function consentOf(headers: Record<string, string | string[] | undefined>): ConsentState {
  const value = headers[CONSENT_HEADER];
  return value === 'granted' || value === 'denied' ? value : 'unset';
}

export interface EventContext {
  userId?: string | null;
  sessionId?: string | null;
  consent?: ConsentState;
  route?: string | null;
  correlationId?: string | null;
}

export interface ProductEvents {
  /** Server-side emission of a funnel event. Returns false when the event was dropped. */
  emit(name: ProductEventName, properties: Record<string, unknown>, ctx: EventContext): Promise<boolean>;
  /** Events sent by a client: only client-emittable names, validated, identity set by the server. */
  ingest(
    events: Array<{ name: string; properties: Record<string, unknown>; occurred_at?: string }>,
    ctx: EventContext,
  ): Promise<{ accepted: number; dropped: number; problems: Array<{ index: number; problems: string[] }> }>;
}

/** Optional analytics need consent; essential operational events are always kept. */
export function consentAllows(spec: ProductEventSpec, consent: ConsentState | undefined): boolean {
  return spec.consent === 'essential' || consent === 'granted';
}

export function createProductEvents(deps: { db: Kysely<DB>; clock: Clock; logger: Logger }): ProductEvents {
  const insert = async (
    name: ProductEventName,
    properties: Record<string, unknown>,
    ctx: EventContext,
    emitter: 'server' | 'client',
    occurredAt: Date,
  ) => {
    const spec: ProductEventSpec = PRODUCT_EVENTS[name];
    await repo.insertEvents(deps.db, [
      {
        id: newId(),
        name,
        version: spec.version,
        consent_class: spec.consent,
        emitter,
        properties: JSON.stringify(properties),
        user_id: ctx.userId ?? null,
        session_id: ctx.sessionId ?? null,
        route: ctx.route ?? null,
        correlation_id: ctx.correlationId ?? null,
        occurred_at: occurredAt,
      },
    ]);
  };

  return {
    async emit(name, properties, ctx) {
      const spec: ProductEventSpec = PRODUCT_EVENTS[name];
      if (!consentAllows(spec, ctx.consent)) return false;
      const problems = validateEventProperties(name, properties);
      if (problems.length > 0) {
        deps.logger.error(
          { event: name, problems, correlation_id: ctx.correlationId },
          'invalid product event dropped',
        );
        return false;
      }
      try {
        await insert(name, properties, ctx, 'server', deps.clock.now());
        return true;
      } catch (err) {
        deps.logger.error(
          { event: name, err, correlation_id: ctx.correlationId },
          'product event not recorded',
        );
        return false;
      }
    },
    async ingest(events, ctx) {
      const problems: Array<{ index: number; problems: string[] }> = [];
      const valid: Array<{ name: ProductEventName; properties: Record<string, unknown>; at: Date }> = [];
      events.forEach((event, index) => {
        if (!isProductEventName(event.name)) {
          problems.push({ index, problems: [`${event.name} is not in the event dictionary`] });
          return;
        }
        const spec: ProductEventSpec = PRODUCT_EVENTS[event.name];
        if (spec.emitter !== 'client') {
          problems.push({
            index,
            problems: [`${event.name} is recorded by the server and cannot be sent by a client`],
          });
          return;
        }
        // Identity comes from the request, never from the client's claims.
        const properties = { ...event.properties };
        if ('user_id' in spec.properties) properties.user_id = ctx.userId ?? null;
        if ('anonymous_session_id' in spec.properties && ctx.sessionId)
          properties.anonymous_session_id = ctx.sessionId;
        if ('consent_state' in spec.properties) properties.consent_state = ctx.consent ?? 'unset';
        const issues = validateEventProperties(event.name, properties);
        if (issues.length > 0) {
          problems.push({ index, problems: issues });
          return;
        }
        const at = event.occurred_at ? new Date(event.occurred_at) : deps.clock.now();
        valid.push({ name: event.name, properties, at: Number.isNaN(at.getTime()) ? deps.clock.now() : at });
      });
      if (problems.length > 0) return { accepted: 0, dropped: 0, problems };
      let accepted = 0;
      for (const event of valid) {
        if (!consentAllows(PRODUCT_EVENTS[event.name], ctx.consent)) continue;
        await insert(event.name, event.properties, ctx, 'client', event.at);
        accepted++;
      }
      return { accepted, dropped: valid.length - accepted, problems };
    },
  };
}

/** Events read per page by the account export; the event loop is yielded to between pages. */
const EXPORT_PAGE = 1000;

/** Every event recorded with a user's account, oldest first (their account export). */
export async function productEventsOf(db: Kysely<DB>, userId: string) {
  const out: Awaited<ReturnType<typeof repo.pageOfUser>> = [];
  let after: string | null = null;
  for (;;) {
    const page = await repo.pageOfUser(db, userId, after, EXPORT_PAGE);
    out.push(...page);
    if (page.length < EXPORT_PAGE) break;
    after = (page[page.length - 1] as { id: string }).id;
    await new Promise((resolve) => setImmediate(resolve));
  }
  return out.map((e) => ({
    id: e.id,
    name: e.name,
    version: e.version,
    consent_class: e.consent_class,
    properties: e.properties,
    route: e.route,
    occurred_at: e.occurred_at.toISOString(),
  }));
}

/**
 * Erasing an account, in its transaction: the usage events recorded with it or with its visitor
 * sessions are deleted (analytics are pseudonymous, but they are still about the person).
 */
export const forgetProductEvents = (trx: Transaction<DB>, userId: string, sessionIds: readonly string[]) =>
  repo.deleteOf(trx, userId, sessionIds);

/**
 * The dispatcher's hold on the mirror: claim due events under a lease, mark them sent after the
 * provider accepted them or postpone them to the next retry, and keep the shared failure period
 * the "Analytics dispatch failure" alert is judged on.
 */
export function createDispatchStore(db: Kysely<DB>) {
  return {
    claim: (now: Date, leaseUntil: Date, limit: number) => repo.claimForDispatch(db, now, leaseUntil, limit),
    markDispatched: (ids: readonly string[], now: Date) => repo.markDispatched(db, ids, now),
    postpone: (ids: readonly string[], retryAt: Date) => repo.postpone(db, ids, retryAt),
    recordFailure: (now: Date, error: string) => repo.recordFailure(db, now, error),
    recordSuccess: (now: Date) => repo.recordSuccess(db, now),
    /** Makes every event that occurred at or after `from` due again (replay); returns how many. */
    async requeueFrom(from: Date, batchSize = 5000): Promise<number> {
      let total = 0;
      for (;;) {
        const n = await repo.requeueBatch(db, from, batchSize);
        total += n;
        if (n < batchSize) return total;
      }
    },
    backlog: () => repo.undispatchedCount(db),
    state: () => repo.dispatchState(db),
    /** Retention: deletes up to `limit` events that occurred before `before`. */
    pruneBefore: (before: Date, limit: number) => repo.pruneBefore(db, before, limit),
  };
}

export type DispatchStore = ReturnType<typeof createDispatchStore>;
export type { DispatchRow } from './product-events-repo';
