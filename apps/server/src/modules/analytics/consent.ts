/**
 * The analytics consent question, answered: the answer is stored on the signed-in account or on
 * the visitor session (the route makes one when there is none), and that stored answer is what the
 * server applies to every later product event (platform/product-events.ts). Giving or withdrawing
 * consent is audited; repeating the current answer changes nothing and writes no entry.
 */
import type { AnalyticsConsentRequest, AnalyticsConsentResponse } from '@kitwright/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { AlertService } from '../../platform/alerts';
import { auditedTransaction } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import type { Owner } from '../../platform/viewer';

/** Where consent is kept (the auth module owns accounts and visitor sessions). */
export interface ConsentStore {
  storeConsent(
    trx: Transaction<DB>,
    owner: Owner,
    state: 'granted' | 'denied',
    now: Date,
  ): Promise<{ on: 'account' | 'visitor_session'; id: string | null; previous: string | undefined }>;
}

export function createConsentService(deps: {
  db: Kysely<DB>;
  clock: Clock;
  alerts: AlertService;
  store: ConsentStore;
}) {
  return {
    async set(owner: Owner, body: AnalyticsConsentRequest): Promise<AnalyticsConsentResponse> {
      const consent = body.consent;
      return auditedTransaction(deps, async (trx, audit) => {
        const stored = await deps.store.storeConsent(trx, owner, consent, deps.clock.now());
        if (!stored.id || stored.previous === undefined) throw new AppError('UNAUTHENTICATED');
        const changed = stored.previous !== consent;
        if (changed) {
          await audit({
            actor: owner.userId
              ? { type: 'user', id: owner.userId }
              : { type: 'anonymous', id: owner.visitorId },
            action: consent === 'granted' ? 'consent.granted' : 'consent.withdrawn',
            resourceType: stored.on === 'account' ? 'user' : 'visitor_session',
            resourceId: stored.id,
            details: { class: 'product_analytics', from: stored.previous, to: consent },
          });
        }
        return { consent, stored_on: stored.on, changed };
      });
    },
  };
}

export type ConsentService = ReturnType<typeof createConsentService>;
