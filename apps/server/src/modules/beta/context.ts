/**
 * What the beta module's flows share: their dependencies (the platform parts, the settings and the
 * narrow interfaces of the modules it reaches) and the small helpers more than one flow uses.
 */
import type { BetaFeedback, Locale } from '@kitwright/contracts';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { DB } from '../../db/schema';
import type { AlertService } from '../../platform/alerts';
import { auditedTransaction } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { ProductEvents } from '../../platform/product-events';
import type { RateLimiter } from '../../platform/rate-limits';
import type { SignedInUser } from '../../platform/viewer';
import type { EmailProvider } from '../../providers/email/email-provider';
import type { TranslationProvider } from '../../providers/translation/translation-provider';
import type * as repo from './repo';

/** Staff read feedback in English: other languages are machine-translated into it. */
export const STAFF_LANGUAGE: Locale = 'en';

/** The feedback's context, checked by the modules that own it (each throws NOT_FOUND). */
export interface FeedbackContextChecks {
  visibleListing(user: SignedInUser | null, listingId: string): Promise<unknown>;
  ownDraft(user: SignedInUser, draftId: string): Promise<unknown>;
  ownUpload(user: SignedInUser, mediaId: string): Promise<{ kind: string }>;
}

/** Display names of people (the sessions' testers); a missing id is no account. */
export type People = (ids: readonly string[]) => Promise<Map<string, { display_name: string }>>;

export interface BetaDeps {
  db: Kysely<DB>;
  clock: Clock;
  alerts: AlertService;
  events: Pick<ProductEvents, 'emit'>;
  limiter: RateLimiter;
  logger: Logger;
  email: Pick<EmailProvider, 'send'>;
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
  context: FeedbackContextChecks;
  /** Display names of people (the sessions' testers); a missing id is no account. */
  people: People;
}

export interface BetaSettings {
  publicBaseUrl: string;
  inviteOnlySignUp: boolean;
  launchAt: Date | null;
}

/** The flows' context: the deps they use as given, the settings together, the other modules' parts by role. */
export interface BetaContext
  extends Pick<
    BetaDeps,
    | 'db'
    | 'clock'
    | 'alerts'
    | 'events'
    | 'limiter'
    | 'logger'
    | 'email'
    | 'translation'
    | 'release'
    | 'firstRecordedDay'
    | 'people'
  > {
  settings: BetaSettings;
  /** The listings, drafts and media modules: the feedback's context belongs to the sender. */
  feedbackContext: FeedbackContextChecks;
}

export function createBetaContext(deps: BetaDeps): BetaContext {
  return {
    db: deps.db,
    clock: deps.clock,
    alerts: deps.alerts,
    events: deps.events,
    limiter: deps.limiter,
    logger: deps.logger,
    email: deps.email,
    translation: deps.translation,
    settings: {
      publicBaseUrl: deps.publicBaseUrl,
      inviteOnlySignUp: deps.inviteOnlySignUp,
      launchAt: deps.launchAt,
    },
    release: deps.release,
    firstRecordedDay: deps.firstRecordedDay,
    feedbackContext: deps.context,
    people: deps.people,
  };
}

/** A transaction whose audit entries are written with it (the module's changes by staff). */
export function audited<T>(ctx: BetaContext, work: Parameters<typeof auditedTransaction<T>>[1]): Promise<T> {
  return auditedTransaction({ db: ctx.db, clock: ctx.clock, alerts: ctx.alerts }, work);
}

export const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A feedback's text for staff: the original in its language, with the translation and a note. */
export function textOf(row: repo.FeedbackRow): BetaFeedback['text'] {
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

/** Binds a flow `(ctx, ...args)` to one context: the service's methods are these. */
export const bindTo =
  (ctx: BetaContext) =>
  <A extends unknown[], R>(flow: (ctx: BetaContext, ...args: A) => R) =>
  (...args: A): R =>
    flow(ctx, ...args);
