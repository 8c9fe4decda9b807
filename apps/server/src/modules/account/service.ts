/**
 * A person's account as a whole (UK GDPR rights of access and erasure): the export of everything
 * the platform holds about them and the deletion of the account. This module has no tables: each
 * module gives its own part through its face's personal-data hooks (platform/module.ts), the export
 * is their sum and the erasure runs every part, in reverse list order, in one audited transaction,
 * so an account is either wholly erased or untouched.
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
import { AppError } from '../../platform/errors';
import {
  ERASURE_COUNTS,
  type ErasureCounts,
  type ErasureSubject,
  type ExportPart,
  type ExportSections,
  type ExportSubject,
  type PersonalDataPart,
} from '../../platform/module';
import { forgetProductEvents, productEventsOf } from '../../platform/product-events';
import { enforceLimit, type RateLimiter } from '../../platform/rate-limits';
import { hasRole, type SignedInUser } from '../../platform/viewer';
import type { AuthApi } from '../auth/face';

export interface AccountDeps {
  db: Kysely<DB>;
  clock: Clock;
  alerts: AlertService;
  limiter: RateLimiter;
  /** The key of erased accounts' pseudonymous references (see pseudonymousRef). */
  pseudonymKey: string;
  /** The account itself: the subject of the export and erasure, erased last. */
  auth: AuthApi['accounts'];
  /** Every module's personal-data part, in the composition's list order. */
  parts: readonly PersonalDataPart[];
}

/** The sum of the modules' export parts: each section from the one module that writes it. */
function sumOf(parts: readonly ExportPart[]): ExportSections {
  const sections: Omit<ExportPart, 'consents'> = {};
  const consents: Partial<ExportSections['consents']> = {};
  for (const { consents: c, ...rest } of parts) {
    Object.assign(sections, rest);
    Object.assign(consents, c);
  }
  const need = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) throw new Error(`No module's face exports ${name} (account export).`);
    return value;
  };
  return {
    consents: {
      content_licence: need(consents.content_licence, 'consents.content_licence'),
      interest_notice: need(consents.interest_notice, 'consents.interest_notice'),
    },
    drafts: need(sections.drafts, 'drafts'),
    listings: need(sections.listings, 'listings'),
    shares: need(sections.shares, 'shares'),
    files: need(sections.files, 'files'),
    saves: need(sections.saves, 'saves'),
    interest_reservations: need(sections.interest_reservations, 'interest_reservations'),
    notifications: need(sections.notifications, 'notifications'),
    broadcast_reads: need(sections.broadcast_reads, 'broadcast_reads'),
    support_conversations: need(sections.support_conversations, 'support_conversations'),
    jobs: need(sections.jobs, 'jobs'),
    product_events: need(sections.product_events, 'product_events'),
    audit_records: need(sections.audit_records, 'audit_records'),
    error_reports: need(sections.error_reports, 'error_reports'),
    beta_programme: need(sections.beta_programme, 'beta_programme'),
    pre_orders: need(sections.pre_orders, 'pre_orders'),
    designer_terms: need(sections.designer_terms, 'designer_terms'),
  };
}

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
      const subject: ExportSubject = {
        userId: user.id,
        locale,
        visitorIds: part.visitor_sessions.map((v) => v.id),
        sessionIds: part.sessions.map((s) => s.id),
      };
      // The platform's own records of the person: usage events and the audit entries about them.
      const platformPart = async (): Promise<ExportPart> => {
        const [events, audit] = await Promise.all([
          productEventsOf(db, user.id),
          auditRecordsAbout(db, {
            userId: user.id,
            visitorIds: subject.visitorIds,
            sessionIds: subject.sessionIds,
          }),
        ]);
        return { product_events: events, audit_records: audit };
      };
      const sections = sumOf(
        await Promise.all([
          ...deps.parts.flatMap((p) => (p.export ? [p.export(subject)] : [])),
          platformPart(),
        ]),
      );
      const { consents, ...rest } = sections;
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
          ...consents,
        },
        ...rest,
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
        const subject: ErasureSubject = {
          trx,
          userId: user.id,
          visitorIds,
          email: row.email,
          ref,
          actor,
          audit,
        };
        const counts: ErasureCounts = {
          listings: 0,
          drafts: 0,
          files: 0,
          saves: 0,
          notifications: 0,
          reservations_cancelled: 0,
          others_reservations_closed: 0,
          support_conversations_kept: 0,
          beta_feedback_anonymised: 0,
        };
        const afterCommit: Array<() => Promise<unknown>> = [];
        // Reverse list order: a module's rows go before those of the earlier modules they refer to.
        for (const part of [...deps.parts].reverse()) {
          if (!part.erase) continue;
          const done = await part.erase(subject);
          for (const key of ERASURE_COUNTS) counts[key] += done.counts?.[key] ?? 0;
          if (done.afterCommit) afterCommit.push(done.afterCommit);
        }
        await forgetProductEvents(trx, user.id, visitorIds);
        const erased = await deps.auth.eraseAccount(trx, row);

        const removed = {
          listings: counts.listings,
          drafts: counts.drafts,
          files: counts.files,
          saves: counts.saves,
          notifications: counts.notifications,
          sessions: erased.sessions,
        };
        await audit({
          actor,
          action: 'user.erased',
          resourceType: 'user',
          resourceId: ref,
          details: {
            ...removed,
            reservations_cancelled: counts.reservations_cancelled,
            others_reservations_closed: counts.others_reservations_closed,
            support_conversations_kept: counts.support_conversations_kept,
            beta_feedback_anonymised: counts.beta_feedback_anonymised,
          },
        });
        return {
          erased,
          removed,
          reservationsCancelled: counts.reservations_cancelled,
          supportKept: counts.support_conversations_kept,
          afterCommit,
        };
      });

      // What the modules do once the erasure committed (caches dropped, the purge job woken,
      // saved cards of cancelled pre-orders detached at the provider).
      for (const after of result.afterCommit) await after();
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
