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
import { type Attribution, type Touch, touchFromClient } from './attribution';
import type { Clock } from './clock';
import { currentCorrelationId } from './correlation';
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
  /**
   * Only for an event about other work than the current request or job (a job's change reported
   * after its handler ran): otherwise the current correlation id is recorded.
   */
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

/**
 * What the server knows of whoever an event is about (the auth module answers, given at
 * composition): the consent stored on the account or visitor session, and its attribution.
 */
export interface AnalyticsIdentityPort {
  profileOf(who: {
    userId?: string | null;
    sessionId?: string | null;
  }): Promise<{ consent: ConsentState; attribution: Attribution }>;
  /** A new visit of a visitor session (session_started): its last touch moves; the result. */
  recordVisit(sessionId: string, touch: Touch): Promise<Attribution | null>;
}

/**
 * The consent the server applies: the stored answer when there is one (a withdrawal stored on the
 * account or session wins over any header); the request's own answer only while nothing is stored.
 */
export function effectiveConsent(stored: ConsentState, requested: ConsentState | undefined): ConsentState {
  return stored !== 'unset' ? stored : (requested ?? 'unset');
}

const NO_ATTRIBUTION: Attribution = { first_touch: null, last_touch: null };

/** Optional analytics need consent; essential operational events are always kept. */
export function consentAllows(spec: ProductEventSpec, consent: ConsentState | undefined): boolean {
  return spec.consent === 'essential' || consent === 'granted';
}

export function createProductEvents(deps: {
  db: Kysely<DB>;
  clock: Clock;
  logger: Logger;
  /** The auth module's answer; without it, only the request's own consent is known. */
  identity?: AnalyticsIdentityPort;
}): ProductEvents {
  const profileOf = async (ctx: EventContext) => {
    const identity = deps.identity;
    if (!identity || (!ctx.userId && !ctx.sessionId))
      return { consent: 'unset' as const, attribution: NO_ATTRIBUTION };
    return identity.profileOf({ userId: ctx.userId ?? null, sessionId: ctx.sessionId ?? null });
  };
  /** The dictionary's source_attribution: the session's real touches, with what the caller adds (a share link). */
  const attributed = (
    properties: Record<string, unknown>,
    name: ProductEventName,
    attribution: Attribution,
  ) => {
    const spec: ProductEventSpec = PRODUCT_EVENTS[name];
    if (!('source_attribution' in spec.properties)) return properties;
    const extra = properties.source_attribution;
    return {
      ...properties,
      source_attribution: {
        ...(extra && typeof extra === 'object' && !Array.isArray(extra) ? extra : {}),
        first_touch: attribution.first_touch,
        last_touch: attribution.last_touch,
      },
    };
  };
  const insert = async (
    name: ProductEventName,
    properties: Record<string, unknown>,
    ctx: EventContext,
    emitter: 'server' | 'client',
    occurredAt: Date,
    attribution: Attribution,
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
        correlation_id: ctx.correlationId !== undefined ? ctx.correlationId : currentCorrelationId(),
        occurred_at: occurredAt,
        source_attribution: JSON.stringify(attribution),
      },
    ]);
  };

  return {
    async emit(name, properties, ctx) {
      const spec: ProductEventSpec = PRODUCT_EVENTS[name];
      const problems = validateEventProperties(name, properties);
      if (problems.length > 0) {
        deps.logger.error({ event: name, problems }, 'invalid product event dropped');
        return false;
      }
      try {
        const profile = await profileOf(ctx);
        if (!consentAllows(spec, effectiveConsent(profile.consent, ctx.consent))) return false;
        const props = attributed(properties, name, profile.attribution);
        await insert(name, props, ctx, 'server', deps.clock.now(), profile.attribution);
        return true;
      } catch (err) {
        deps.logger.error({ event: name, err }, 'product event not recorded');
        return false;
      }
    },
    async ingest(events, ctx) {
      const problems: Array<{ index: number; problems: string[] }> = [];
      const valid: Array<{ name: ProductEventName; properties: Record<string, unknown>; at: Date }> = [];
      const profile = await profileOf(ctx);
      const consent = effectiveConsent(profile.consent, ctx.consent);
      let attribution = profile.attribution;
      // Without a visitor session the id is the server's own, new for this request: a client-chosen
      // id is never stored (it could be anything, an email included).
      const pseudonymousId = ctx.sessionId ?? newId();
      let visitRecorded = false;
      for (const [index, event] of events.entries()) {
        if (!isProductEventName(event.name)) {
          problems.push({ index, problems: [`${event.name} is not in the event dictionary`] });
          continue;
        }
        const spec: ProductEventSpec = PRODUCT_EVENTS[event.name];
        if (spec.emitter !== 'client') {
          problems.push({
            index,
            problems: [`${event.name} is recorded by the server and cannot be sent by a client`],
          });
          continue;
        }
        // Identity, consent and attribution come from the server, never from the client's claims.
        const properties = { ...event.properties };
        if ('user_id' in spec.properties) properties.user_id = ctx.userId ?? null;
        if ('anonymous_session_id' in spec.properties) properties.anonymous_session_id = pseudonymousId;
        if ('consent_state' in spec.properties) properties.consent_state = consent;
        if ('referrer' in spec.properties)
          properties.referrer = touchFromClient({}, properties.referrer)?.referrer_host ?? null;
        if ('first_touch_attribution' in spec.properties || 'last_touch_attribution' in spec.properties) {
          const claimed = touchFromClient(event.properties.last_touch_attribution, event.properties.referrer);
          const identity = deps.identity;
          if (claimed && ctx.sessionId && identity && !visitRecorded && consentAllows(spec, consent)) {
            // A new visit moves the session's last touch (only with consent: it is analytics).
            visitRecorded = true;
            attribution = (await identity.recordVisit(ctx.sessionId, claimed)) ?? attribution;
          } else if (!attribution.first_touch) {
            // Nobody to keep it for: the event carries the (reduced) touch it came with.
            const first = touchFromClient(event.properties.first_touch_attribution) ?? claimed;
            attribution = { first_touch: first, last_touch: claimed ?? first };
          }
          properties.first_touch_attribution = attribution.first_touch ?? {};
          properties.last_touch_attribution = attribution.last_touch ?? {};
        }
        const issues = validateEventProperties(event.name, properties);
        if (issues.length > 0) {
          problems.push({ index, problems: issues });
          continue;
        }
        const at = event.occurred_at ? new Date(event.occurred_at) : deps.clock.now();
        valid.push({ name: event.name, properties, at: Number.isNaN(at.getTime()) ? deps.clock.now() : at });
      }
      if (problems.length > 0) return { accepted: 0, dropped: 0, problems };
      let accepted = 0;
      for (const event of valid) {
        if (!consentAllows(PRODUCT_EVENTS[event.name], consent)) continue;
        await insert(
          event.name,
          attributed(event.properties, event.name, attribution),
          ctx,
          'client',
          event.at,
          attribution,
        );
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

export type { EventDayCount } from './product-events-repo';

/**
 * Product events received after `after` (up to `upto` when given), counted per UTC day, name,
 * first-touch source and device class: what the founder dashboard rolls up.
 */
export function eventCountsReceived(db: Kysely<DB>, after: Date, upto: Date | null) {
  return repo.countsReceived(db, after, upto);
}

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
