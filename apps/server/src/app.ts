/**
 * buildApp(deps): the whole HTTP application, built from its dependencies so tests build the very
 * same app on a fresh database. Order: platform plugins, then documentation, then routes. It hands
 * back the Fastify instance and the few handles a process needs besides HTTP (job runners, the
 * operator's controls, the maintenance loops), never the services themselves.
 */

import type { IncomingMessage, ServerResponse } from 'node:http';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import websocket from '@fastify/websocket';
import type { Capability, QueueHealth } from '@kitwright/contracts';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  LogController,
  type RawServerDefault,
} from 'fastify';
import type { Logger } from 'pino';
import { composeServices, type RunnerOptions, type Services } from './compose';
import type { Config } from './config';
import type { Database } from './db/connection';
import { faviconRoute, type WebApp, webAppRoutes } from './modules/web-app/routes';
import type { AlertNotifier } from './platform/alerts';
import { createBackgroundTasks } from './platform/background';
import { type Clock, systemClock } from './platform/clock';
import { installCorrelation } from './platform/correlation';
import type { DeliveryControls } from './platform/delivery-controls';
import { clientErrorHandler, frameworkErrors, installErrorHandling } from './platform/errors';
import { registerHttpSecurity } from './platform/http-security';
import type { ImagePool } from './platform/images/pool';
import type { MesherPool } from './platform/mesher/pool';
import type { Realtime } from './platform/realtime';
import { genRequestId, installRequestContext } from './platform/request-context';
import { installTextGuard } from './platform/text-guard';
import { buildValidator, installDecimalNumbers } from './platform/validation';
import { installViewer } from './platform/viewer';
import { type ChannelProbe, probeChannels } from './providers/alerts/alert-channels';
import type { AnalyticsProvider } from './providers/analytics/analytics-provider';
import type { EmailProvider } from './providers/email/email-provider';
import type { ErrorTracker } from './providers/error-tracking/error-tracker';
import type { OAuthClient } from './providers/oauth/oauth-provider';
import type { PaymentsProvider } from './providers/payments/provider';
import type { StorageProvider } from './providers/storage/storage-provider';
import type { TranslationProvider } from './providers/translation/translation-provider';
import type { AlertEvaluator, EvaluationReport } from './workers/alert-evaluator';
import type { CheckoutSignalSource } from './workers/alert-rules';
import type { DispatchResult, DispatchSettings } from './workers/analytics-dispatcher';
import { type PruneCounts, pruneExpired } from './workers/housekeeping';
import type { JobRunner } from './workers/job-runner';

export interface AppDeps {
  config: Config;
  database: Database;
  logger: Logger;
  storage: StorageProvider;
  clock?: Clock;
  alertNotifier?: AlertNotifier;
  /** Checkout confirmations and captures for "Checkout blocked" (A.5); by default a source reporting zero. */
  checkoutSignals?: CheckoutSignalSource;
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
  /** The mesher's worker threads; by default a pool sized for the configured job concurrency. */
  mesher?: MesherPool;
  /** The processes sharp runs in (previews, re-encodes, reference decodes); by default a fresh pool. */
  images?: ImagePool;
  /** The users' open sockets in this process; by default a fresh hub. */
  realtime?: Realtime;
  /** How old an event's arrival must be before the founder dashboard's rollup takes it (default 5 s). */
  founderRollupLagMs?: number;
  /** Where product events are dispatched; by default the configured provider (mirror or PostHog). */
  analytics?: AnalyticsProvider;
  /** The analytics dispatcher's batch size, backoff and alert rule (tests make them small). */
  analyticsDispatch?: Partial<DispatchSettings>;
  /** Wraps the configured payments provider (tests record its calls). */
  wrapPayments?: (provider: PaymentsProvider) => PaymentsProvider;
}

/** What a process holds besides HTTP: everything else is reached through the API. */
export interface AppHandle {
  app: FastifyInstance;
  /** The operator's controls (flags, gate evidence, phase decisions), as `npm run admin` has them. */
  controls: DeliveryControls;
  /** A job runner over this app's handlers (in-process workers, `--role worker`, tests). */
  createRunner(options?: RunnerOptions): JobRunner;
  /** The worker role's periodic duties: alert evaluation and pruning expired rows. */
  maintenance: {
    start(): void;
    stop(): Promise<void>;
    /** The job queue's figures ("Job queue stuck" is one of the evaluator's rules). */
    checkQueue(): Promise<QueueHealth | null>;
    /** One round of the alert evaluator, as of the app's clock (tests drive checks with it). */
    evaluateAlerts(): Promise<EvaluationReport>;
    /** The evaluator, to register rules of other parts (e.g. analytics dispatch failure). */
    alertEvaluator: AlertEvaluator;
    /** Checks every configured alert channel (production refuses to start when none works). */
    probeAlertChannels(): Promise<ChannelProbe[]>;
    /** One housekeeping run as of the app's clock, logged; what it removed (null if it failed). */
    prune(): Promise<PruneCounts | null>;
    pruneExpired(now: Date, options?: { batchSize?: number; maxBatches?: number }): Promise<PruneCounts>;
    /** One analytics dispatch run (batches until the due backlog is sent or a batch fails). */
    dispatchAnalytics(): Promise<DispatchResult>;
    /** Makes every mirrored event since `from` due for dispatch again (same ids); how many. */
    replayAnalytics(from: Date): Promise<number>;
  };
  /** Waits for work that answers did not wait for (error reports, account emails). */
  flush(): Promise<void>;
  /** Starts a mesher thread ahead of the first upload. */
  warmMesher(): void;
  /**
   * Shutdown's first step: readiness answers 503 from now on and every answer closes its
   * connection, so a load balancer moves this process's traffic elsewhere; requests are still served.
   */
  startDraining(): void;
  close(): Promise<void>;
}

/** What the app's parts change after it is built: the web app served, and whether it is draining. */
interface AppState {
  webApp: WebApp | null;
  draining: boolean;
}

/** The app: instances typed by the TypeBox provider get their request and reply types from the schemas. */
type TypedApp = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

export async function buildApp(deps: AppDeps): Promise<AppHandle> {
  const { config, logger } = deps;
  const clock = deps.clock ?? systemClock;
  const background = createBackgroundTasks(logger);
  const base = createServer(config, logger);
  // The same instance, typed by the TypeBox provider: route plugins registered on it get their
  // request and reply types from the operation schemas.
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const s = composeServices({ ...deps, clock, background });
  const state: AppState = { webApp: null, draining: false };
  await installPlatform(base, app, s, config, background, state);
  await registerDocs(app, config);
  await registerRoutes(base, app, s, deps.webDistDir ?? null, state);
  return appHandle(base, app, s, background, state);
}

/** The Fastify instance with the server's options; the logger is typed as Fastify's base logger. */
function createServer(config: Config, logger: Logger): FastifyInstance {
  return Fastify<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger>({
    loggerInstance: logger,
    // Our own onResponse line replaces Fastify's request logs, which would include the client IP.
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'req_id' }),
    genReqId: genRequestId,
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    forceCloseConnections: 'idle',
    clientErrorHandler,
    frameworkErrors,
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true, maxParamLength: 200 },
    // Bodies are validated without coercion; query and path text is read into types (validation.ts).
    schemaController: { compilersFactory: { buildValidator } },
  });
}

/** Lifecycle hooks and the platform plugins every route runs behind (errors, security, viewer ...). */
async function installPlatform(
  base: FastifyInstance,
  app: TypedApp,
  s: Services,
  config: Config,
  background: ReturnType<typeof createBackgroundTasks>,
  state: AppState,
): Promise<void> {
  // Once draining, answers close their connection: a proxy's kept-alive connections to this process
  // are gone before it stops accepting, so no request is sent on a connection closing under it.
  base.addHook('onSend', async (_request, reply, payload) => {
    if (state.draining) reply.header('connection', 'close');
    return payload;
  });
  app.addHook('onClose', async () => background.idle());
  app.addHook('onClose', async () => s.mesher.close());
  app.addHook('onClose', async () => s.images.close());
  app.addHook('onReady', async () => s.publisher.start());
  app.addHook('onClose', async () => s.publisher.stop());
  app.addHook('onClose', async () => s.errorTracker.flush());

  const routeMethods = installErrorHandling(
    base,
    () => state.webApp?.fallback ?? null,
    (event) => s.errorTracker.capture(event),
  );
  installCorrelation(base);
  installRequestContext(base, s.metrics);
  installTextGuard(base);
  installDecimalNumbers(base);
  await app.register(cookie, { secret: config.secrets.cookie, hook: 'onRequest' });
  await registerHttpSecurity(base, config, routeMethods);
  // JSON answers (gallery pages, kits) compressed for slow phone connections; a fast brotli level
  // keeps the CPU cost small. The web app's static files are compressed once, at build time.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
  installViewer(
    base,
    (request) => s.viewer.resolve(request),
    (request, reply) => s.viewer.ensureVisitor(request, reply),
  );
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
}

/** The OpenAPI document and its reader. */
async function registerDocs(app: TypedApp, config: Config): Promise<void> {
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
}

/**
 * Every module's routes, in the composition's list order (each face registers its own), then the
 * web app beside them; the crawler's pages (its face) answer what the app's shell is asked for.
 */
async function registerRoutes(
  base: FastifyInstance,
  app: TypedApp,
  s: Services,
  webDistDir: string | null,
  state: AppState,
): Promise<void> {
  const routes = { app, base, shell: async () => state.webApp?.shell() ?? null };
  for (const face of s.faces) await face.routes?.(routes);
  if (webDistDir) state.webApp = await webAppRoutes(base, webDistDir, s.publicPages);
  await faviconRoute(base);
}

/** What the process holds of the built app. */
function appHandle(
  base: FastifyInstance,
  app: TypedApp,
  s: Services,
  background: ReturnType<typeof createBackgroundTasks>,
  state: AppState,
): AppHandle {
  return {
    app: base,
    controls: s.controls,
    createRunner: s.createRunner,
    maintenance: {
      start() {
        s.alertEvaluator.start();
        s.housekeeping.start();
        s.analyticsDispatcher.start();
      },
      async stop() {
        await s.alertEvaluator.stop();
        await s.housekeeping.stop();
        await s.analyticsDispatcher.stop();
      },
      checkQueue: () => s.queueHealth().catch(() => null),
      evaluateAlerts: () => s.alertEvaluator.evaluate(),
      alertEvaluator: s.alertEvaluator,
      probeAlertChannels: () => probeChannels(s.alertChannels),
      prune: () => s.housekeeping.run(),
      pruneExpired: (now, options) => pruneExpired(s.pruneTasks, now, options),
      dispatchAnalytics: () => s.analyticsDispatcher.run(),
      replayAnalytics: (from) => s.analyticsDispatch.requeueFrom(from),
    },
    async flush() {
      await background.idle();
      await s.errorTracker.flush();
    },
    warmMesher: () => s.mesher.warm(),
    startDraining() {
      if (state.draining) return;
      state.draining = true;
      s.health.startDraining();
    },
    close: () => app.close(),
  };
}
