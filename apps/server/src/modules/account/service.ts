/**
 * A person's account as a whole (UK GDPR rights of access and erasure): the export of everything
 * the platform holds about them and the deletion of the account. This module has no tables: each
 * module gives its own part through its service, and the erasure runs every part in one audited
 * transaction, so an account is either wholly erased or untouched.
 */
import {
  ACCOUNT_EXPORT_FORMAT,
  ACCOUNT_EXPORT_VERSION,
  type AccountExport,
  type DeleteAccountRequest,
  type DeleteAccountResponse,
} from '@kitwright/contracts';
import type { Kysely } from 'kysely';
import { RATE_LIMITS } from '../../config/rate-limits';
import type { DB } from '../../db/schema';
import type { AlertService } from '../../platform/alerts';
import { type Actor, auditedTransaction, auditRecordsAbout, pseudonymousRef } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import { currentCorrelationId } from '../../platform/correlation';
import { AppError } from '../../platform/errors';
import { forgetProductEvents, productEventsOf } from '../../platform/product-events';
import { enforceLimit, type RateLimiter } from '../../platform/rate-limits';
import { hasRole, type SignedInUser } from '../../platform/viewer';
import type { AuthService } from '../auth/service';
import type { BetaService } from '../beta/service';
import type { DraftsService } from '../drafts/service';
import type { ErrorEvents } from '../error-events/service';
import type { InterestService } from '../interest/service';
import type { JobsService } from '../jobs/service';
import type { ListingsService } from '../listings/service';
import { mediaPurgeJob } from '../media/purge-job';
import type { MediaService } from '../media/service';
import type { ModerationService } from '../moderation/service';
import type { NotificationsService } from '../notifications/service';
import type { PreordersService } from '../preorders/service';
import type { SavesService } from '../saves/service';
import type { SupportService } from '../support/service';
import type { TranslationsService } from '../translations/service';

export interface AccountDeps {
  db: Kysely<DB>;
  clock: Clock;
  alerts: AlertService;
  limiter: RateLimiter;
  /** The key of erased accounts' pseudonymous references (see pseudonymousRef). */
  pseudonymKey: string;
  auth: AuthService;
  drafts: DraftsService;
  listings: ListingsService;
  media: MediaService;
  saves: SavesService;
  interest: InterestService;
  notifications: NotificationsService;
  support: SupportService;
  beta: BetaService;
  moderation: Pick<ModerationService, 'detachReporter'>;
  jobs: JobsService;
  translations: TranslationsService;
  errorEvents: ErrorEvents;
  preorders: Pick<PreordersService, 'exportFor' | 'eraseFor' | 'detachAfterErasure'>;
}

/** How an account's requests are named in the error tracker and listing view markers. */
const actorsOf = (userId: string, visitorIds: readonly string[]) => [
  `user:${userId}`,
  ...visitorIds.map((id) => `visitor:${id}`),
];

export function createAccountService(deps: AccountDeps) {
  const { db, clock } = deps;
  return {
    /**
     * Everything the platform holds about the signed-in person, as one JSON document
     * (`kitwright.account-export`, version 1). Built in the request: it holds records and texts,
     * not file bytes (each file names where its owner downloads it), and the two tables that grow
     * without bound for one person (audit, product events) are read in pages that yield to other
     * requests; a person may export a few times an hour.
     */
    async exportFor(user: SignedInUser, locale: string | null): Promise<AccountExport> {
      await enforceLimit(
        deps.limiter,
        `account-export:${user.id}`,
        RATE_LIMITS.accountExportsPerUser,
        'You have downloaded your data several times in the last hour. Try again later.',
      );
      const part = await deps.auth.exportPart(user);
      const visitorIds = part.visitor_sessions.map((v) => v.id);
      const [
        drafts,
        published,
        files,
        saves,
        reservations,
        notices,
        support,
        jobs,
        events,
        audit,
        errors,
        beta,
        preorders,
      ] = await Promise.all([
        deps.drafts.exportFor(user.id),
        deps.listings.exportFor(user.id),
        deps.media.exportFor(user.id),
        deps.saves.exportFor(user.id),
        deps.interest.exportFor(user.id, locale),
        deps.notifications.exportFor(user.id),
        deps.support.exportFor(user.id, visitorIds),
        deps.jobs.exportFor(user.id),
        productEventsOf(db, user.id),
        auditRecordsAbout(db, {
          userId: user.id,
          visitorIds,
          sessionIds: part.sessions.map((s) => s.id),
        }),
        deps.errorEvents.exportFor(actorsOf(user.id, visitorIds)),
        deps.beta.exportFor(user.id, visitorIds),
        deps.preorders.exportFor(user.id),
      ]);
      return {
        format: ACCOUNT_EXPORT_FORMAT,
        version: ACCOUNT_EXPORT_VERSION,
        exported_at: clock.now().toISOString(),
        account: part.account,
        identities: part.identities,
        sessions: part.sessions,
        visitor_sessions: part.visitor_sessions,
        consents: {
          analytics: {
            account: part.consent_state,
            visitor_sessions: part.visitor_sessions.map((v) => ({
              visitor_session_id: v.id,
              state: v.consent_state,
            })),
          },
          content_licence: published.listings.map((l) => ({
            listing_id: l.id,
            version: l.licence_version,
            accepted_at: l.licence_accepted_at,
          })),
          // A reservation's acknowledgement is given again whenever it is refreshed.
          interest_notice: reservations.map((r) => ({
            reservation_id: r.id,
            version: r.acknowledgement_version,
            acknowledged_at: r.refreshed_at,
          })),
        },
        drafts,
        listings: published.listings,
        shares: published.shares,
        files,
        saves,
        interest_reservations: reservations,
        notifications: notices.notifications,
        broadcast_reads: notices.broadcast_reads,
        support_conversations: support,
        jobs,
        product_events: events,
        audit_records: audit,
        error_reports: errors,
        beta_programme: beta,
        pre_orders: preorders.pre_orders,
        designer_terms: preorders.designer_terms,
      };
    },

    /**
     * Deletes the signed-in person's account at once (there is no grace period), after they typed
     * their username and proved they hold the account. In one audited transaction: their
     * reservations are cancelled, saves, notifications, drafts, jobs and file records deleted,
     * their listings deleted (other people's reservations on them ended and those people told),
     * support conversations kept but detached, usage events deleted, error reports and share
     * links kept without them, beta feedback kept anonymous (no words, screenshot or context), and the account with its sessions deleted. Entries written for it
     * name the account only by its pseudonymous reference. After the commit: stored bytes are
     * purged by a job, open sockets close, and a verified address gets a confirmation.
     */
    async erase(user: SignedInUser, body: DeleteAccountRequest): Promise<DeleteAccountResponse> {
      if (body.confirm.trim().toLowerCase() !== user.username.toLowerCase())
        throw new AppError('VALIDATION_FAILED', 'Type your username to confirm.', {
          fields: { confirm: 'does not match your username' },
        });
      if (hasRole(user.role, 'staff'))
        throw new AppError(
          'INVALID_STATE',
          'Staff accounts are not deleted here: another founder first changes the role, then you can delete it.',
        );
      await deps.auth.reauthenticate(user, body.password);

      const ref = pseudonymousRef(deps.pseudonymKey, user.id);
      const actor: Actor = { type: 'user', id: ref };
      const result = await auditedTransaction({ db, clock, alerts: deps.alerts }, async (trx, audit) => {
        const row = await deps.auth.lockForErasure(trx, user.id);
        if (!row) throw new AppError('UNAUTHENTICATED');
        const visitorIds = await deps.auth.claimedVisitorIds(trx, user.id);

        const reservationsCancelled = await deps.interest.eraseFor(trx, user.id, actor, audit);
        const saves = await deps.saves.eraseFor(trx, user.id);
        // Their feedback keeps no words, screenshot or context (the check of migration 0031).
        const beta = await deps.beta.eraseFor(trx, { userId: user.id, visitorIds, email: row.email });

        const owned = await deps.listings.lockOwnedBy(trx, user.id);
        const listingIds = owned.map((l) => l.id);
        // Pre-orders the person made, and those made of their listings, are cancelled.
        const cardsToDetach = await deps.preorders.eraseFor(trx, user.id, listingIds, actor, audit);
        const othersClosed = await deps.interest.closeOn(trx, owned, audit);
        await deps.translations.eraseForListings(trx, listingIds);
        await deps.drafts.unlinkListingsOf(trx, user.id);
        const listings = await deps.listings.eraseOwnedBy(trx, listingIds, { userId: user.id, visitorIds });
        for (const l of owned)
          await audit({
            actor,
            action: 'listing.deleted',
            resourceType: 'listing',
            resourceId: l.id,
            details: { reason: 'account_erased' },
          });
        const drafts = await deps.drafts.eraseAllOf(trx, user.id);
        await deps.jobs.eraseAllOf(trx, user.id);
        const { files, keys } = await deps.media.eraseAllOf(trx, user.id);
        if (keys.length > 0)
          await deps.jobs.enqueue(
            mediaPurgeJob,
            {
              ownerUserId: null,
              resource: null,
              idempotencyKey: null,
              payload: { keys },
              correlationId: currentCorrelationId(),
            },
            trx,
          );
        const notifications = await deps.notifications.eraseFor(trx, user.id);
        const supportKept = await deps.support.detachFrom(trx, user.id, visitorIds, ref);
        await deps.moderation.detachReporter(trx, user.id, visitorIds, ref);
        await forgetProductEvents(trx, user.id, visitorIds);
        await deps.errorEvents.forget(trx, actorsOf(user.id, visitorIds));
        const erased = await deps.auth.eraseAccount(trx, row);

        const removed = {
          listings,
          drafts,
          files,
          saves,
          notifications,
          sessions: erased.sessions,
        };
        await audit({
          actor,
          action: 'user.erased',
          resourceType: 'user',
          resourceId: ref,
          details: {
            ...removed,
            reservations_cancelled: reservationsCancelled,
            others_reservations_closed: othersClosed,
            support_conversations_kept: supportKept,
            beta_feedback_anonymised: beta.feedback,
          },
        });
        return { erased, removed, reservationsCancelled, supportKept, cardsToDetach };
      });

      deps.listings.dropCaches();
      deps.jobs.wake();
      // Saved cards of the cancelled pre-orders can never be charged: detached at the provider.
      await deps.preorders.detachAfterErasure(result.cardsToDetach);
      const confirmation = await deps.auth.accountErased(result.erased);
      return {
        deleted: true,
        removed: result.removed,
        reservations_cancelled: result.reservationsCancelled,
        support_conversations_kept: result.supportKept,
        confirmation_email: confirmation,
      };
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
