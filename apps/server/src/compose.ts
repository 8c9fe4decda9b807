/**
 * The composition root: the platform parts, then every module's face (modules/<name>/face.ts) in
 * one ordered list, each made from the platform and the narrow apis of earlier faces; routes, jobs,
 * prune tasks, visitor claims and personal-data parts are collected by walking that list. Only
 * app.ts uses what this returns; nothing outside the app receives it. It holds no rules.
 */

import { sql } from 'kysely';
import { composeDuties } from './compose/duties';
import { composePlatform, type ServiceDeps } from './compose/platform';
import { runnersOf } from './compose/runners';
import { accountFace } from './modules/account/face';
import { adminFace } from './modules/admin/face';
import { analyticsFace } from './modules/analytics/face';
import { appShellFace } from './modules/app-shell/face';
import { authFace } from './modules/auth/face';
import { betaFace } from './modules/beta/face';
import { clientErrorsFace } from './modules/client-errors/face';
import { configFace } from './modules/config/face';
import { crawlerFace } from './modules/crawler/face';
import { dashboardFace } from './modules/dashboard/face';
import { draftsFace } from './modules/drafts/face';
import { founderFace } from './modules/founder/face';
import { healthFace } from './modules/health/face';
import { incidentsFace } from './modules/incidents/face';
import { interestFace } from './modules/interest/face';
import { jobsFace } from './modules/jobs/face';
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
import { createMetrics } from './platform/metrics';
import type { ModuleFace } from './platform/module';
import { fingerprintKey } from './platform/network';
import { paymentsFace } from './providers/payments/face';
import { RETENTION } from './workers/housekeeping';

export { analyticsProviderOf, type ServiceDeps } from './compose/platform';
export type { RunnerOptions } from './compose/runners';

/** Every module's face, in one ordered list: each made from the platform and earlier faces. */
export function composeModules(deps: ServiceDeps, parts: ReturnType<typeof composePlatform>) {
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
  const faces = withAccount(platform, auth, modules);

  return { faces, auth, jobs, drafts, support, health, preorders, crawler, metrics };
}

/**
 * The list closed by the account module, made last: a person's export and erasure are the sum of
 * every module's part; and what a visitor session owns moves to the account that claims it, in the
 * sign-in transaction, by every face's claim hook.
 */
function withAccount(
  platform: ReturnType<typeof composePlatform>['platform'],
  auth: ReturnType<typeof authFace>,
  modules: readonly ModuleFace[],
): readonly ModuleFace[] {
  const account = accountFace({
    ...platform,
    auth: auth.api,
    parts: modules.flatMap((m) => (m.personalData ? [m.personalData] : [])),
  });
  const faces: readonly ModuleFace[] = [...modules, account];
  for (const face of faces) {
    const claim = face.personalData?.claim;
    if (claim)
      auth.api.onVisitorClaim(async (trx, visitorId, userId) => void (await claim(trx, visitorId, userId)));
  }
  return faces;
}

export function composeServices(deps: ServiceDeps) {
  const parts = composePlatform(deps);
  const { errorTracker, alertChannels } = parts;
  const { controls, realtime, publisher, mesher, images } = parts.platform;
  const modules = composeModules(deps, parts);
  const { faces, auth, jobs, health, crawler, metrics } = modules;
  const createRunner = runnersOf(deps, faces, parts);
  const { pruneTasks, housekeeping, alertEvaluator, analyticsDispatch, analyticsDispatcher } = composeDuties(
    deps,
    parts,
    modules,
  );

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
