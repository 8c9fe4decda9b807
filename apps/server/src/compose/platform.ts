/**
 * The platform parts every module is made from: the database, clock, logger, alerts, delivery
 * controls, product events, rate limits, realtime, the mesher and image pools, and the outside
 * providers, each traced (compose.ts makes the modules from them).
 */
import type { Capability } from '@kitwright/contracts';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Database } from '../db/connection';
import { createAnalyticsIdentity } from '../modules/auth/face';
import { devMailboxFace } from '../modules/dev-mailbox/face';
import { errorEventsFace } from '../modules/error-events/face';
import { type AlertNotifier, createAlertService } from '../platform/alerts';
import type { BackgroundTasks } from '../platform/background';
import type { Clock } from '../platform/clock';
import { createDeliveryControls } from '../platform/delivery-controls';
import { createImagePool, type ImagePool } from '../platform/images/pool';
import { createMesherPool, type MesherPool } from '../platform/mesher/pool';
import { createProductEvents } from '../platform/product-events';
import { type ProviderKind, type TraceOptions, traced } from '../platform/provider-calls';
import { createRateLimiter } from '../platform/rate-limits';
import { createRealtime, type Realtime } from '../platform/realtime';
import { createRealtimePublisher } from '../platform/realtime-relay';

import { channelsNotifier, configuredChannels } from '../providers/alerts/alert-channels';
import type { AnalyticsProvider } from '../providers/analytics/analytics-provider';
import { createMirrorAnalytics } from '../providers/analytics/analytics-provider';
import { createPostHogAnalytics } from '../providers/analytics/posthog-analytics';
import type { EmailProvider } from '../providers/email/email-provider';
import type { ErrorTracker } from '../providers/error-tracking/error-tracker';
import { createLocalErrorTracker } from '../providers/error-tracking/local-error-tracker';
import { createSentryErrorTracker } from '../providers/error-tracking/sentry-error-tracker';
import { fallbackReason, proceduralGeneration } from '../providers/generation/generation-provider';
import { createHttpGeneration } from '../providers/generation/http-generation';
import type { OAuthClient } from '../providers/oauth/oauth-provider';
import type { PaymentsProvider } from '../providers/payments/face';
import type { StorageProvider } from '../providers/storage/storage-provider';
import { createDeeplTranslation } from '../providers/translation/deepl-translation';
import { DEMO_GLOSSARY, withGlossary } from '../providers/translation/demo-glossary';
import { noTranslation } from '../providers/translation/no-translation';
import { pseudoTranslation } from '../providers/translation/pseudo-translation';
import type { TranslationProvider } from '../providers/translation/translation-provider';
import type { CheckoutSignalSource } from '../workers/alert-rules';
import type { DispatchSettings } from '../workers/analytics-dispatcher';

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

/** The platform parts every module may be made from (and the two faces they need first). */
export function composePlatform(deps: ServiceDeps) {
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
