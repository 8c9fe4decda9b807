/**
 * The composition root: the platform parts, then every module's face (modules/<name>/face.ts) in
 * one ordered list, each made from the platform and the narrow apis of earlier faces; routes, jobs,
 * prune tasks, visitor claims and personal-data parts are collected by walking that list. Only
 * app.ts uses what this returns; nothing outside the app receives it. It holds no rules.
 */

import type { Capability } from '@kitwright/contracts';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Config } from './config';
import type { Database } from './db/connection';
import { accountFace } from './modules/account/face';
import { adminFace } from './modules/admin/face';
import { analyticsFace } from './modules/analytics/face';
import { appShellFace } from './modules/app-shell/face';
import { authFace, createAnalyticsIdentity } from './modules/auth/face';
import { betaFace } from './modules/beta/face';
import { clientErrorsFace } from './modules/client-errors/face';
import { configFace } from './modules/config/face';
import { crawlerFace } from './modules/crawler/face';
import { dashboardFace } from './modules/dashboard/face';
import { devMailboxFace } from './modules/dev-mailbox/face';
import { draftsFace } from './modules/drafts/face';
import { errorEventsFace } from './modules/error-events/face';
import { founderFace } from './modules/founder/face';
import { healthFace } from './modules/health/face';
import { incidentsFace } from './modules/incidents/face';
import { interestFace } from './modules/interest/face';
import { jobsFace, toJob } from './modules/jobs/face';
import { createJobQueue } from './modules/jobs/queue';
import { listingsFace } from './modules/listings/face';
import { mediaFace } from './modules/media/face';
import { moderationFace } from './modules/moderation/face';
import { notificationsFace } from './modules/notifications/face';
import { operationsFace } from './modules/operations/face';
import { preordersFace } from './modules/preorders/face';
import { realtimeFace } from './modules/realtime/face';
import { savesFace } from './modules/saves/face';
import { supportFace } from './modules/support/face';
import { translationsFace } from './modules/translations/face';
import { type AlertNotifier, createAlertService } from './platform/alerts';
import type { BackgroundTasks } from './platform/background';
import type { Clock } from './platform/clock';
import { createDeliveryControls } from './platform/delivery-controls';
import { createImagePool, type ImagePool } from './platform/images/pool';
import type { JobDefinition, JobRow } from './platform/jobs';
import { createMesherPool, type MesherPool } from './platform/mesher/pool';
import { createMetrics } from './platform/metrics';
import type { AppJob, ModuleFace, PruneTask } from './platform/module';
import { fingerprintKey } from './platform/network';
import { createDispatchStore, createProductEvents } from './platform/product-events';
import { type ProviderKind, type TraceOptions, traced } from './platform/provider-calls';
import { createRateLimiter } from './platform/rate-limits';
import { createRealtime, type Realtime } from './platform/realtime';
import { createRealtimePublisher } from './platform/realtime-relay';

import { channelsNotifier, configuredChannels } from './providers/alerts/alert-channels';
import type { AnalyticsProvider } from './providers/analytics/analytics-provider';
import { createMirrorAnalytics } from './providers/analytics/analytics-provider';
import { createPostHogAnalytics } from './providers/analytics/posthog-analytics';
import type { EmailProvider } from './providers/email/email-provider';
import type { ErrorTracker } from './providers/error-tracking/error-tracker';
import { createLocalErrorTracker } from './providers/error-tracking/local-error-tracker';
import { createSentryErrorTracker } from './providers/error-tracking/sentry-error-tracker';
import { fallbackReason, proceduralGeneration } from './providers/generation/generation-provider';
import { createHttpGeneration } from './providers/generation/http-generation';
import type { OAuthClient } from './providers/oauth/oauth-provider';
import { type PaymentsProvider, paymentsFace } from './providers/payments/face';
import type { StorageProvider } from './providers/storage/storage-provider';
import { createDeeplTranslation } from './providers/translation/deepl-translation';
import { DEMO_GLOSSARY, withGlossary } from './providers/translation/demo-glossary';
import { noTranslation } from './providers/translation/no-translation';
import { pseudoTranslation } from './providers/translation/pseudo-translation';
import type { TranslationProvider } from './providers/translation/translation-provider';
import { createAlertEvaluator } from './workers/alert-evaluator';
import { type CheckoutSignalSource, createAlertRules } from './workers/alert-rules';
import { createAnalyticsDispatcher, type DispatchSettings } from './workers/analytics-dispatcher';
import { createHousekeeping, RETENTION } from './workers/housekeeping';
import { createJobRunner, type JobRunner } from './workers/job-runner';

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

/** A job's stored step (its `steps` column is JSON), or null when it is not one. */
function stepOf(step: unknown): { name: string; status: string } | null {
  if (typeof step !== 'object' || step === null || !('name' in step) || !('status' in step)) return null;
  const { name, status } = step;
  return typeof name === 'string' && typeof status === 'string' ? { name, status } : null;
}

/** The platform parts every module may be made from (and the two faces they need first). */
function composePlatform(deps: ServiceDeps) {
  const { config, database, logger, clock } = deps;
  const db = database.db;

  const errorEvents = errorEventsFace({ db, clock, config });
  const errorTracker =
    deps.errorTracker ??
    (config.errorTracking.provider === 'sentry' && config.errorTracking.dsn
      ? createSentryErrorTracker({ dsn: config.errorTracking.dsn, environment: config.env, logger })
      : createLocalErrorTracker(errorEvents.api.record, logger));
  // Every outside provider's calls carry the request's or job's correlation id in logs and error events.
  const trace = <T extends object>(kind: ProviderKind, provider: T, options: TraceOptions = {}): T =>
    traced(kind, provider, { logger, capture: (e) => errorTracker.capture(e) }, options);
  // The readiness probe reports a failing store itself (503, and the alert evaluator's rule).
  const storage = trace('storage', deps.storage, { quiet: ['check'] });
  const mailbox = devMailboxFace({
    db,
    clock,
    config,
    background: deps.background,
    email: deps.email,
    wrap: (provider) => trace('email', provider),
  });
  const { email } = mailbox.api;
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
  const events = createProductEvents({ db, clock, logger, identity: analyticsIdentity });
  const limiter = createRateLimiter(db, clock);
  const realtime = deps.realtime ?? createRealtime();
  const publisher = createRealtimePublisher(database, realtime, logger);
  const wakers = new Set<() => void>();
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
  const translation = trace(
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
  const platform = {
    ...{ db, clock, config, logger, alerts, controls, events, limiter, email, storage },
    ...{ background: deps.background, publisher, realtime, mesher, images, translation, generation },
  };

  return {
    platform,
    errorEvents,
    mailbox,
    errorTracker,
    trace,
    alertChannels,
    alertNotifier,
    analyticsIdentity,
    wakers,
  };
}

/** Every module's face, in one ordered list: each made from the platform and earlier faces. */
function composeModules(deps: ServiceDeps, parts: ReturnType<typeof composePlatform>) {
  const { config } = deps;
  const { platform, errorEvents, mailbox, errorTracker, analyticsIdentity, wakers, trace } = parts;
  const { db, controls, realtime, limiter, translation } = platform;

  // The modules, in order: each is made from the platform and the narrow apis of earlier ones; a
  // later module that an earlier one needs fills the earlier one's hook (media, listings, auth).
  const auth = authFace({
    ...platform,
    oauth: deps.oauth ?? null,
    analyticsIdentity,
    retention: RETENTION,
  });
  const { profiles } = auth.api;
  const analytics = analyticsFace({ ...platform, store: analyticsIdentity });
  const jobs = jobsFace({
    ...platform,
    wake: () => {
      for (const w of wakers) w();
    },
  });
  const media = mediaFace({ ...platform, jobs: jobs.api });
  const drafts = draftsFace({ ...platform, jobs: jobs.api, media: media.api });
  const notifications = notificationsFace(platform);
  const listings = listingsFace({
    ...platform,
    drafts: drafts.api,
    media: media.api,
    notifications: notifications.api,
    profiles,
    listingViewDays: RETENTION.listingViewDays,
  });
  const interest = interestFace({
    ...platform,
    listings: listings.api,
    notifications: notifications.api,
    profiles,
    limits: {
      perIpPerHour: config.reservationsPerIpPerHour,
      perIpPerListingPerDay: config.reservationsPerIpPerListingPerDay,
    },
    fingerprintKey: fingerprintKey(config.secrets.cookie),
  });
  const saves = savesFace({ ...platform, listings: listings.api });
  const translations = translationsFace({
    ...platform,
    provider: translation,
    jobs: jobs.api,
    listings: listings.api,
  });
  const moderation = moderationFace({
    ...platform,
    listings: listings.api,
    interest: interest.api,
    notifications: notifications.api,
    profiles,
  });
  const support = supportFace({
    ...platform,
    profiles,
    listings: listings.api,
    drafts: drafts.api,
    jobs: jobs.api,
    interest: interest.api,
    media: media.api,
    moderation: moderation.api,
    notifications: notifications.api,
  });
  const incidents = incidentsFace({ ...platform, profiles });
  const founder = founderFace({
    ...platform,
    ...(deps.founderRollupLagMs !== undefined ? { rollupLagMs: deps.founderRollupLagMs } : {}),
  });
  const metrics = createMetrics(() => jobs.api.countByStatus());
  const health = healthFace({
    ...platform,
    pingDatabase: () => sql`SELECT 1`.execute(db),
    pingJobQueue: () => jobs.api.ping(),
    startedAt: Date.now(),
  });
  const beta = betaFace({
    ...platform,
    auth: auth.api,
    health: health.api,
    founder: founder.api,
    listings: listings.api,
    drafts: drafts.api,
    media: media.api,
  });
  // Phase A.5: the payments provider (local or Stripe) and the pre-order flow over it.
  // Traced like every outside provider (a test's recording wrapper inside the trace).
  const payments = paymentsFace({
    ...platform,
    wrap: (provider) => trace('payments', deps.wrapPayments ? deps.wrapPayments(provider) : provider),
  });
  const preorders = preordersFace({
    ...platform,
    profiles,
    interest: interest.api,
    listings: listings.api,
    notifications: notifications.api,
    jobs: jobs.api,
    payments: payments.api,
  });
  const dashboard = dashboardFace({
    ...platform,
    drafts: drafts.api,
    listings: listings.api,
    saves: saves.api,
    interest: interest.api,
    support: support.api,
    notifications: notifications.api,
  });
  const crawler = crawlerFace({ ...platform, listings: listings.api });
  const modules: readonly ModuleFace[] = [
    errorEvents,
    mailbox,
    auth,
    analytics,
    jobs,
    media,
    drafts,
    notifications,
    listings,
    interest,
    saves,
    translations,
    moderation,
    support,
    incidents,
    founder,
    health,
    beta,
    payments,
    preorders,
    dashboard,
    crawler,
    appShellFace(platform),
    clientErrorsFace({ capture: (e) => errorTracker.capture(e), limiter }),
    configFace(),
    operationsFace({ metrics, metricsToken: config.secrets.metricsToken }),
    adminFace({ controls, auth: auth.api }),
    realtimeFace({ realtime, auth: auth.api }),
  ];
  // Made last: a person's export and erasure are the sum of every module's part.
  const account = accountFace({
    ...platform,
    auth: auth.api,
    parts: modules.flatMap((m) => (m.personalData ? [m.personalData] : [])),
  });
  const faces: readonly ModuleFace[] = [...modules, account];

  // What a visitor session owns moves to the account that claims it, in the sign-in transaction.
  for (const face of faces) {
    const claim = face.personalData?.claim;
    if (claim)
      auth.api.onVisitorClaim(async (trx, visitorId, userId) => void (await claim(trx, visitorId, userId)));
  }

  return { faces, auth, jobs, drafts, support, health, preorders, crawler, metrics };
}

/** The job runners' factory over every face's kinds of work. */
function runnersOf(
  deps: ServiceDeps,
  faces: readonly ModuleFace[],
  parts: Pick<ReturnType<typeof composePlatform>, 'platform' | 'errorTracker' | 'wakers'>,
) {
  const { config, logger } = deps;
  const { errorTracker, wakers } = parts;
  const { db, events, publisher } = parts.platform;

  /** The app's kinds of work (each a contract job type), as the runner runs them. */
  const jobDefinitions: AppJob[] = faces.flatMap((face) => face.jobs ?? []);

  /** Every change of a job reaches its owner live; a final failure emits generation_job_failed. */
  const onJobChange = async (row: JobRow) => {
    if (row.owner_user_id) await publisher.publish(row.owner_user_id, 'job', toJob(row));
    if ((row.status === 'failed' || row.status === 'dead') && row.error_code) {
      const failedStep = (Array.isArray(row.steps) ? row.steps : [])
        .map(stepOf)
        .find((s) => s !== null && (s.status === 'failed' || s.status === 'running'));
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

  return createRunner;
}

export function composeServices(deps: ServiceDeps) {
  const { config, database, logger, clock } = deps;
  const db = database.db;
  const parts = composePlatform(deps);
  const { errorTracker, trace, alertChannels, alertNotifier } = parts;
  const { controls, realtime, publisher, mesher, images, limiter, alerts } = parts.platform;
  const { faces, auth, jobs, drafts, support, health, preorders, crawler, metrics } = composeModules(
    deps,
    parts,
  );
  const createRunner = runnersOf(deps, faces, parts);

  // Each table's owner prunes its own expired rows; housekeeping says when and how much.
  const analyticsDispatch = createDispatchStore(db);
  const pruneTasks: PruneTask[] = [
    {
      table: 'rate_limits',
      pruneBatch: (now, limit) => limiter.pruneIdle(new Date(now.getTime() - RETENTION.rateLimitsMs), limit),
    },
    {
      table: 'alert_signals',
      pruneBatch: (now, limit) =>
        alerts.evaluation.pruneSignals(new Date(now.getTime() - RETENTION.alertSignalsMs), limit),
    },
    {
      table: 'product_events',
      pruneBatch: (now, limit) =>
        analyticsDispatch.pruneBefore(
          new Date(now.getTime() - config.retention.productEventsDays * DAY),
          limit,
        ),
    },
    ...faces.flatMap((face) => face.prune ?? []),
  ];
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
      readiness: () => health.api.dependencies(),
      queueHealth: () => jobs.api.queueHealth(),
      countSignals: (key, from, to) => alerts.countSignals(key, from, to),
      uploadValidation: (from, to) => drafts.api.uploadValidation(from, to),
      supportOverdue: (now) => support.api.overdue(now),
      // Checkout confirmations (failure rate over ten minutes) and any capture event (A.5).
      checkout: deps.checkoutSignals ?? preorders.api.checkoutSignals,
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
    /** Every module's face, in list order: app.ts registers their routes in this order. */
    faces,
    ...{ errorTracker, controls, realtime, publisher, mesher, images, metrics },
    /** Who a request is, and the visitor session it keeps (app.ts installs the viewer with them). */
    viewer: { resolve: auth.api.resolveViewer, ensureVisitor: auth.api.visitors.ensure },
    health: health.api,
    /** The web app's pages render what crawlers read. */
    publicPages: crawler.api,
    queueHealth: () => jobs.api.queueHealth(),
    ...{ createRunner, pruneTasks, housekeeping, alertChannels, alertEvaluator },
    ...{ analyticsDispatch, analyticsDispatcher },
  };
}

export type Services = ReturnType<typeof composeServices>;
