/**
 * The beta programme: feedback from testers and visitors (rated, with its screen, context and
 * release, its free text kept in its language with a machine translation for staff), cohorts of
 * testers joined by invitation codes or emailed links, the founder's observed sessions, and the
 * learning review (the first 72 hours after launch, then each week).
 */
import { randomInt } from 'node:crypto';
import {
  type BetaCohort,
  type BetaFeedback,
  type BetaFeedbackQuery,
  type BetaFeedbackReason,
  type BetaFeedbackRequest,
  type BetaInvitation,
  type BetaSession,
  type CreateBetaInvitationsRequest,
  type CreateBetaSessionRequest,
  type ExportedBetaProgramme,
  type LearningReview,
  type Locale,
  type MyBeta,
  resolveLocale,
  type UpdateBetaSessionRequest,
} from '@kitwright/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Logger } from 'pino';
import { RATE_LIMITS } from '../../config/rate-limits';
import type { DB } from '../../db/schema';
import type { AlertService } from '../../platform/alerts';
import { auditedTransaction } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { isUuid, newId } from '../../platform/ids';
import { pageOf, readTimeCursor } from '../../platform/pagination';
import type { ProductEvents } from '../../platform/product-events';
import { enforceLimit, type RateLimiter } from '../../platform/rate-limits';
import { sha256Hex } from '../../platform/secrets';
import type { Owner, SignedInUser } from '../../platform/viewer';
import type { EmailProvider } from '../../providers/email/email-provider';
import { supportPage } from '../../providers/email/layout';
import type { TranslationProvider } from '../../providers/translation/translation-provider';
import { invitationEmail } from './emails';
import * as repo from './repo';
import * as stats from './stats-repo';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
/** The first learning review comes 72 hours after launch, then one each week (the spec's Limits). */
export const FIRST_REVIEW_MS = 72 * HOUR;
export const REVIEW_EVERY_MS = 7 * DAY;
/** Staff read feedback in English: other languages are machine-translated into it. */
export const STAFF_LANGUAGE: Locale = 'en';
const TOP_TEXT = 10;
/** Invitation codes: no 0/O or 1/I, so a code read aloud or copied by hand still works. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 10;

export interface BetaDeps {
  db: Kysely<DB>;
  clock: Clock;
  alerts: AlertService;
  events: ProductEvents;
  limiter: RateLimiter;
  logger: Logger;
  email: EmailProvider;
  translation: TranslationProvider;
  publicBaseUrl: string;
  /** Registration needs an invitation code (BETA_INVITE_ONLY_SIGN_UP). */
  inviteOnlySignUp: boolean;
  /** The instant the beta launched (BETA_LAUNCH_AT), when configured. */
  launchAt: Date | null;
  /** Else the first UTC day with a recorded server event (the founder dashboard's launch day). */
  firstRecordedDay: () => Promise<string | null>;
  /** The server's version and release tag, as GET /api/health reports them. */
  release: () => Promise<{ version: string; release: string }>;
  /** The feedback's context, checked by the modules that own it (each throws NOT_FOUND). */
  context: {
    visibleListing(user: SignedInUser | null, listingId: string): Promise<unknown>;
    ownDraft(user: SignedInUser, draftId: string): Promise<unknown>;
    ownUpload(user: SignedInUser, mediaId: string): Promise<{ kind: string }>;
  };
  /** Display names of people (the sessions' testers); a missing id is no account. */
  people(ids: readonly string[]): Promise<Map<string, { display_name: string }>>;
}

class AlreadyTester extends Error {}

const normaliseCode = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();

function newCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

function invitationStatus(row: repo.InvitationRow, now: Date): BetaInvitation['status'] {
  if (row.revoked_at) return 'revoked';
  if (row.expires_at && row.expires_at.getTime() <= now.getTime()) return 'expired';
  if (row.redemptions >= row.max_redemptions) return 'used_up';
  return 'active';
}

const REFUSALS: Record<string, string> = {
  unknown: 'This invitation code does not exist. Check it and try again.',
  expired: 'This invitation has expired. Ask for a new one.',
  revoked: 'This invitation was withdrawn. Ask for a new one.',
  used_up: 'This invitation has been used as many times as it allows. Ask for a new one.',
};

function refused(reason: keyof typeof REFUSALS | 'active'): AppError {
  const r = reason === 'active' ? 'used_up' : reason;
  return new AppError('INVITATION_UNAVAILABLE', REFUSALS[r], { reason: r });
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function textOf(row: repo.FeedbackRow): BetaFeedback['text'] {
  if (row.body === null) return null;
  const note =
    row.translation_status === 'unavailable'
      ? `The translation provider "${row.translation_provider ?? 'none'}" does not translate; the original is shown.`
      : row.translation_status === 'failed'
        ? 'Machine translation failed when this feedback arrived; the original is shown.'
        : null;
  return {
    original: row.body,
    language: row.body_language as Locale,
    translation: row.translation,
    translation_language: row.translation_language as Locale,
    translation_status: row.translation_status,
    translation_provider: row.translation_provider,
    note,
  };
}

export function createBetaService(deps: BetaDeps) {
  const { db, clock } = deps;
  const audited = <T>(work: Parameters<typeof auditedTransaction<T>>[1]) =>
    auditedTransaction({ db, clock, alerts: deps.alerts }, work);
  const linkOf = (code: string) => `${deps.publicBaseUrl}/invite/${encodeURIComponent(code)}`;

  function toInvitation(row: repo.InvitationRow, now: Date): BetaInvitation {
    return {
      id: row.id,
      cohort_id: row.cohort_id,
      code: row.code,
      link: linkOf(row.code),
      max_redemptions: row.max_redemptions,
      redemptions: row.redemptions,
      status: invitationStatus(row, now),
      expires_at: iso(row.expires_at),
      email: row.email,
      locale: row.locale,
      revoked_at: iso(row.revoked_at),
      created_at: row.created_at.toISOString(),
    };
  }

  function toCohort(row: repo.CohortSummaryRow): BetaCohort {
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      testers: row.testers,
      invitations: row.invitations,
      redemptions: row.redemptions,
      created_at: new Date(row.created_at).toISOString(),
    };
  }

  async function toSessions(rows: repo.SessionRow[]): Promise<BetaSession[]> {
    const tasks = await repo.tasksOf(
      db,
      rows.map((r) => r.id),
    );
    const people = await deps.people(rows.flatMap((r) => (r.tester_user_id ? [r.tester_user_id] : [])));
    return rows.map((r) => ({
      id: r.id,
      tester: {
        user_id: r.tester_user_id,
        display_name: r.tester_user_id ? (people.get(r.tester_user_id)?.display_name ?? null) : null,
        label: r.tester_label,
      },
      consent_given: r.consent_given,
      consent_text_version: r.consent_text_version,
      observed_at: r.observed_at.toISOString(),
      tasks: tasks
        .filter((t) => t.session_id === r.id)
        .map((t) => ({ task: t.task, outcome: t.outcome, notes: t.notes })),
      linked_issues: r.linked_issues,
      interview_notes: r.interview_notes,
      recorded_by: r.recorded_by,
      created_at: r.created_at.toISOString(),
      updated_at: r.updated_at.toISOString(),
    }));
  }

  /**
   * Takes one redemption of a code for a person, in the caller's transaction: the person becomes a
   * tester of the code's cohort. A code that is unknown, expired, withdrawn or used up is refused
   * (INVITATION_UNAVAILABLE); someone already in the cohort keeps their place and uses nothing.
   */
  async function claim(trx: Transaction<DB>, rawCode: string, userId: string) {
    const code = normaliseCode(rawCode);
    const now = clock.now();
    const invitation = /^[A-Z0-9]{6,32}$/.test(code) ? await repo.findInvitationByCode(trx, code) : undefined;
    if (!invitation) throw refused('unknown');
    const cohort = await repo.findCohort(trx, invitation.cohort_id);
    const mine = (await repo.membershipsOf(trx, [userId])).find((m) => m.cohort_id === invitation.cohort_id);
    if (mine) throw new AlreadyTester();
    const taken = await repo.takeRedemption(trx, code, now);
    if (!taken) throw refused(invitationStatus(invitation, now));
    const tester = await repo.insertTester(trx, {
      id: newId(),
      cohort_id: taken.cohort_id,
      user_id: userId,
      invitation_id: taken.id,
      joined_at: now,
    });
    // Joined by a parallel request meanwhile: this redemption is rolled back with the transaction.
    if (!tester) throw new AlreadyTester();
    return { cohort_id: taken.cohort_id, cohort_name: cohort?.name ?? '', joined_at: now.toISOString() };
  }

  async function reviewWindow(index: number, from: Date, to: Date, now: Date) {
    const [byScreen, sessions, top] = await Promise.all([
      stats.feedbackByScreenAndReason(db, from, to),
      stats.sessionOutcomes(db, from, to),
      stats.topText(db, from, to, TOP_TEXT),
    ]);
    const screens = new Map<
      string,
      {
        screen: string;
        count: number;
        sum: number;
        by_reason: Array<{ reason: BetaFeedbackReason; count: number }>;
      }
    >();
    for (const r of byScreen) {
      const s = screens.get(r.screen) ?? { screen: r.screen, count: 0, sum: 0, by_reason: [] };
      s.count += r.n;
      s.sum += r.rating_sum;
      s.by_reason.push({ reason: r.reason as BetaFeedbackReason, count: r.n });
      screens.set(r.screen, s);
    }
    const count = byScreen.reduce((sum, r) => sum + r.n, 0);
    const ratingSum = byScreen.reduce((sum, r) => sum + r.rating_sum, 0);
    const round = (n: number) => Math.round(n * 100) / 100;
    const tasks = new Map<string, { task: string; success: number; struggled: number; failed: number }>();
    for (const t of sessions.tasks) {
      const row = tasks.get(t.task) ?? { task: t.task, success: 0, struggled: 0, failed: 0 };
      row[t.outcome as 'success' | 'struggled' | 'failed'] += t.n;
      tasks.set(t.task, row);
    }
    return {
      index,
      from: from.toISOString(),
      to: to.toISOString(),
      review_due_at: to.toISOString(),
      complete: to.getTime() <= now.getTime(),
      feedback: {
        count,
        mean_rating: count === 0 ? null : round(ratingSum / count),
        by_screen: [...screens.values()]
          .map((s) => ({
            screen: s.screen,
            count: s.count,
            mean_rating: round(s.sum / s.count),
            by_reason: s.by_reason.sort((a, b) => b.count - a.count),
          }))
          .sort((a, b) => b.count - a.count || a.screen.localeCompare(b.screen)),
      },
      sessions: {
        count: sessions.sessions,
        tasks: [...tasks.values()].sort(
          (a, b) => b.failed + b.struggled - (a.failed + a.struggled) || a.task.localeCompare(b.task),
        ),
      },
      top_text: top.map((r) => ({
        feedback_id: r.id,
        screen: r.screen,
        rating: r.rating,
        reason: r.reason,
        text: textOf(r) as NonNullable<BetaFeedback['text']>,
        created_at: r.created_at.toISOString(),
      })),
    };
  }

  return {
    /** POST /api/beta/feedback: from a signed-in person or a visitor session (made if needed). */
    async submitFeedback(
      who: { user: SignedInUser | null; owner: Owner },
      body: BetaFeedbackRequest,
      meta: {
        acceptLanguage: string | null;
        ip: string | null;
        ensureVisitor: () => Promise<string>;
      },
    ) {
      const { user } = who;
      await enforceLimit(
        deps.limiter,
        `beta-feedback-ip:${sha256Hex(meta.ip ?? 'unknown')}`,
        RATE_LIMITS.betaFeedbackPerIp,
        'Too much feedback was sent from your network in the last hour. Thank you; try again later.',
      );
      if (who.owner.userId || who.owner.visitorId)
        await enforceLimit(
          deps.limiter,
          `beta-feedback:${who.owner.userId ?? who.owner.visitorId}`,
          RATE_LIMITS.betaFeedbackPerViewer,
          'You have sent a lot of feedback in the last hour. Thank you; try again later.',
        );
      const context = body.context ?? {};
      const needsAccount: Record<string, string> = {};
      if (!user && context.draft_id) needsAccount['context.draft_id'] = 'needs a signed-in account';
      if (!user && body.screenshot_media_id) needsAccount.screenshot_media_id = 'needs a signed-in account';
      if (Object.keys(needsAccount).length > 0)
        throw new AppError('VALIDATION_FAILED', 'Drafts and screenshots belong to accounts: sign in first.', {
          fields: needsAccount,
        });
      if (context.listing_id) await deps.context.visibleListing(user, context.listing_id);
      if (user && context.draft_id) await deps.context.ownDraft(user, context.draft_id);
      if (user && body.screenshot_media_id) {
        const file = await deps.context.ownUpload(user, body.screenshot_media_id);
        if (file.kind !== 'image')
          throw new AppError('VALIDATION_FAILED', 'A screenshot must be an image upload.', {
            fields: { screenshot_media_id: 'is not an image' },
          });
      }
      let owner = who.owner;
      if (!owner.userId && !owner.visitorId) owner = { userId: null, visitorId: await meta.ensureVisitor() };

      const text = body.text?.trim() || null;
      const language = body.language ?? resolveLocale(meta.acceptLanguage);
      let translation: string | null = null;
      let status: repo.FeedbackRow['translation_status'] = 'not_needed';
      if (text && language !== STAFF_LANGUAGE) {
        try {
          translation = (await deps.translation.translate([text], language, STAFF_LANGUAGE))[0] ?? null;
          status = translation === null ? 'unavailable' : 'translated';
        } catch (err) {
          deps.logger.warn({ err }, 'beta feedback translation failed');
          status = 'failed';
        }
      }
      const release = await deps.release();
      const row = await repo.insertFeedback(db, {
        id: newId(),
        user_id: owner.userId,
        visitor_id: owner.userId ? null : owner.visitorId,
        rating: body.rating,
        reason: body.reason,
        screen: body.screen,
        route: context.route ?? null,
        listing_id: context.listing_id ?? null,
        draft_id: context.draft_id ?? null,
        server_version: release.version,
        release_tag: release.release,
        app_version: body.app_version ?? null,
        body: text,
        body_language: language,
        translation_language: STAFF_LANGUAGE,
        translation,
        translation_status: status,
        translation_provider: text && language !== STAFF_LANGUAGE ? deps.translation.id : null,
        screenshot_media_id: body.screenshot_media_id ?? null,
        created_at: clock.now(),
      });
      const tester = owner.userId ? (await repo.membershipsOf(db, [owner.userId]))[0] : undefined;
      await deps.events.emit(
        'beta_feedback_submitted',
        {
          beta_tester_id: tester?.tester_id ?? null,
          user_id: owner.userId,
          flow: row.screen,
          rating: row.rating,
          reason_category: row.reason,
          // The text itself stays in the beta_feedback row (localised, translated for staff):
          // analytics learn only that there is one, in which language, and how long it is.
          free_text: text
            ? { stored_in: 'beta_feedback', feedback_id: row.id, language, characters: text.length }
            : {},
        },
        {
          userId: owner.userId,
          sessionId: owner.visitorId,
          route: 'POST /api/beta/feedback',
        },
      );
      return {
        id: row.id,
        rating: row.rating,
        reason: row.reason,
        screen: row.screen,
        release: {
          server_version: row.server_version,
          release_tag: row.release_tag,
          app_version: row.app_version,
        },
        created_at: row.created_at.toISOString(),
      };
    },

    /** The staff list of feedback, newest first, with the original text and its translation. */
    async listFeedback(query: BetaFeedbackQuery) {
      const limit = query.limit ?? 20;
      const after = query.cursor ? readTimeCursor(query.cursor) : null;
      const rows = await repo.feedbackPage(db, query, after, limit);
      const { page, next_cursor } = pageOf(rows, limit, (r) => ({ at: r.created_at, id: r.id }));
      const memberships = await repo.membershipsOf(
        db,
        page.flatMap((r) => (r.user_id ? [r.user_id] : [])),
      );
      const items: BetaFeedback[] = page.map((r) => ({
        id: r.id,
        rating: r.rating,
        reason: r.reason,
        screen: r.screen,
        context: { route: r.route, listing_id: r.listing_id, draft_id: r.draft_id },
        release: { server_version: r.server_version, release_tag: r.release_tag, app_version: r.app_version },
        text: textOf(r),
        screenshot_media_id: r.screenshot_media_id,
        author: {
          kind: r.user_id ? 'user' : r.visitor_id ? 'visitor' : 'unknown',
          user_id: r.user_id,
          cohorts: memberships
            .filter((m) => m.user_id === r.user_id)
            .map((m) => ({ id: m.cohort_id, name: m.cohort_name })),
        },
        created_at: r.created_at.toISOString(),
      }));
      return { items, next_cursor };
    },

    async createCohort(founder: SignedInUser, body: { name: string; description?: string | undefined }) {
      const name = body.name.trim();
      if (!name) throw new AppError('VALIDATION_FAILED', undefined, { fields: { name: 'is empty' } });
      try {
        const row = await audited(async (trx, audit) => {
          const cohort = await repo.insertCohort(trx, {
            id: newId(),
            name,
            description: body.description?.trim() || null,
            created_by: founder.id,
            created_at: clock.now(),
          });
          await audit({
            actor: { type: 'user', id: founder.id },
            action: 'beta.cohort_created',
            resourceType: 'beta_cohort',
            resourceId: cohort.id,
            details: { name },
          });
          return cohort;
        });
        return toCohort({ ...row, testers: 0, invitations: 0, redemptions: 0 });
      } catch (err) {
        if ((err as { code?: string }).code === '23505')
          throw new AppError('CONFLICT', 'A cohort with this name already exists.', { field: 'name' });
        throw err;
      }
    },

    async listCohorts() {
      return { items: (await repo.cohortSummaries(db)).map(toCohort) };
    },

    /** Codes for a cohort, or one code emailed to an address (sent after the codes are stored). */
    async createInvitations(founder: SignedInUser, cohortId: string, body: CreateBetaInvitationsRequest) {
      const now = clock.now();
      const count = body.count ?? 1;
      const expiresAt = body.expires_at ? new Date(body.expires_at) : null;
      const problems: Record<string, string> = {};
      if (body.email && count !== 1) problems.count = 'must be 1 when the invitation is emailed';
      if (expiresAt && expiresAt.getTime() <= now.getTime()) problems.expires_at = 'must be in the future';
      if (body.locale && !body.email) problems.locale = 'goes with email';
      if (Object.keys(problems).length > 0)
        throw new AppError('VALIDATION_FAILED', undefined, { fields: problems });
      const locale: Locale | null = body.email ? (body.locale ?? 'en') : null;
      const rows = await audited(async (trx, audit) => {
        const cohort = await repo.findCohort(trx, cohortId);
        if (!cohort) throw new AppError('NOT_FOUND');
        const made = await repo.insertInvitations(
          trx,
          Array.from({ length: count }, () => ({
            id: newId(),
            cohort_id: cohortId,
            code: newCode(),
            max_redemptions: body.max_redemptions ?? 1,
            expires_at: expiresAt,
            email: body.email?.toLowerCase() ?? null,
            locale,
            created_by: founder.id,
            created_at: now,
          })),
        );
        await audit({
          actor: { type: 'user', id: founder.id },
          action: 'beta.invitations_created',
          resourceType: 'beta_cohort',
          resourceId: cohortId,
          details: {
            count,
            max_redemptions: body.max_redemptions ?? 1,
            expires_at: iso(expiresAt),
            emailed: Boolean(body.email),
            invitation_ids: made.map((m) => m.id),
          },
        });
        return made;
      });
      const first = rows[0];
      if (body.email && locale && first)
        await deps.email.send(
          invitationEmail(
            body.email,
            locale,
            { code: first.code, link: linkOf(first.code), expiresAt },
            supportPage(deps.publicBaseUrl),
          ),
        );
      return { items: rows.map((r) => toInvitation(r, now)) };
    },

    async listInvitations(cohortId: string) {
      if (!(await repo.findCohort(db, cohortId))) throw new AppError('NOT_FOUND');
      const now = clock.now();
      return { items: (await repo.invitationsOf(db, cohortId)).map((r) => toInvitation(r, now)) };
    },

    /** Withdraws an invitation: its code is refused from now on; who joined with it stays. */
    async revokeInvitation(founder: SignedInUser, invitationId: string) {
      const row = await audited(async (trx, audit) => {
        const existing = await repo.findInvitation(trx, invitationId);
        if (!existing) throw new AppError('NOT_FOUND');
        if (existing.revoked_at) return existing;
        const revoked = await repo.revokeInvitation(trx, invitationId, founder.id, clock.now());
        await audit({
          actor: { type: 'user', id: founder.id },
          action: 'beta.invitation_revoked',
          resourceType: 'beta_invitation',
          resourceId: invitationId,
          details: { cohort_id: existing.cohort_id, redemptions: existing.redemptions },
        });
        return revoked ?? existing;
      });
      return toInvitation(row, clock.now());
    },

    /** POST /api/beta/invitations/{code}/redeem by a signed-in person. */
    async redeem(user: SignedInUser, code: string) {
      await enforceLimit(
        deps.limiter,
        `beta-redeem:${user.id}`,
        RATE_LIMITS.betaRedeemsPerUser,
        'Too many invitation codes were tried from your account. Try again later.',
      );
      try {
        const membership = await db.transaction().execute((trx) => claim(trx, code, user.id));
        return { membership, already_tester: false };
      } catch (err) {
        if (!(err instanceof AlreadyTester)) throw err;
        const invitation = await repo.findInvitationByCode(db, normaliseCode(code));
        const mine = (await repo.membershipsOf(db, [user.id])).find(
          (m) => m.cohort_id === invitation?.cohort_id,
        );
        if (!mine) throw refused('unknown');
        return {
          membership: {
            cohort_id: mine.cohort_id,
            cohort_name: mine.cohort_name,
            joined_at: mine.joined_at.toISOString(),
          },
          already_tester: true,
        };
      }
    },

    /**
     * Registration with an invitation code (auth calls this in the account's transaction): the
     * code is redeemed with the account, or the account is not made. Refuses a registration
     * without a code while sign-up is invitation-only (BETA_INVITE_ONLY_SIGN_UP).
     */
    async claimForSignUp(trx: Transaction<DB>, code: string | null | undefined, userId: string) {
      if (!code) {
        if (deps.inviteOnlySignUp) throw new AppError('INVITATION_REQUIRED');
        return null;
      }
      try {
        return await claim(trx, code, userId);
      } catch (err) {
        // A brand-new account is in no cohort yet; keep the type checker and the reader honest.
        if (err instanceof AlreadyTester) return null;
        throw err;
      }
    },

    async myBeta(userId: string): Promise<MyBeta> {
      const rows = await repo.membershipsOf(db, [userId]);
      return {
        tester: rows.length > 0,
        cohorts: rows.map((m) => ({
          cohort_id: m.cohort_id,
          cohort_name: m.cohort_name,
          joined_at: m.joined_at.toISOString(),
        })),
      };
    },

    /**
     * A person's part of the beta programme, for their account export: the cohorts they joined,
     * the feedback they sent (as an account or from their visitor sessions, with the staff
     * translation) and the sessions in which they were observed, with their tasks and notes.
     */
    async exportFor(userId: string, visitorIds: readonly string[]): Promise<ExportedBetaProgramme> {
      const [memberships, feedback, sessions] = await Promise.all([
        repo.membershipsOf(db, [userId]),
        repo.feedbackBy(db, userId, visitorIds),
        repo.sessionsOf(db, userId),
      ]);
      const tasks = await repo.tasksOf(
        db,
        sessions.map((s) => s.id),
      );
      return {
        cohorts: memberships.map((m) => ({
          cohort_id: m.cohort_id,
          cohort_name: m.cohort_name,
          joined_at: m.joined_at.toISOString(),
        })),
        feedback: feedback.map((f) => ({
          id: f.id,
          rating: f.rating,
          reason: f.reason,
          screen: f.screen,
          route: f.route,
          listing_id: f.listing_id,
          draft_id: f.draft_id,
          server_version: f.server_version,
          release_tag: f.release_tag,
          app_version: f.app_version,
          body: f.body,
          body_language: f.body_language,
          translation: f.translation,
          screenshot_media_id: f.screenshot_media_id,
          created_at: f.created_at.toISOString(),
        })),
        observed_sessions: sessions.map((s) => ({
          id: s.id,
          observed_at: s.observed_at.toISOString(),
          consent_text_version: s.consent_text_version,
          tasks: tasks
            .filter((t) => t.session_id === s.id)
            .map((t) => ({ task: t.task, outcome: t.outcome, notes: t.notes })),
          interview_notes: s.interview_notes,
        })),
      };
    },

    /**
     * A person's part of their account erasure, in its transaction: the feedback they sent (as the
     * account or from its visitor sessions) is kept anonymous — rating, reason, screen, release and
     * time, never their words, screenshot or context — and invitations emailed to their address
     * forget it. Their cohort places go with the account; observed sessions keep the founder's
     * notes without them. Returns how many feedback rows were anonymised.
     */
    async eraseFor(
      trx: Transaction<DB>,
      person: { userId: string; visitorIds: readonly string[]; email: string },
    ): Promise<{ feedback: number }> {
      const feedback = await repo.anonymiseFeedbackOf(trx, person.userId, person.visitorIds);
      await repo.forgetInvitationEmail(trx, person.email);
      return { feedback };
    },

    /** Whether someone who is a tester of a cohort (for other modules' summaries). */
    async isTester(userId: string): Promise<boolean> {
      return (await repo.membershipsOf(db, [userId])).length > 0;
    },

    async createSession(founder: SignedInUser, body: CreateBetaSessionRequest) {
      const problems: Record<string, string> = {};
      if (!body.consent_given)
        problems.consent_given = 'must be true: a session is recorded only with consent';
      const label = body.tester_label?.trim() || null;
      if (!body.tester_user_id && !label) problems.tester_user_id = 'or tester_label is required';
      if (Object.keys(problems).length > 0)
        throw new AppError('VALIDATION_FAILED', 'The session cannot be recorded as sent.', {
          fields: problems,
        });
      if (body.tester_user_id && !(await deps.people([body.tester_user_id])).has(body.tester_user_id))
        throw new AppError('NOT_FOUND', 'No account has this tester_user_id.');
      const now = clock.now();
      const row = await audited(async (trx, audit) => {
        const session = await repo.insertSession(trx, {
          id: newId(),
          tester_user_id: body.tester_user_id ?? null,
          tester_label: label,
          consent_given: true,
          consent_text_version: body.consent_text_version.trim(),
          observed_at: body.observed_at ? new Date(body.observed_at) : now,
          linked_issues: body.linked_issues ?? [],
          interview_notes: body.interview_notes ?? null,
          recorded_by: founder.id,
          created_at: now,
          updated_at: now,
        });
        await repo.replaceTasks(
          trx,
          session.id,
          body.tasks.map((t) => ({ task: t.task.trim(), outcome: t.outcome, notes: t.notes ?? null })),
        );
        await audit({
          actor: { type: 'user', id: founder.id },
          action: 'beta.session_recorded',
          resourceType: 'beta_session',
          resourceId: session.id,
          details: { tasks: body.tasks.length, consent_text_version: session.consent_text_version },
        });
        return session;
      });
      return (await toSessions([row]))[0] as BetaSession;
    },

    async updateSession(founder: SignedInUser, id: string, body: UpdateBetaSessionRequest) {
      const row = await audited(async (trx, audit) => {
        const existing = await repo.findSession(trx, id, { lock: true });
        if (!existing) throw new AppError('NOT_FOUND');
        const label =
          body.tester_label === undefined ? existing.tester_label : body.tester_label?.trim() || null;
        if (!existing.tester_user_id && !label)
          throw new AppError('VALIDATION_FAILED', 'A session without a tester account keeps its label.', {
            fields: { tester_label: 'is required without tester_user_id' },
          });
        const updated = await repo.updateSession(trx, id, {
          tester_label: label,
          ...(body.observed_at ? { observed_at: new Date(body.observed_at) } : {}),
          ...(body.linked_issues ? { linked_issues: body.linked_issues } : {}),
          ...(body.interview_notes !== undefined ? { interview_notes: body.interview_notes } : {}),
          updated_at: clock.now(),
        });
        if (body.tasks)
          await repo.replaceTasks(
            trx,
            id,
            body.tasks.map((t) => ({ task: t.task.trim(), outcome: t.outcome, notes: t.notes ?? null })),
          );
        await audit({
          actor: { type: 'user', id: founder.id },
          action: 'beta.session_updated',
          resourceType: 'beta_session',
          resourceId: id,
          details: { fields: Object.keys(body).sort() },
        });
        return updated ?? existing;
      });
      return (await toSessions([row]))[0] as BetaSession;
    },

    async getSession(id: string) {
      if (!isUuid(id)) throw new AppError('NOT_FOUND');
      const row = await repo.findSession(db, id);
      if (!row) throw new AppError('NOT_FOUND');
      return (await toSessions([row]))[0] as BetaSession;
    },

    async listSessions(query: { cursor?: string | undefined; limit?: number | undefined }) {
      const limit = query.limit ?? 20;
      const after = query.cursor ? readTimeCursor(query.cursor) : null;
      const rows = await repo.sessionPage(db, after, limit);
      const { page, next_cursor } = pageOf(rows, limit, (r) => ({ at: r.observed_at, id: r.id }));
      return { items: await toSessions(page), next_cursor };
    },

    /**
     * The learning review: the first window is the 72 hours after launch, then each week; each
     * window's review is due at its end. Launch is BETA_LAUNCH_AT, or else the start of the first
     * UTC day with a recorded server event (the founder dashboard's launch day).
     */
    async learningReview(period: 'latest' | 'all' = 'latest'): Promise<LearningReview> {
      const now = clock.now();
      let launch = deps.launchAt;
      let source: LearningReview['launch_source'] = launch ? 'config' : null;
      if (!launch) {
        const day = await deps.firstRecordedDay();
        if (day) {
          launch = new Date(`${day}T00:00:00Z`);
          source = 'first_recorded_event';
        }
      }
      if (!launch || launch.getTime() > now.getTime())
        return {
          launch_at: iso(launch),
          launch_source: source,
          note: launch
            ? 'The beta has not launched yet: the first review covers the 72 hours after launch.'
            : 'No launch time: set BETA_LAUNCH_AT, or the first recorded event will stand for it.',
          windows: [],
        };
      const bounds: Array<[Date, Date]> = [[launch, new Date(launch.getTime() + FIRST_REVIEW_MS)]];
      for (;;) {
        const last = bounds[bounds.length - 1] as [Date, Date];
        if (last[1].getTime() > now.getTime() || bounds.length >= 520) break;
        bounds.push([last[1], new Date(last[1].getTime() + REVIEW_EVERY_MS)]);
      }
      const chosen =
        period === 'all'
          ? bounds.map((b, i) => [i, b] as const)
          : [[bounds.length - 1, bounds[bounds.length - 1] as [Date, Date]] as const];
      const windows = [];
      for (const [index, [from, to]] of chosen) windows.push(await reviewWindow(index, from, to, now));
      return { launch_at: launch.toISOString(), launch_source: source, note: null, windows };
    },
  };
}

export type BetaService = ReturnType<typeof createBetaService>;
