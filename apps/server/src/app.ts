/**
 * buildApp(deps): the whole HTTP application, built from its dependencies so tests build the very
 * same app on a fresh database. Order: platform plugins, then documentation, then routes.
 */
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import websocket from '@fastify/websocket';
import type { Capability, UserSummary } from '@kitwright/contracts';
import Fastify, { type FastifyInstance, type FastifyRequest, LogController } from 'fastify';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Config } from './config';
import type { Database } from './db/connection';
import { adminRoutes } from './modules/admin/routes';
import { analyticsRoutes } from './modules/analytics/routes';
import { appShellRoutes } from './modules/app-shell/routes';
import { createAppShellService } from './modules/app-shell/service';
import { createAccessTokens } from './modules/auth/access-tokens';
import { authRoutes } from './modules/auth/routes';
import { type AuthService, createAuthService } from './modules/auth/service';
import { createVisitorSessions, type VisitorSessions } from './modules/auth/visitor-sessions';
import { clientErrorRoutes } from './modules/client-errors/routes';
import { configRoutes } from './modules/config/routes';
import { crawlerRoutes } from './modules/crawler/routes';
import { dashboardRoutes } from './modules/dashboard/routes';
import { createDashboardService } from './modules/dashboard/service';
import { devMailboxRoutes } from './modules/dev-mailbox/routes';
import { createBlockKitJobHandler, createModelJobHandler } from './modules/drafts/job-handlers';
import { draftRoutes } from './modules/drafts/routes';
import { createDraftsService, type DraftsService } from './modules/drafts/service';
import { errorEventRoutes } from './modules/error-events/routes';
import { galleryRoutes } from './modules/gallery/routes';
import { createGalleryService, type GalleryService } from './modules/gallery/service';
import { healthRoutes } from './modules/health/routes';
import { createReadinessService } from './modules/health/service';
import { interestRoutes } from './modules/interest/routes';
import { createInterestService, type InterestService } from './modules/interest/service';
import { createJobQueue } from './modules/jobs/queue';
import { jobRoutes } from './modules/jobs/routes';
import { createJobsService, type JobsService, toJob } from './modules/jobs/service';
import { laterPhaseRoutes } from './modules/later-phases/routes';
import { listingRoutes } from './modules/listings/routes';
import { createListingsService, type ListingsService } from './modules/listings/service';
import { mediaRoutes } from './modules/media/routes';
import { createMediaService, type MediaService } from './modules/media/service';
import { createNotificationsService } from './modules/notifications/service';
import { operationsRoutes } from './modules/operations/routes';
import { realtimeRoutes } from './modules/realtime/routes';
import { createSavesService, type SavesService } from './modules/saves/service';
import { supportRoutes } from './modules/support/routes';
import { createSupportService } from './modules/support/service';
import {
  createTranslationJobHandler,
  createTranslationsService,
  type TranslationsService,
} from './modules/translations/service';
import { type WebApp, webAppRoutes } from './modules/web-app/routes';
import {
  type AlertNotifier,
  type AlertService,
  createAlertService,
  logAlertNotifier,
} from './platform/alerts';
import { createBackgroundTasks } from './platform/background';
import { type Clock, systemClock } from './platform/clock';
import { createDeliveryControls, type DeliveryControls } from './platform/delivery-controls';
import { installErrorHandling } from './platform/errors';
import { registerHttpSecurity } from './platform/http-security';
import type { JobHandler, JobRow } from './platform/jobs';
import { createMesherPool, type MesherPool } from './platform/mesher/pool';
import { createMetrics, type Metrics } from './platform/metrics';
import { createProductEvents, type ProductEvents } from './platform/product-events';
import { createRateLimiter, type RateLimiter } from './platform/rate-limits';
import { createRealtime, type Realtime } from './platform/realtime';
import { createRealtimePublisher, type RealtimePublisher } from './platform/realtime-relay';
import { genRequestId, installRequestContext } from './platform/request-context';
import { hasRole, installViewer, rolesOf } from './platform/viewer';
import type { EmailProvider } from './providers/email/email-provider';
import { createOutboxEmail } from './providers/email/outbox-email';
import { createSmtpEmail } from './providers/email/smtp-email';
import type { ErrorTracker } from './providers/error-tracking/error-tracker';
import { createLocalErrorTracker } from './providers/error-tracking/local-error-tracker';
import { createSentryErrorTracker } from './providers/error-tracking/sentry-error-tracker';
import type { OAuthClient } from './providers/oauth/oauth-provider';
import type { StorageProvider } from './providers/storage/storage-provider';
import { createDeeplTranslation } from './providers/translation/deepl-translation';
import { DEMO_GLOSSARY, withGlossary } from './providers/translation/demo-glossary';
import { pseudoTranslation } from './providers/translation/pseudo-translation';
import type { TranslationProvider } from './providers/translation/translation-provider';
import { createJobRunner, type JobRunner } from './workers/job-runner';

export interface AppDeps {
  config: Config;
  database: Database;
  logger: Logger;
  storage: StorageProvider;
  clock?: Clock;
  alertNotifier?: AlertNotifier;
  releaseCapabilities?: readonly Capability[];
  /** Outgoing email; by default the outbox (local) or SMTP, as configured. */
  email?: EmailProvider;
  /** External sign-in; null when no provider is configured for this process. */
  oauth?: OAuthClient | null;
  /** Machine translation; by default the pseudo-translator or DeepL, as configured. */
  translation?: TranslationProvider;
  /** The exported web app to serve from this origin, when there is one. */
  webDistDir?: string | null;
  /** Where crashes and failed requests go; by default the configured tracker (local or Sentry). */
  errorTracker?: ErrorTracker;
}

export interface AppServices {
  errorTracker: ErrorTracker;
  captureJobCrash: (err: unknown, job: JobRow) => void;
  alerts: AlertService;
  controls: DeliveryControls;
  metrics: Metrics;
  clock: Clock;
  events: ProductEvents;
  auth: AuthService;
  visitors: VisitorSessions;
  limiter: RateLimiter;
  realtime: Realtime;
  publisher: RealtimePublisher;
  email: EmailProvider;
  jobs: JobsService;
  media: MediaService;
  drafts: DraftsService;
  listings: ListingsService;
  translations: TranslationsService;
  gallery: GalleryService;
  saves: SavesService;
  interest: InterestService;
  jobHandlers: JobHandler[];
  mesher: MesherPool;
  /** Makes a job runner over this app's handlers (in-process workers or `--role worker`). */
  createRunner(options?: {
    concurrency?: number;
    pollMs?: number;
    workerId?: string;
    leaseMs?: number;
  }): JobRunner;
}

export interface BuiltApp {
  app: FastifyInstance;
  services: AppServices;
}

export async function readQueueDepth(database: Database): Promise<Record<string, number>> {
  const rows = await sql<{ status: string; n: number }>`
    SELECT status, count(*)::int AS n FROM jobs WHERE status IN ('queued', 'running', 'dead') GROUP BY status`.execute(
    database.db,
  );
  return Object.fromEntries(rows.rows.map((r) => [r.status, r.n]));
}

function emailFor(config: Config, database: Database, clock: Clock): EmailProvider {
  if (config.email.provider === 'smtp' && config.email.smtpUrl)
    return createSmtpEmail(config.email.smtpUrl, config.email.from);
  return createOutboxEmail(database.db, clock);
}

export async function buildApp(deps: AppDeps): Promise<BuiltApp> {
  const { config, database, logger, storage } = deps;
  const db = database.db;
  const clock = deps.clock ?? systemClock;
  const startedAt = Date.now();

  const app = Fastify({
    loggerInstance: logger,
    // Our own onResponse line replaces Fastify's request logs, which would include the client IP.
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'req_id' }),
    genReqId: genRequestId,
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    forceCloseConnections: 'idle',
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true, maxParamLength: 200 },
    ajv: {
      customOptions: { removeAdditional: true, coerceTypes: 'array', useDefaults: true, allErrors: true },
    },
  }).withTypeProvider<TypeBoxTypeProvider>() as unknown as FastifyInstance;

  const errorTracker =
    deps.errorTracker ??
    (config.errorTracking.provider === 'sentry' && config.errorTracking.dsn
      ? createSentryErrorTracker({ dsn: config.errorTracking.dsn, environment: config.env, logger })
      : createLocalErrorTracker(db, logger));
  const alerts = createAlertService(db, deps.alertNotifier ?? logAlertNotifier(logger), logger);
  const controls = createDeliveryControls({
    db,
    clock,
    alerts,
    ...(deps.releaseCapabilities ? { releaseCapabilities: deps.releaseCapabilities } : {}),
  });
  const metrics = createMetrics(() => readQueueDepth(database));
  const readiness = createReadinessService({ db, storage, alerts, logger });
  const appShell = createAppShellService({ config, controls });
  const events = createProductEvents({ db, clock, logger });
  const limiter = createRateLimiter(db, clock);
  const visitors = createVisitorSessions({ db, clock, config });
  const email = deps.email ?? emailFor(config, database, clock);
  const realtime = createRealtime();
  const publisher = createRealtimePublisher(database, realtime, logger);
  const background = createBackgroundTasks(logger);
  app.addHook('onClose', async () => background.idle());
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
    background,
    // Sockets of ended sessions close in whichever API process holds them.
    sessionsEnded: (sessionIds) => publisher.endSessions(sessionIds),
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
  const mesher = createMesherPool({
    size: Math.max(1, config.jobs.concurrency) + 1,
    memoryMb: config.jobs.memoryBudgetMb,
  });
  app.addHook('onClose', async () => mesher.close());
  const media = createMediaService({ db, storage, clock, config, events, logger, mesher, limiter });
  const drafts = createDraftsService({ db, clock, config, controls, events, jobs, media });
  const translationProvider =
    deps.translation ??
    (config.translation.provider === 'deepl' && config.translation.deeplApiKey
      ? createDeeplTranslation(config.translation.deeplApiKey)
      : withGlossary(DEMO_GLOSSARY, pseudoTranslation));
  const translations = createTranslationsService({ db, clock, provider: translationProvider, jobs, logger });
  const notifications = createNotificationsService({ db, clock });
  const gallery = createGalleryService({ db, cacheMs: config.galleryCacheMs });
  const listings = createListingsService({
    onListingsChanged: () => gallery.invalidate(),
    db,
    clock,
    alerts,
    controls,
    events,
    drafts,
    storage,
    translations,
    notifications,
    limiter,
    publicBaseUrl: config.publicBaseUrl,
  });
  const saves = createSavesService({ db, clock, events });
  const interest = createInterestService({ db, clock, alerts, controls, notifications });
  const support = createSupportService({ db, clock, events, limiter });
  const dashboard = createDashboardService({
    db,
    config,
    drafts,
    gallery,
    saves,
    interest,
    support,
    notifications,
  });
  // What a visitor session owns moves to the account that claims it, in the sign-in transaction.
  visitors.onClaim((trx, visitorId, userId) => saves.claim(trx, visitorId, userId));
  visitors.onClaim((trx, visitorId, userId) => interest.claim(trx, visitorId, userId));
  visitors.onClaim((trx, visitorId, userId) => support.claim(trx, visitorId, userId));
  const jobHandlers: JobHandler[] = [
    createModelJobHandler({ db, storage, config, clock, mesher }),
    createBlockKitJobHandler({ db, storage, config, clock, mesher }),
    createTranslationJobHandler(translations),
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
  /** A handler that crashed (not a JobError) goes to the error tracker with the job's correlation id. */
  const captureJobCrash = (err: unknown, job: JobRow) =>
    errorTracker.capture({
      source: 'worker',
      kind: 'job',
      code: 'INTERNAL_ERROR',
      message: err instanceof Error ? err.message : String(err),
      stack: err instanceof Error ? err.stack : null,
      route: `job:${job.type}`,
      correlationId: job.correlation_id,
      actor: job.owner_user_id ? `user:${job.owner_user_id}` : null,
    });
  const createRunner: AppServices['createRunner'] = (options = {}) => {
    const runner = createJobRunner({
      queue: createJobQueue(db),
      handlers: jobHandlers,
      logger,
      leaseMs: options.leaseMs ?? config.jobs.leaseMs,
      concurrency: options.concurrency ?? config.jobs.concurrency,
      ...(options.pollMs ? { pollMs: options.pollMs } : {}),
      ...(options.workerId ? { workerId: options.workerId } : {}),
      onChange: onJobChange,
      onCrash: captureJobCrash,
    });
    wakers.add(runner.poke);
    return runner;
  };
  app.addHook('onReady', async () => publisher.start());
  app.addHook('onClose', async () => publisher.stop());
  app.addHook('onClose', async () => errorTracker.flush());

  let webApp: WebApp | null = null;
  installErrorHandling(app, () => webApp?.fallback ?? null, errorTracker);
  installRequestContext(app, metrics);
  await app.register(cookie, { secret: config.secrets.cookie, hook: 'onRequest' });
  await registerHttpSecurity(app, config);
  // JSON answers (gallery pages, kits) compressed for slow phone connections; a fast brotli level
  // keeps the CPU cost small. The web app's static files are compressed once, at build time.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
  installViewer(app, (request) => auth.resolveViewer(request));
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Kitwright API',
        version: config.release,
        description:
          'Create, publish, browse, save, share and register non-binding interest in designs built from universal blocks. Designs belong to their owners. Errors use one envelope: {"error": {"code", "message", "details"?, "correlation_id"}}. Send the access token as "Authorization: Bearer <token>".',
      },
      servers: [{ url: config.publicBaseUrl }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  const viewerSummary = async (request: FastifyRequest): Promise<UserSummary> => {
    const viewer = await request.viewer();
    if (!viewer.user) return { authenticated: false, session_id: viewer.visitorId };
    const u = viewer.user;
    return {
      authenticated: true,
      id: u.id,
      username: u.username,
      display_name: u.displayName,
      roles: rolesOf(u.role),
      email_verified: u.emailVerified,
      locale: u.locale,
    };
  };

  healthRoutes(app, { config, controls, readiness, startedAt });
  appShellRoutes(app, { appShell, viewer: viewerSummary });
  configRoutes(app);
  operationsRoutes(app, {
    metrics,
    metricsToken: config.secrets.metricsToken,
    isStaff: async (request) => {
      const viewer = await request.viewer();
      return viewer.user !== null && hasRole(viewer.user.role, 'staff');
    },
  });
  laterPhaseRoutes(app, { controls });
  analyticsRoutes(app, {
    events,
    identity: async (request) => {
      const viewer = await request.viewer();
      return { userId: viewer.user?.id ?? null, sessionId: viewer.visitorId };
    },
  });
  authRoutes(app, { auth, visitors, config });
  adminRoutes(app, { controls, auth });
  realtimeRoutes(app, { auth, realtime });
  mediaRoutes(app, { media, config });
  draftRoutes(app, { drafts });
  jobRoutes(app, { jobs });
  listingRoutes(app, { listings, saves, interest, visitors, events });
  galleryRoutes(app, { gallery });
  interestRoutes(app, { interest, listings, visitors });
  dashboardRoutes(app, { dashboard, notifications });
  supportRoutes(app, { support, visitors });
  clientErrorRoutes(app, { errorTracker, limiter });
  errorEventRoutes(app, { db });
  if (deps.webDistDir) webApp = await webAppRoutes(app, deps.webDistDir);
  crawlerRoutes(app, { listings, config, appPage: async (_slug, meta) => webApp?.page(meta) ?? null });
  if (config.env === 'local' && email.kind === 'outbox') devMailboxRoutes(app, { db, background });

  return {
    app,
    services: {
      ...{ alerts, controls, metrics, clock, events, auth, visitors, limiter, realtime, publisher, email },
      errorTracker,
      captureJobCrash,
      ...{
        jobs,
        media,
        drafts,
        listings,
        translations,
        gallery,
        saves,
        interest,
        jobHandlers,
        mesher,
        createRunner,
      },
    },
  };
}
