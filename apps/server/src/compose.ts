/**
 * The composition root: every service of the app made from the app's dependencies and wired to
 * the others. Only app.ts uses what this returns, to give each route plugin the services it calls;
 * nothing outside the app receives this object.
 *
 * Why one file of ~420 lines: the wiring of every service is read in one place, in the order the
 * services need each other; it holds no rules.
 */

import type { Capability, JobType } from '@kitwright/contracts';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { TSchema } from 'typebox';
import type { Config } from './config';
import type { Database } from './db/connection';
import { createAccountService } from './modules/account/service';
import { createConsentService } from './modules/analytics/consent';
import { createAppShellService } from './modules/app-shell/service';
import { createAccessTokens } from './modules/auth/access-tokens';
import { createAnalyticsIdentity } from './modules/auth/analytics-identity';
import { createAuthMaintenance } from './modules/auth/maintenance';
import { createProfiles } from './modules/auth/profiles';
import { createAuthService } from './modules/auth/service';
import { createVisitorSessions } from './modules/auth/visitor-sessions';
import { type BetaService, createBetaService } from './modules/beta/service';
import { createClientErrors } from './modules/client-errors/service';
import { createPublicPages } from './modules/crawler/service';
import { createDashboardService } from './modules/dashboard/service';
import { createMailbox } from './modules/dev-mailbox/service';
import { createBlockKitJobHandler, createModelJobHandler } from './modules/drafts/job-handlers';
import { createDraftsService } from './modules/drafts/service';
import { createErrorEvents } from './modules/error-events/service';
import { createFounderService } from './modules/founder/service';
import { createHealthService } from './modules/health/service';
import { createIncidentsService } from './modules/incidents/service';
import { createDemandReview } from './modules/interest/demand-review';
import { createInterestService } from './modules/interest/service';
import { createJobQueue } from './modules/jobs/queue';
import { createJobsService, toJob } from './modules/jobs/service';
import { createListingsService, type ListingsService } from './modules/listings/service';
import { createMediaPurgeHandler } from './modules/media/purge-job';
import { createMediaService } from './modules/media/service';
import { createModerationService } from './modules/moderation/service';
import { createNotificationsService } from './modules/notifications/service';
import { createPreordersService } from './modules/preorders/service';
import { createPaymentWebhooks } from './modules/preorders/webhook';
import { createSavesService } from './modules/saves/service';
import { createSupportDesk } from './modules/support/desk';
import { createSupportMail } from './modules/support/notify';
import { createSupportService } from './modules/support/service';
import { createTranslationJobHandler } from './modules/translations/job-handler';
import { createTranslationsService } from './modules/translations/service';
import { type AlertNotifier, createAlertService } from './platform/alerts';
import type { BackgroundTasks } from './platform/background';
import type { Clock } from './platform/clock';
import { createDeliveryControls } from './platform/delivery-controls';
import { isAppError } from './platform/errors';
import { createImagePool, type ImagePool } from './platform/images/pool';
import type { JobDefinition, JobRow } from './platform/jobs';
import { createMesherPool, type MesherPool } from './platform/mesher/pool';
import { createMetrics } from './platform/metrics';
import { fingerprintKey } from './platform/network';
import { createDispatchStore, createProductEvents } from './platform/product-events';
import { type ProviderKind, type TraceOptions, traced } from './platform/provider-calls';
import { createRateLimiter } from './platform/rate-limits';
import { createRealtime, type Realtime } from './platform/realtime';
import { createRealtimePublisher } from './platform/realtime-relay';
import { deriveKey } from './platform/secrets';
import { channelsNotifier, configuredChannels } from './providers/alerts/alert-channels';
import type { AnalyticsProvider } from './providers/analytics/analytics-provider';
import { createMirrorAnalytics } from './providers/analytics/analytics-provider';
import { createPostHogAnalytics } from './providers/analytics/posthog-analytics';
import type { EmailProvider } from './providers/email/email-provider';
import { createOutboxEmail } from './providers/email/outbox-email';
import { createSmtpEmail } from './providers/email/smtp-email';
import type { ErrorTracker } from './providers/error-tracking/error-tracker';
import { createLocalErrorTracker } from './providers/error-tracking/local-error-tracker';
import { createSentryErrorTracker } from './providers/error-tracking/sentry-error-tracker';
import { fallbackReason, proceduralGeneration } from './providers/generation/generation-provider';
import { createHttpGeneration } from './providers/generation/http-generation';
import type { OAuthClient } from './providers/oauth/oauth-provider';
import { createPaymentsProvider } from './providers/payments/create-provider';
import type { PaymentsProvider } from './providers/payments/provider';
import type { StorageProvider } from './providers/storage/storage-provider';
import { createDeeplTranslation } from './providers/translation/deepl-translation';
import { DEMO_GLOSSARY, withGlossary } from './providers/translation/demo-glossary';
import { noTranslation } from './providers/translation/no-translation';
import { pseudoTranslation } from './providers/translation/pseudo-translation';
import type { TranslationProvider } from './providers/translation/translation-provider';
import { createAlertEvaluator } from './workers/alert-evaluator';
import { type CheckoutSignalSource, createAlertRules } from './workers/alert-rules';
import { createAnalyticsDispatcher, type DispatchSettings } from './workers/analytics-dispatcher';
import { createHousekeeping, type PruneTask, RETENTION } from './workers/housekeeping';
import { createJobRunner, type JobRunner } from './workers/job-runner';

/** The announcement that cached gallery and listing pages are stale in every process. */
const LISTINGS_CHANGED = 'listings_changed';

export interface ServiceDeps {
  config: Config;
  database: Database;
  logger: Logger;
  storage: StorageProvider;
  clock: Clock;
  background: BackgroundTasks;
  alertNotifier?: AlertNotifier | undefined;
  checkoutSignals?: CheckoutSignalSource | undefined;
  releaseCapabilities?: readonly Capability[] | undefined;
  email?: EmailProvider | undefined;
  oauth?: OAuthClient | null | undefined;
  translation?: TranslationProvider | undefined;
  errorTracker?: ErrorTracker | undefined;
  mesher?: MesherPool | undefined;
  images?: ImagePool | undefined;
  realtime?: Realtime | undefined;
  /** How old an event's arrival must be before the founder dashboard's rollup takes it (default 5 s). */
  founderRollupLagMs?: number | undefined;
  analytics?: AnalyticsProvider | undefined;
  analyticsDispatch?: Partial<DispatchSettings> | undefined;
  /** Wraps the configured payments provider (tests record its calls). */
  wrapPayments?: ((provider: PaymentsProvider) => PaymentsProvider) | undefined;
}

/** The configured analytics provider: PostHog when chosen (host and key are required then), else the mirror. */
export function analyticsProviderOf(config: Config): AnalyticsProvider {
  const a = config.analytics;
  return a.provider === 'posthog' && a.host && a.writeKey
    ? createPostHogAnalytics({ host: a.host, writeKey: a.writeKey, timeoutMs: a.timeoutMs })
    : createMirrorAnalytics();
}

export interface RunnerOptions {
  concurrency?: number;
  pollMs?: number;
  workerId?: string;
  leaseMs?: number;
  /** Kinds of work besides the app's own (tests define their own with defineJob). */
  extraJobs?: JobDefinition[];
}

const DAY = 24 * 3600_000;

export function composeServices(deps: ServiceDeps) {
  const { config, database, logger, clock } = deps;
  const db = database.db;

  const errorEvents = createErrorEvents({ db, clock });
  const errorTracker =
    deps.errorTracker ??
    (config.errorTracking.provider === 'sentry' && config.errorTracking.dsn
      ? createSentryErrorTracker({ dsn: config.errorTracking.dsn, environment: config.env, logger })
      : createLocalErrorTracker(errorEvents.record, logger));
  // Every outside provider's calls carry the request's or job's correlation id in logs and error events.
  const trace = <T extends object>(kind: ProviderKind, provider: T, options: TraceOptions = {}): T =>
    traced(kind, provider, { logger, capture: (e) => errorTracker.capture(e) }, options);
  // The readiness probe reports a failing store itself (503, and the alert evaluator's rule).
  const storage = trace('storage', deps.storage, { quiet: ['check'] });
  const mailbox = createMailbox({ db, clock, background: deps.background });
  const email = trace(
    'email',
    deps.email ??
      (config.email.provider === 'smtp' && config.email.smtpUrl
        ? createSmtpEmail(config.email.smtpUrl, config.email.from)
        : createOutboxEmail(mailbox.keep)),
  );
  // Every configured channel (alert webhook, ALERT_EMAIL, incident channel) gets each notice.
  const alertChannels = configuredChannels({
    webhookUrl: config.operations.alertWebhookUrl,
    emailTo: config.operations.alertEmail,
    incidentChannelUrl: config.operations.incidentChannel,
    email,
    origin: `Kitwright ${config.release} (${config.env})`,
  });
  const alertNotifier = deps.alertNotifier ?? channelsNotifier(alertChannels, logger);
  const alerts = createAlertService(db, alertNotifier, logger, clock);
  const controls = createDeliveryControls({
    db,
    clock,
    alerts,
    ...(deps.releaseCapabilities ? { releaseCapabilities: deps.releaseCapabilities } : {}),
  });
  // Consent and attribution stored on accounts and visitor sessions are what analytics apply.
  const analyticsIdentity = createAnalyticsIdentity({ db });
  const consent = createConsentService({ db, clock, alerts, store: analyticsIdentity });
  const events = createProductEvents({ db, clock, logger, identity: analyticsIdentity });
  const limiter = createRateLimiter(db, clock);
  const realtime = deps.realtime ?? createRealtime();
  const publisher = createRealtimePublisher(database, realtime, logger);
  const visitors = createVisitorSessions({ db, clock, config, limiter });
  visitors.onClaim((trx, visitorId, userId) => analyticsIdentity.adoptVisitor(trx, visitorId, userId));
  const profiles = createProfiles(db);
  // The beta module is made once health can report the release; sign-up reaches it through this.
  let beta: BetaService | null = null;
  const auth = createAuthService({
    db,
    clock,
    config,
    alerts,
    events,
    email,
    oauth: deps.oauth ?? null,
    visitors,
    limiter,
    tokens: createAccessTokens(config.secrets.authToken, config.publicBaseUrl, clock),
    logger,
    background: deps.background,
    // Sockets of ended sessions close in whichever API process holds them.
    sessionsEnded: (sessionIds) => publisher.endSessions(sessionIds),
    invitations: {
      claimForSignUp: (trx, code, userId) => (beta as BetaService).claimForSignUp(trx, code, userId),
    },
  });

  const wakers = new Set<() => void>();
  const jobs = createJobsService({
    db,
    limiter,
    config,
    wake: () => {
      for (const w of wakers) w();
    },
  });
  // One thread per job worker plus one for upload checks, so uploads never queue behind a long job.
  const mesher =
    deps.mesher ??
    createMesherPool({
      size: Math.max(1, config.jobs.concurrency) + 1,
      memoryMb: config.jobs.memoryBudgetMb,
    });
  // sharp in processes of its own: a native hang is killed there, never joined by the server; one
  // person's pictures wait in their own queue, so they cannot hold up everyone else's.
  const images =
    deps.images ??
    createImagePool({
      size: config.images.workers,
      maxQueuedPerOwner: config.images.queuePerOwner,
      maxQueued: config.images.queueMax,
      logger,
    });

  // Media is made before listings and reaches them through this reference. Saves, reservations
  // and pre-orders are made after listings, take them directly, and register with them what a
  // listing's deletion and page need of theirs.
  let listings: ListingsService | null = null;
  const theListings = () => listings as ListingsService;

  const media = createMediaService({
    db,
    storage,
    clock,
    config,
    events,
    logger,
    mesher,
    images,
    limiter,
    isPublicFile: (fileId) => theListings().showsFile(fileId),
    // The drafts service is made just below (it stores through media): reached when an upload runs.
    ownsDraft: (user, draftId) =>
      drafts.get(user, draftId).then(
        () => true,
        (err: unknown) => {
          if (isAppError(err) && err.code === 'NOT_FOUND') return false;
          throw err;
        },
      ),
  });
  const drafts = createDraftsService({ db, clock, alerts, config, controls, events, jobs, media });
  const notifications = createNotificationsService({ db, clock });
  listings = createListingsService({
    db,
    clock,
    alerts,
    controls,
    events,
    drafts,
    media,
    notifications,
    profiles,
    limiter,
    publicBaseUrl: config.publicBaseUrl,
    galleryCacheMs: config.galleryCacheMs,
    // A publish, edit or removal in any process drops every process's cached pages (NOTIFY).
    announceChanged: () => void publisher.announce(LISTINGS_CHANGED),
    onListingsChanged: (drop) => publisher.onAnnounce(LISTINGS_CHANGED, drop),
  });
  const saves = createSavesService({ db, clock, events, listings });
  const interest = createInterestService({
    db,
    clock,
    alerts,
    controls,
    notifications,
    listings,
    limiter,
    limits: {
      perIpPerHour: config.reservationsPerIpPerHour,
      perIpPerListingPerDay: config.reservationsPerIpPerListingPerDay,
    },
    fingerprintKey: fingerprintKey(config.secrets.cookie),
  });
  // A listing's owner deleting it cancels its reservations, then removes its saves; its page shows
  // the viewer's save and reservation.
  listings.onWithdrawn(async (trx, listing) => ({
    reservationsCancelled: await interest.cancelForListing(trx, listing, listing.reason, listing.ownerUserId),
  }));
  listings.onWithdrawn(async (trx, listing) => ({
    savesRemoved: await saves.dropForListing(trx, listing.id),
  }));
  listings.provideViewerState({
    saved: (owner, listingId) => saves.isSaved(owner, listingId),
    activeReservation: (owner, listingId) => interest.activeFor(owner, listingId),
    reservationsOpen: () => interest.open(),
  });
  const demand = createDemandReview({ db, clock, alerts, profiles, listings });
  const incidents = createIncidentsService({ db, clock, alerts, profiles });
  const founder = createFounderService({
    db,
    clock,
    controls,
    alerts,
    ...(deps.founderRollupLagMs !== undefined ? { rollupLagMs: deps.founderRollupLagMs } : {}),
  });
  const translationProvider = trace(
    'translation',
    deps.translation ??
      (config.translation.provider === 'deepl' && config.translation.deeplApiKey
        ? createDeeplTranslation(config.translation.deeplApiKey)
        : withGlossary(
            DEMO_GLOSSARY,
            config.translation.provider === 'pseudo' ? pseudoTranslation : noTranslation,
          )),
  );
  // Mode B: http asks a language model for a program and falls back to procedural by itself; the
  // fallback is logged and recorded as the provider's failure, under the job's correlation id.
  const { http: generationHttp } = config.generation;
  const generation = trace(
    'generation',
    config.generation.provider === 'http' && generationHttp.url && generationHttp.model
      ? createHttpGeneration({
          url: generationHttp.url,
          model: generationHttp.model,
          key: generationHttp.key,
          timeoutMs: generationHttp.timeoutMs,
        })
      : proceduralGeneration,
    { fellBack: fallbackReason },
  );
  const translations = createTranslationsService({
    db,
    clock,
    provider: translationProvider,
    jobs,
    listings,
    logger,
  });
  listings.onTextChanged((trx, row) => translations.syncListing(trx, row));
  listings.onDeleted((trx, listingId) => translations.eraseForListings(trx, [listingId]));
  const moderation = createModerationService({
    db,
    clock,
    alerts,
    logger,
    listings,
    holders: interest,
    notifications,
    profiles,
    email,
    fingerprintKey: fingerprintKey(config.secrets.cookie),
    reportsToHide: config.moderationReportsToHide,
    publicBaseUrl: config.publicBaseUrl,
  });
  listings.onSentToReview((trx, listingId) => moderation.sentToReview(trx, listingId));
  listings.onDeleted((trx, listingId) => moderation.forget(trx, listingId));
  const supportSettings = {
    reopenDays: config.support.reopenDays,
    staffLanguage: config.support.staffLanguage,
    tokenKey: deriveKey(config.secrets.authToken, 'kitwright/support-thread-link/v1'),
  };
  const supportPeople = {
    account: (id: string) => profiles.account(id),
    staff: (id: string) => profiles.staff(id),
    staffMembers: (limit: number) => profiles.staffMembers(limit),
    byIds: (ids: readonly string[]) => profiles.byIds(ids),
  };
  const supportMail = createSupportMail({
    email,
    background: deps.background,
    people: supportPeople,
    links: { frontendUrl: config.frontendUrl, tokenKey: supportSettings.tokenKey },
    supportInbox: config.operations.supportInbox,
    staffLanguage: config.support.staffLanguage,
    timezone: config.supportHours.timezone,
  });
  const support = createSupportService({
    db,
    clock,
    events,
    limiter,
    listings: moderation.conversations,
    // What a conversation may be about: checked against its owner before it is stored.
    references: {
      listingReferable: (userId, id) => listings.referableBy(userId, id),
      draftOwner: (id) => drafts.ownerOf(id),
      jobOwner: async (id) => (await jobs.summary(id))?.owner_user_id ?? null,
      reservationHeldBy: (owner, id) => interest.heldBy(owner, id),
    },
    hours: config.supportHours,
    translation: translationProvider,
    logger,
    mail: supportMail,
    media,
    settings: supportSettings,
  });
  // Staff see the requester's account, listings, reservations and recent jobs through their services.
  const supportDesk = createSupportDesk({
    db,
    clock,
    alerts,
    events,
    logger,
    translation: translationProvider,
    mail: supportMail,
    people: supportPeople,
    media,
    settings: supportSettings,
    hours: config.supportHours,
    notifications,
    context: {
      listingsOf: async (userId) =>
        (await listings.ownedBy(userId, 20)).map((l) => ({
          id: l.id,
          slug: l.slug,
          title: l.title,
          visibility: l.visibility,
          moderation_state: l.moderation_state,
          state: l.state,
          published_at: l.published_at.toISOString(),
        })),
      reservationsOf: async (userId) =>
        (await interest.list({ userId, visitorId: null }, 20, null, null)).items.map((r) => ({
          id: r.id,
          listing_id: r.listing.id,
          status: r.status,
          quantity: r.quantity,
          created_at: r.created_at,
        })),
      jobsOf: (userId) => jobs.recentFor(userId, 10),
      async resource(type, id) {
        if (type === 'listing') {
          const ref = (await listings.refs([id], null)).get(id);
          return ref ? { title: ref.title, state: ref.availability, owner_user_id: ref.designer.id } : null;
        }
        if (type === 'job') {
          const job = await jobs.summary(id);
          return job ? { title: job.type, state: job.status, owner_user_id: job.owner_user_id } : null;
        }
        return undefined;
      },
    },
  });
  const dashboard = createDashboardService({
    config,
    drafts,
    listings,
    saves,
    interest,
    support,
    notifications,
  });
  // What a visitor session owns moves to the account that claims it, in the sign-in transaction.
  const claimers = [saves, interest, support];
  for (const owner of claimers)
    visitors.onClaim((trx, visitorId, userId) => owner.claim(trx, visitorId, userId));

  const metrics = createMetrics(() => jobs.countByStatus());
  const health = createHealthService({
    config,
    controls,
    pingDatabase: () => sql`SELECT 1`.execute(db),
    pingJobQueue: () => jobs.ping(),
    storage,
    logger,
    startedAt: Date.now(),
  });
  beta = createBetaService({
    db,
    clock,
    alerts,
    events,
    limiter,
    logger,
    email,
    translation: translationProvider,
    publicBaseUrl: config.publicBaseUrl,
    inviteOnlySignUp: config.beta.inviteOnlySignUp,
    launchAt: config.beta.launchAt,
    firstRecordedDay: () => founder.firstRecordedDay(),
    release: async () => {
      const h = await health.health();
      return { version: h.version, release: h.release };
    },
    context: {
      visibleListing: (user, listingId) => theListings().visible(user, listingId),
      ownDraft: (user, draftId) => drafts.get(user, draftId),
      ownUpload: (user, mediaId) => media.ownedFile(user, mediaId),
    },
    people: (ids) => profiles.byIds(ids),
  });
  // Phase A.5: the payments provider (local or Stripe) and the pre-order flow over it.
  const paymentsChoice = createPaymentsProvider({ config, db, clock, logger });
  // Traced like every outside provider (a test's recording wrapper inside the trace).
  const payments = trace(
    'payments',
    deps.wrapPayments ? deps.wrapPayments(paymentsChoice.provider) : paymentsChoice.provider,
  );
  const preorders = createPreordersService({
    db,
    clock,
    alerts,
    controls,
    events,
    notifications,
    email,
    logger,
    contact: (userId) => profiles.contact(userId),
    interest: () => interest,
    listings: theListings,
    jobs,
    payments,
    frontendUrl: config.frontendUrl,
  });
  // The owner's listing page shows its designer terms (Phase A.5).
  listings.provideViewerState({ designerTerms: (listingId) => preorders.termsOf(listingId) });
  const paymentWebhooks = createPaymentWebhooks({
    db,
    clock,
    alerts,
    controls,
    events,
    logger,
    payments,
    webhookSecret: paymentsChoice.webhookSecret,
    jobs,
  });

  // Made last: a person's export and erasure are each module's part, composed.
  const account = createAccountService({
    db,
    clock,
    alerts,
    limiter,
    pseudonymKey: deriveKey(config.secrets.authToken, 'kitwright/erased-account-pseudonym/v1'),
    auth,
    drafts,
    listings,
    media,
    saves,
    interest,
    notifications,
    support,
    moderation,
    beta,
    jobs,
    translations,
    errorEvents,
    preorders,
  });
  const appShell = createAppShellService({ config, controls });
  const publicPages = createPublicPages({ listings, config });
  const clientErrors = createClientErrors({ capture: (e) => errorTracker.capture(e), limiter });

  /** The app's kinds of work (each a contract job type), as the runner runs them. */
  const jobDefinitions: JobDefinition<TSchema, TSchema, JobType>[] = [
    createModelJobHandler({ db, media, config, clock, mesher, images, generation }),
    createBlockKitJobHandler({ db, media, config, clock, mesher, images, generation }),
    createTranslationJobHandler(translations),
    createMediaPurgeHandler(media),
    paymentWebhooks.handler(),
  ];

  /** Every change of a job reaches its owner live; a final failure emits generation_job_failed. */
  const onJobChange = async (row: JobRow) => {
    if (row.owner_user_id) await publisher.publish(row.owner_user_id, 'job', toJob(row));
    if ((row.status === 'failed' || row.status === 'dead') && row.error_code) {
      const failedStep = (row.steps as Array<{ name: string; status: string }>).find(
        (s) => s.status === 'failed' || s.status === 'running',
      );
      await events.emit(
        'generation_job_failed',
        {
          job_id: row.id,
          job_type: row.type,
          stage: failedStep?.name ?? row.current_step ?? 'unknown',
          safe_error_code: row.error_code,
          retryable: row.status === 'dead' || row.error_retryable === true,
        },
        { userId: row.owner_user_id, route: `job:${row.type}`, correlationId: row.correlation_id },
      );
    }
  };
  const queue = createJobQueue(db);
  const createRunner = (options: RunnerOptions = {}): JobRunner => {
    const runner = createJobRunner({
      queue,
      jobs: [...jobDefinitions, ...(options.extraJobs ?? [])],
      logger,
      leaseMs: options.leaseMs ?? config.jobs.leaseMs,
      concurrency: options.concurrency ?? config.jobs.concurrency,
      ...(options.pollMs ? { pollMs: options.pollMs } : {}),
      ...(options.workerId ? { workerId: options.workerId } : {}),
      onChange: onJobChange,
      // A handler that crashed (not a JobError) goes to the error tracker with the job's correlation id.
      onCrash: (err, job) =>
        errorTracker.capture({
          source: 'worker',
          kind: 'job',
          code: 'INTERNAL_ERROR',
          message: err instanceof Error ? err.message : String(err),
          stack: err instanceof Error ? err.stack : null,
          route: `job:${job.type}`,
          correlationId: job.correlation_id,
          actor: job.owner_user_id ? `user:${job.owner_user_id}` : null,
        }),
    });
    wakers.add(runner.poke);
    return runner;
  };

  // Each table's owner prunes its own expired rows; housekeeping says when and how much.
  const authMaintenance = createAuthMaintenance(db);
  const pruneTasks: PruneTask[] = [
    {
      table: 'rate_limits',
      pruneBatch: (now, limit) => limiter.pruneIdle(new Date(now.getTime() - RETENTION.rateLimitsMs), limit),
    },
    {
      table: 'oauth_attempts',
      pruneBatch: (now, limit) =>
        authMaintenance.pruneOAuthAttempts(
          new Date(now.getTime() - RETENTION.oauthAttemptsAfterExpiryMs),
          limit,
        ),
    },
    {
      table: 'email_tokens',
      pruneBatch: (now, limit) =>
        authMaintenance.pruneEmailTokens(new Date(now.getTime() - RETENTION.emailTokensAfterExpiryMs), limit),
    },
    {
      table: 'alert_signals',
      pruneBatch: (now, limit) =>
        alerts.evaluation.pruneSignals(new Date(now.getTime() - RETENTION.alertSignalsMs), limit),
    },
    {
      table: 'listing_views',
      pruneBatch: (now, limit) =>
        theListings().pruneViewMarkers(
          new Date(now.getTime() - (RETENTION.listingViewDays - 1) * DAY).toISOString().slice(0, 10),
          limit,
        ),
    },
  ];
  const analyticsDispatch = createDispatchStore(db);
  pruneTasks.push(
    {
      table: 'product_events',
      pruneBatch: (now, limit) =>
        analyticsDispatch.pruneBefore(
          new Date(now.getTime() - config.retention.productEventsDays * DAY),
          limit,
        ),
    },
    {
      table: 'error_events',
      pruneBatch: (now, limit) =>
        errorEvents.pruneBefore(new Date(now.getTime() - config.retention.errorEventsDays * DAY), limit),
    },
  );
  const analyticsDispatcher = createAnalyticsDispatcher({
    store: analyticsDispatch,
    provider: trace('analytics', deps.analytics ?? analyticsProviderOf(config)),
    clock,
    logger,
    ...(deps.analyticsDispatch ? { settings: deps.analyticsDispatch } : {}),
  });
  const housekeeping = createHousekeeping({ tasks: pruneTasks, clock, logger, intervalMs: 10 * 60_000 });
  // The alert evaluator (worker role): the spec's eight alerts, each from its signal.
  const alertEvaluator = createAlertEvaluator({
    alerts,
    clock,
    logger,
    intervalMs: config.alerts.checkIntervalMs,
    notifyDirect: alertNotifier,
  });
  for (const rule of createAlertRules(
    {
      readiness: () => health.dependencies(),
      queueHealth: () => jobs.queueHealth(),
      countSignals: (key, from, to) => alerts.countSignals(key, from, to),
      uploadValidation: (from, to) => drafts.uploadValidation(from, to),
      supportOverdue: (now) => support.overdue(now),
      // Checkout confirmations (failure rate over ten minutes) and any capture event (A.5).
      checkout: deps.checkoutSignals ?? preorders.checkoutSignals,
      analyticsDispatch: async () => {
        const state = await analyticsDispatch.state();
        return {
          failingSince: state.failing_since ? new Date(state.failing_since) : null,
          lastError: state.last_error,
        };
      },
    },
    {
      consecutiveChecks: config.alerts.consecutiveChecks,
      upload: {
        windowMs: config.alerts.uploadWindowMs,
        baselineMs: config.alerts.uploadBaselineMs,
        minUploads: config.alerts.uploadMinUploads,
      },
    },
  ))
    alertEvaluator.register(rule);

  return {
    ...{
      errorTracker,
      alerts,
      controls,
      events,
      consent,
      limiter,
      mailbox,
      email,
      realtime,
      publisher,
      visitors,
      auth,
    },
    ...{
      jobs,
      mesher,
      images,
      media,
      drafts,
      notifications,
      listings,
      saves,
      interest,
      demand,
      incidents,
      moderation,
      founder,
      beta,
      translations,
      support,
      supportDesk,
      dashboard,
      account,
      preorders,
      paymentWebhooks,
      localPayments: paymentsChoice.local,
    },
    ...{
      errorEvents,
      metrics,
      health,
      appShell,
      publicPages,
      clientErrors,
      createRunner,
      pruneTasks,
      housekeeping,
      alertChannels,
      alertEvaluator,
      analyticsDispatch,
      analyticsDispatcher,
    },
  };
}

export type Services = ReturnType<typeof composeServices>;
