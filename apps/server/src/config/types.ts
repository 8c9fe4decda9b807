/**
 * The shape of the server's configuration: what the rest of the server receives, already defaulted and checked.
 */
import type { Locale } from '@kitwright/contracts';
import type { ServerSecrets } from './secrets';

export const APP_ENVS = ['local', 'staging', 'production'] as const;
export type AppEnv = (typeof APP_ENVS)[number];

export const TRANSLATION_PROVIDERS = ['off', 'pseudo', 'deepl'] as const;
export type TranslationProviderName = (typeof TRANSLATION_PROVIDERS)[number];

/**
 * Support's business day (SUPPORT_* variables); modules/support/business-hours.ts computes due times
 * from it and keeps the default.
 */
export interface BusinessHours {
  /** IANA time zone of the support team. */
  timezone: string;
  /** When the business day starts and ends, in minutes after local midnight. */
  dayStartMinutes: number;
  dayEndMinutes: number;
  /** Which bank-holiday rules apply: England and Wales, or none. */
  bankHolidays: 'england-and-wales' | 'none';
  /** Further non-working dates (YYYY-MM-DD), e.g. a one-off bank holiday not in the rules. */
  extraHolidays: readonly string[];
  /** Dates the rules call a holiday that are working days after all (a holiday moved elsewhere). */
  workingDays: readonly string[];
}

export interface Config {
  env: AppEnv;
  host: string;
  port: number;
  publicBaseUrl: string;
  frontendUrl: string;
  corsOrigins: string[];
  release: string;
  buildNumber: number;
  logLevel: string;
  bodyLimitBytes: number;
  /** Behind a reverse proxy: take the client address from X-Forwarded-For. */
  trustProxy: boolean;
  /** Accounts one client address may create per hour (default in RATE_LIMITS; raised for load and browser tests). */
  registrationsPerIpPerHour: number;
  /**
   * How long a sign-in attempt on an account under attack (past its failure count) waits before it
   * is checked: `baseMs` doubled per further failure, at most `maxMs` (0 turns the wait off).
   */
  signInSlowdown: { baseMs: number; maxMs: number };
  /** Visitor sessions one client address may make per hour (default in RATE_LIMITS; raised for browser tests). */
  visitorSessionsPerIpPerHour: number;
  /** Reservations made or refreshed from one address per hour, and of one listing per day (RATE_LIMITS defaults). */
  reservationsPerIpPerHour: number;
  reservationsPerIpPerListingPerDay: number;
  database: {
    url: string | null;
    dataDir: string;
    schema: string | null;
    poolSize: number;
    /** How long a request waits for a pooled connection before failing with 503 (never hangs). */
    connectTimeoutMs: number;
    /** A direct (session) connection for LISTEN and migrations when DATABASE_URL is a transaction pooler. */
    directUrl: string | null;
  };
  /** After SIGTERM: how long readiness answers 503 while requests are still served, before closing. */
  shutdownDrainMs: number;
  secrets: ServerSecrets;
  seedOnStart: boolean;
  storage: {
    provider: 'fs' | 's3';
    dir: string;
    s3: {
      bucket: string;
      region: string;
      endpoint: string | null;
      accessKeyId: string | null;
      secretAccessKey: string | null;
    };
  };
  email: {
    provider: 'outbox' | 'smtp';
    smtpUrl: string | null;
    from: string;
    /** Account emails (verification, reset) sent across the service per hour (default in RATE_LIMITS). */
    accountEmailsPerHour: number;
  };
  oauth: {
    provider: 'local' | 'external';
    localIssuerPort: number;
    google: { clientId: string | null; clientSecret: string | null };
    apple: {
      clientId: string | null;
      /** A static client secret; superseded by the signing key below when that is set. */
      clientSecret: string | null;
      /** Sign in with Apple: the client secret is an ES256 JWT made from these (see apple-client-secret.ts). */
      teamId: string | null;
      keyId: string | null;
      privateKey: string | null;
    };
  };
  payments: {
    provider: 'local' | 'stripe';
    stripeSecretKey: string | null;
    /** pk_…, handed to the web app to collect a card; the same mode (test or live) as the secret key. */
    stripePublishableKey: string | null;
    stripeWebhookSecret: string | null;
    /** Another address for Stripe's API (a local stand-in); local use only. */
    stripeApiBase: string | null;
    /**
     * The launch checklist version the founder recorded as done before payments went live (spec:
     * Environments, "payment provider goes live only for A.5 after the launch checklist passes").
     * Production only; live keys need it, test keys are refused once it is set.
     */
    liveApproved: string | null;
  };
  /** off: people's text as written (the demo gallery's own translations still show); pseudo: a visible fake. */
  translation: { provider: TranslationProviderName; deeplApiKey: string | null };
  /** Mode B: who writes a prompt's design program. http falls back to procedural on any failure. */
  generation: {
    provider: 'procedural' | 'http';
    http: { url: string | null; model: string | null; key: string | null; timeoutMs: number };
  };
  analytics: {
    provider: 'mirror' | 'posthog';
    writeKey: string | null;
    host: string | null;
    /** How long one batch sent to the provider may take before it counts as failed. */
    timeoutMs: number;
  };
  /** Retention by data class (docs/data-classes.md): what housekeeping deletes after how long. */
  retention: { productEventsDays: number; errorEventsDays: number };
  errorTracking: { provider: 'local' | 'sentry'; dsn: string | null };
  uploads: {
    maxModelBytes: number;
    maxImageBytes: number;
    maxImagePixels: number;
    /** Neither side of an uploaded image longer than this (checked from its header, before decoding). */
    maxImageSide: number;
    /** How long the upload request may wait for the mesher's check of a model. */
    inspectTimeoutMs: number;
  };
  /** The image processes (sharp): how many, and how much work may wait for them. */
  images: {
    /** Processes at most (IMAGE_WORKERS; 0 there means one per core, at least two). */
    workers: number;
    /** Tasks one person may have waiting; beyond, an upload is refused with 429. */
    queuePerOwner: number;
    /** Tasks waiting in all. */
    queueMax: number;
  };
  web: { serve: boolean; distDir: string; buildOnStart: boolean };
  /** How long a gallery page may be served from memory (it is the same for every viewer). 0 turns it off. */
  galleryCacheMs: number;
  /** Distinct reporters (by account or visitor session and by network) whose reports hide a listing at once. */
  moderationReportsToHide: number;
  /** How many listings one page of sitemap.xml names. */
  sitemapPageSize: number;
  jobs: {
    /** Run job workers inside this process (npm start); `--role api` turns them off. */
    concurrency: number;
    leaseMs: number;
    maxAttempts: number;
    timeBudgetMs: number;
    memoryBudgetMb: number;
    perUserPerHour: number;
    queueAgeP95LimitSeconds: number;
    deadLetterThreshold: number;
    /** Dead letters count towards "Job queue stuck" for this long after they died. */
    deadLetterWindowHours: number;
  };
  operations: {
    alertWebhookUrl: string | null;
    alertEmail: string | null;
    supportInbox: string | null;
    /** A second Slack-compatible webhook URL: the channel where incidents are worked. */
    incidentChannel: string | null;
  };
  /** The alert evaluator (workers/alert-evaluator.ts). */
  alerts: {
    checkIntervalMs: number;
    /** Checks in a row a condition must hold before its incident opens ("app unavailable" is fixed by the spec). */
    consecutiveChecks: number;
    uploadWindowMs: number;
    uploadBaselineMs: number;
    uploadMinUploads: number;
  };
  /**
   * Support's business day: a first response is due by its end, the same working day (Monday to
   * Friday, bank holidays excepted; see modules/support/business-hours.ts).
   */
  supportHours: BusinessHours;
  support: {
    /** Days after a conversation is solved during which its requester may reopen it. */
    reopenDays: number;
    /** The language staff read and write: other languages are machine-translated to and from it. */
    staffLanguage: Locale;
  };
  /** The beta programme (modules/beta). */
  beta: {
    /** Registration (password and OAuth) needs a valid invitation code, redeemed with the account. */
    inviteOnlySignUp: boolean;
    /** When the beta launched: the learning review's windows start here (else the first recorded event's day). */
    launchAt: Date | null;
  };
}
