/**
 * What product analytics may know of whoever acts: the consent stored on the account or visitor
 * session (what the server applies), and the session's first/last-touch source attribution. The
 * account's own values win; a signed-in person without them falls back to the visitor session the
 * event names. Consent is changed only through `storeConsent`, in the caller's audited transaction.
 */
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { type Attribution, attributionOf, type Touch, withTouch } from '../../platform/attribution';
import type { Owner } from '../../platform/viewer';
import * as users from './users-repo';
import * as visitors from './visitors-repo';

export type StoredConsent = 'granted' | 'denied' | 'unset';

export interface AnalyticsProfile {
  consent: StoredConsent;
  attribution: Attribution;
}

export function createAnalyticsIdentity(deps: { db: Kysely<DB> }) {
  const { db } = deps;
  return {
    async profileOf(who: { userId?: string | null; sessionId?: string | null }): Promise<AnalyticsProfile> {
      const user = who.userId ? await users.analyticsProfileOfUser(db, who.userId) : undefined;
      const visitor = who.sessionId ? await visitors.analyticsProfileOfVisitor(db, who.sessionId) : undefined;
      const consent: StoredConsent =
        user && user.consent_state !== 'unset' ? user.consent_state : (visitor?.consent_state ?? 'unset');
      const fromUser = attributionOf(user?.source_attribution);
      return {
        consent,
        attribution: fromUser.first_touch ? fromUser : attributionOf(visitor?.source_attribution),
      };
    },

    /** A new visit of a visitor session: its last touch (the first one never changes). */
    async recordVisit(sessionId: string, touch: Touch): Promise<Attribution | null> {
      const row = await visitors.analyticsProfileOfVisitor(db, sessionId);
      if (!row) return null;
      const next = withTouch(attributionOf(row.source_attribution), touch);
      await visitors.setVisitorAttribution(db, sessionId, { ...next });
      return next;
    },

    /**
     * Stores consent on the account (signed in) or the visitor session; returns where, and the state
     * it replaced (undefined when the owner no longer exists).
     */
    async storeConsent(trx: Transaction<DB>, owner: Owner, state: 'granted' | 'denied', now: Date) {
      if (owner.userId) {
        const previous = await users.setUserConsent(trx, owner.userId, state, now);
        return { on: 'account' as const, id: owner.userId, previous };
      }
      if (owner.visitorId) {
        const previous = await visitors.setVisitorConsent(trx, owner.visitorId, state, now);
        return { on: 'visitor_session' as const, id: owner.visitorId, previous };
      }
      return { on: 'visitor_session' as const, id: null, previous: undefined };
    },

    /**
     * Signing in claims a visitor session: an account without attribution takes the session's, an
     * account with it takes the session's last touch, and an account that never answered the
     * consent question takes the session's answer. In the sign-in transaction.
     */
    async adoptVisitor(trx: Transaction<DB>, visitorId: string, userId: string): Promise<void> {
      const visitor = await visitors.analyticsProfileOfVisitor(trx, visitorId);
      const user = await users.analyticsProfileOfUser(trx, userId);
      if (!visitor || !user) return;
      const fromVisitor = attributionOf(visitor.source_attribution);
      const fromUser = attributionOf(user.source_attribution);
      const next: Attribution = fromUser.first_touch
        ? { first_touch: fromUser.first_touch, last_touch: fromVisitor.last_touch ?? fromUser.last_touch }
        : fromVisitor.first_touch
          ? fromVisitor
          : fromUser;
      if (next.first_touch)
        await users.adoptVisitorAnalytics(trx, userId, { ...next }, visitor.consent_state);
      else await users.adoptVisitorAnalytics(trx, userId, user.source_attribution, visitor.consent_state);
    },
  };
}

export type AnalyticsIdentity = ReturnType<typeof createAnalyticsIdentity>;
