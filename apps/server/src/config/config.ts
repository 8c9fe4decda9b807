/**
 * Step two of the configuration: ServerEnvironment → Config. Defaults (some depend on APP_ENV), each value's
 * kind and range, then what the environment allows (rules.ts); every problem is reported in one ConfigError.
 */
import os from 'node:os';
import path from 'node:path';
import { SUPPORTED_LOCALES } from '@kitwright/contracts';
import type { ServerEnvironment } from './env';
import { RATE_LIMITS } from './rate-limits';
import { readers } from './readers';
import { environmentRules } from './rules';
import { envToSecrets } from './secrets';
import { APP_ENVS, type Config, TRANSLATION_PROVIDERS } from './types';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

type Readers = ReturnType<typeof readers>;

/** What several sections depend on: the environment, the addresses and the data directory. */
interface Basics {
  appEnv: Config['env'];
  isLocal: boolean;
  port: number;
  publicBaseUrl: string;
  frontendUrl: string;
  corsOrigins: string[];
  dataDir: string;
  schema: string | null;
}

export function envToConfig(env: ServerEnvironment, cwd: string): Config {
  const problems: string[] = [];
  const r = readers(env, problems);
  const b = readBasics(r, cwd, problems);
  // Sections are read in this order, so problems are reported in the order of the settings.
  const config: Config = {
    ...serverSettings(r, b),
    ...databaseConfig(r, b),
    shutdownDrainMs: r.int('SHUTDOWN_DRAIN_MS', 0, 0, 120_000),
    secrets: envToSecrets(env),
    seedOnStart: r.bool('SEED_ON_START', b.isLocal),
    ...providerConfigs(r, b, cwd),
    ...dataConfig(r),
    ...workConfig(r, b, cwd),
    ...operationsConfig(r, problems),
  };

  if (config.supportHours.dayStartMinutes >= config.supportHours.dayEndMinutes)
    problems.push('SUPPORT_DAY_START must be before SUPPORT_DAY_END');
  problems.push(...environmentRules(config));
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

function readBasics(r: Readers, cwd: string, problems: string[]): Basics {
  const appEnv = r.oneOf('APP_ENV', APP_ENVS, 'local');
  const isLocal = appEnv === 'local';
  const port = r.int('PORT', 3000, 0, 65535);
  const publicBaseUrl = r.url('PUBLIC_BASE_URL', `http://localhost:${port}`) ?? `http://localhost:${port}`;
  const frontendUrl = r.url('FRONTEND_URL', publicBaseUrl) ?? publicBaseUrl;
  const corsOrigins = r
    .str('CORS_ORIGINS', [publicBaseUrl, frontendUrl].join(','))
    .split(',')
    .map((o) => o.trim().replace(/\/$/, ''))
    .filter(Boolean);
  for (const origin of corsOrigins) {
    if (!/^https?:\/\/[^/]+$/.test(origin)) problems.push(`CORS_ORIGINS entry "${origin}" is not an origin`);
  }
  const dataDir = path.resolve(cwd, r.str('DATA_DIR', './data'));
  const schema = r.optional('DATABASE_SCHEMA');
  if (schema && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema))
    problems.push('DATABASE_SCHEMA must be a lower-case identifier');
  return { appEnv, isLocal, port, publicBaseUrl, frontendUrl, corsOrigins, dataDir, schema };
}

/** The server itself: where it listens and is reached, its logs, body size and per-address limits. */
function serverSettings(
  r: Readers,
  b: Basics,
): Pick<
  Config,
  | 'env'
  | 'host'
  | 'port'
  | 'publicBaseUrl'
  | 'frontendUrl'
  | 'corsOrigins'
  | 'release'
  | 'buildNumber'
  | 'logLevel'
  | 'bodyLimitBytes'
  | 'trustProxy'
  | 'registrationsPerIpPerHour'
  | 'visitorSessionsPerIpPerHour'
  | 'reservationsPerIpPerHour'
  | 'reservationsPerIpPerListingPerDay'
  | 'signInSlowdown'
> {
  return {
    env: b.appEnv,
    host: r.str('HOST', '127.0.0.1'),
    port: b.port,
    publicBaseUrl: b.publicBaseUrl,
    frontendUrl: b.frontendUrl,
    corsOrigins: [...new Set(b.corsOrigins)],
    release: r.str('RELEASE', 'phase-a-interest-beta-local'),
    buildNumber: r.int('BUILD_NUMBER', 1, 1, 1_000_000),
    // Locally the console stays readable; staging and production log every request.
    logLevel: r.oneOf(
      'LOG_LEVEL',
      ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'],
      b.isLocal ? 'warn' : 'info',
    ),
    bodyLimitBytes: r.int('BODY_LIMIT_BYTES', 1_048_576, 1024, 104_857_600),
    trustProxy: r.bool('TRUST_PROXY', false),
    registrationsPerIpPerHour: r.int(
      'REGISTRATIONS_PER_IP_PER_HOUR',
      RATE_LIMITS.registrationsPerIp.limit,
      1,
      1_000_000,
    ),
    visitorSessionsPerIpPerHour: r.int(
      'VISITOR_SESSIONS_PER_IP_PER_HOUR',
      RATE_LIMITS.visitorSessionsPerIp.limit,
      1,
      1_000_000,
    ),
    reservationsPerIpPerHour: r.int(
      'RESERVATIONS_PER_IP_PER_HOUR',
      RATE_LIMITS.reservationsPerIp.limit,
      1,
      1_000_000,
    ),
    reservationsPerIpPerListingPerDay: r.int(
      'RESERVATIONS_PER_IP_PER_LISTING_PER_DAY',
      RATE_LIMITS.reservationsPerIpAndListing.limit,
      1,
      1_000_000,
    ),
    signInSlowdown: {
      baseMs: r.int('SIGN_IN_SLOWDOWN_BASE_MS', 500, 0, 10_000),
      maxMs: r.int('SIGN_IN_SLOWDOWN_MAX_MS', 8000, 0, 60_000),
    },
  };
}

/** The database: a server by URL, or the embedded one under DATA_DIR. */
function databaseConfig(r: Readers, b: Basics): Pick<Config, 'database'> {
  return {
    database: {
      url: r.optional('DATABASE_URL'),
      dataDir: path.join(b.dataDir, 'pglite'),
      schema: b.schema,
      poolSize: r.int('DATABASE_POOL_SIZE', 10, 1, 200),
      connectTimeoutMs: r.int('DATABASE_CONNECT_TIMEOUT_MS', 5000, 100, 120_000),
      directUrl: r.optional('DATABASE_DIRECT_URL'),
    },
  };
}

/** The outside services: file storage, email, sign-in, payments, translation, generation and analytics. */
function providerConfigs(
  r: Readers,
  b: Basics,
  cwd: string,
): Pick<Config, 'storage' | 'email' | 'oauth' | 'payments' | 'translation' | 'generation' | 'analytics'> {
  return {
    storage: {
      provider: r.oneOf('STORAGE_PROVIDER', ['fs', 's3'], 'fs'),
      dir: path.resolve(cwd, r.str('STORAGE_DIR', path.join(b.dataDir, 'files'))),
      s3: {
        bucket: r.str('S3_BUCKET', ''),
        region: r.str('S3_REGION', 'auto'),
        endpoint: r.url('S3_ENDPOINT', null),
        accessKeyId: r.optional('S3_ACCESS_KEY_ID'),
        secretAccessKey: r.optional('S3_SECRET_ACCESS_KEY'),
      },
    },
    email: {
      provider: r.oneOf('EMAIL_PROVIDER', ['outbox', 'smtp'], b.isLocal ? 'outbox' : 'smtp'),
      smtpUrl: r.optional('SMTP_URL'),
      from: r.str('EMAIL_FROM', 'Kitwright <no-reply@kitwright.local>'),
      accountEmailsPerHour: r.int(
        'ACCOUNT_EMAILS_PER_HOUR',
        RATE_LIMITS.accountEmailsPerService.limit,
        1,
        1_000_000,
      ),
    },
    oauth: {
      provider: r.oneOf('OAUTH_PROVIDER', ['local', 'external'], b.isLocal ? 'local' : 'external'),
      localIssuerPort: r.int('OAUTH_LOCAL_ISSUER_PORT', 0, 0, 65535),
      google: { clientId: r.optional('GOOGLE_CLIENT_ID'), clientSecret: r.optional('GOOGLE_CLIENT_SECRET') },
      apple: {
        clientId: r.optional('APPLE_CLIENT_ID'),
        clientSecret: r.optional('APPLE_CLIENT_SECRET'),
        teamId: r.optional('APPLE_TEAM_ID'),
        keyId: r.optional('APPLE_KEY_ID'),
        // A PEM in one environment line usually arrives with its line breaks written as \n.
        privateKey: r.optional('APPLE_PRIVATE_KEY')?.replaceAll('\\n', '\n') ?? null,
      },
    },
    payments: {
      provider: r.oneOf('PAYMENTS_PROVIDER', ['local', 'stripe'], b.isLocal ? 'local' : 'stripe'),
      stripeSecretKey: r.optional('STRIPE_SECRET_KEY'),
      stripePublishableKey: r.optional('STRIPE_PUBLISHABLE_KEY'),
      stripeWebhookSecret: r.optional('STRIPE_WEBHOOK_SECRET'),
      stripeApiBase: r.url('STRIPE_API_BASE', null),
      liveApproved: r.optional('PAYMENTS_LIVE_APPROVED'),
    },
    translation: {
      // Locally people see their own words (no fake translation) unless staff ask for the
      // pseudo-translator; staging tries the product's flows with it; production translates.
      provider: r.oneOf(
        'TRANSLATION_PROVIDER',
        TRANSLATION_PROVIDERS,
        b.appEnv === 'production' ? 'deepl' : b.appEnv === 'staging' ? 'pseudo' : 'off',
      ),
      deeplApiKey: r.optional('DEEPL_API_KEY'),
    },
    generation: {
      provider: r.oneOf('GENERATION_PROVIDER', ['procedural', 'http'], 'procedural'),
      http: {
        url: r.url('GENERATION_HTTP_URL', null),
        model: r.optional('GENERATION_HTTP_MODEL'),
        key: r.optional('GENERATION_HTTP_KEY'),
        timeoutMs: r.int('GENERATION_HTTP_TIMEOUT_MS', 8000, 500, 60_000),
      },
    },
    analytics: {
      provider: r.oneOf('ANALYTICS_PROVIDER', ['mirror', 'posthog'], 'mirror'),
      writeKey: r.optional('ANALYTICS_WRITE_KEY'),
      host: r.url('ANALYTICS_HOST', null),
      timeoutMs: r.int('ANALYTICS_TIMEOUT_MS', 10_000, 100, 120_000),
    },
  };
}

/** How long data is kept, where errors go, and the gallery, moderation and sitemap sizes. */
function dataConfig(
  r: Readers,
): Pick<
  Config,
  'retention' | 'errorTracking' | 'galleryCacheMs' | 'moderationReportsToHide' | 'sitemapPageSize'
> {
  return {
    retention: {
      // Pseudonymous product analytics: 13 months (a year-on-year comparison plus a month).
      productEventsDays: r.int('RETENTION_PRODUCT_EVENTS_DAYS', 395, 30, 3650),
      errorEventsDays: r.int('RETENTION_ERROR_EVENTS_DAYS', 90, 7, 3650),
    },
    errorTracking: {
      provider: r.oneOf('ERROR_TRACKER', ['local', 'sentry'], 'local'),
      dsn: r.optional('ERROR_TRACKER_DSN'),
    },
    galleryCacheMs: r.int('GALLERY_CACHE_MS', 5000, 0, 600_000),
    moderationReportsToHide: r.int('MODERATION_REPORTS_TO_HIDE', 3, 1, 1000),
    // Search engines read at most 50,000 addresses from one sitemap.
    sitemapPageSize: r.int('SITEMAP_PAGE_SIZE', 10_000, 1, 50_000),
  };
}

/** The web app served, uploads, image workers and background jobs. */
function workConfig(r: Readers, b: Basics, cwd: string): Pick<Config, 'web' | 'uploads' | 'images' | 'jobs'> {
  return {
    web: {
      serve: r.bool('SERVE_WEB', true),
      // From this file (apps/server/src/config) rather than cwd, so every entry point finds apps/web/dist.
      distDir: path.resolve(cwd, r.str('WEB_DIST_DIR', path.join(import.meta.dirname, '../../../web/dist'))),
      buildOnStart: r.bool('WEB_BUILD_ON_START', b.isLocal),
    },
    uploads: {
      maxModelBytes: r.int('UPLOAD_MAX_MODEL_BYTES', 64 * 1024 * 1024, 1024, 100 * 1024 * 1024),
      maxImageBytes: r.int('UPLOAD_MAX_IMAGE_BYTES', 10 * 1024 * 1024, 1024, 50 * 1024 * 1024),
      maxImagePixels: r.int('UPLOAD_MAX_IMAGE_PIXELS', 40_000_000, 10_000, 268_000_000),
      maxImageSide: r.int('UPLOAD_MAX_IMAGE_SIDE', 16_384, 256, 65_535),
      inspectTimeoutMs: r.int('UPLOAD_INSPECT_TIMEOUT_MS', 30_000, 1000, 600_000),
    },
    images: {
      // 0: one per core, at least two.
      workers: r.int('IMAGE_WORKERS', 0, 0, 64) || Math.max(2, os.availableParallelism()),
      queuePerOwner: r.int('IMAGE_QUEUE_PER_OWNER', 4, 1, 1000),
      queueMax: r.int('IMAGE_QUEUE_MAX', 32, 1, 10_000),
    },
    jobs: {
      concurrency: r.int('JOB_CONCURRENCY', 1, 0, 32),
      leaseMs: r.int('JOB_LEASE_MS', 30_000, 500, 600_000),
      maxAttempts: r.int('JOB_MAX_ATTEMPTS', 3, 1, 20),
      timeBudgetMs: r.int('JOB_TIME_BUDGET_MS', 120_000, 1000, 3_600_000),
      memoryBudgetMb: r.int('JOB_MEMORY_BUDGET_MB', 1536, 128, 16_384),
      perUserPerHour: r.int('JOB_RATE_PER_USER_PER_HOUR', 60, 1, 100_000),
      queueAgeP95LimitSeconds: r.int('JOB_QUEUE_AGE_P95_LIMIT_SECONDS', 300, 1, 86_400),
      deadLetterThreshold: r.int('JOB_DEAD_LETTER_THRESHOLD', 10, 0, 100_000),
      deadLetterWindowHours: r.int('JOB_DEAD_LETTER_WINDOW_HOURS', 24, 1, 720),
    },
  };
}

/** Alerts and who they reach, support hours and the beta. */
function operationsConfig(
  r: Readers,
  problems: string[],
): Pick<Config, 'operations' | 'alerts' | 'supportHours' | 'support' | 'beta'> {
  return {
    operations: {
      alertWebhookUrl: r.url('ALERT_WEBHOOK_URL', null),
      alertEmail: r.optional('ALERT_EMAIL'),
      supportInbox: r.optional('SUPPORT_INBOX'),
      incidentChannel: r.url('INCIDENT_CHANNEL', null),
    },
    alerts: {
      checkIntervalMs: r.int('ALERT_CHECK_INTERVAL_SECONDS', 60, 10, 3600) * 1000,
      consecutiveChecks: r.int('ALERT_CONSECUTIVE_CHECKS', 2, 1, 60),
      uploadWindowMs: r.int('ALERT_UPLOAD_WINDOW_MINUTES', 60, 5, 7 * 24 * 60) * 60_000,
      uploadBaselineMs: r.int('ALERT_UPLOAD_BASELINE_DAYS', 7, 1, 90) * 24 * 3600_000,
      uploadMinUploads: r.int('ALERT_UPLOAD_MIN_UPLOADS', 5, 1, 100_000),
    },
    supportHours: {
      timezone: timeZone(r.str('SUPPORT_TIMEZONE', 'Europe/London'), problems),
      dayStartMinutes: clockTime('SUPPORT_DAY_START', r.str('SUPPORT_DAY_START', '09:00'), problems),
      dayEndMinutes: clockTime('SUPPORT_DAY_END', r.str('SUPPORT_DAY_END', '17:30'), problems),
      bankHolidays: r.oneOf(
        'SUPPORT_BANK_HOLIDAYS',
        ['england-and-wales', 'none'] as const,
        'england-and-wales',
      ),
      extraHolidays: dateList('SUPPORT_EXTRA_HOLIDAYS', r.str('SUPPORT_EXTRA_HOLIDAYS', ''), problems),
      workingDays: dateList('SUPPORT_WORKING_DAYS', r.str('SUPPORT_WORKING_DAYS', ''), problems),
    },
    support: {
      reopenDays: r.int('SUPPORT_REOPEN_DAYS', 7, 0, 365),
      staffLanguage: r.oneOf('SUPPORT_STAFF_LANGUAGE', SUPPORTED_LOCALES, 'en'),
    },
    beta: {
      inviteOnlySignUp: r.bool('BETA_INVITE_ONLY_SIGN_UP', false),
      launchAt: instant('BETA_LAUNCH_AT', r.optional('BETA_LAUNCH_AT'), problems),
    },
  };
}

/** An IANA time zone name the runtime knows (SUPPORT_TIMEZONE). */
function timeZone(raw: string, problems: string[]): string {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: raw });
    return raw;
  } catch {
    problems.push(`SUPPORT_TIMEZONE must be an IANA time zone such as Europe/London (got "${raw}")`);
    return 'UTC';
  }
}

/** "HH:MM" (24-hour) as minutes after midnight (SUPPORT_DAY_START, SUPPORT_DAY_END). */
function clockTime(name: string, raw: string, problems: string[]): number {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(raw);
  if (!m) {
    problems.push(`${name} must be a time such as 17:30 (got "${raw}")`);
    return name === 'SUPPORT_DAY_START' ? 9 * 60 : 17 * 60 + 30;
  }
  return Number(m[1]) * 60 + Number(m[2]);
}

/** An ISO 8601 instant with its offset (e.g. 2026-05-04T09:00:00Z), or null when unset. */
function instant(name: string, value: string | null, problems: string[]): Date | null {
  if (value === null || value === '') return null;
  const at = new Date(value);
  if (!/T.*(Z|[+-]\d\d:\d\d)$/.test(value) || Number.isNaN(at.getTime())) {
    problems.push(`${name} must be an ISO 8601 instant with its offset, e.g. 2026-05-04T09:00:00Z`);
    return null;
  }
  return at;
}

/** Comma-separated calendar dates (YYYY-MM-DD), e.g. a one-off bank holiday. */
function dateList(name: string, raw: string, problems: string[]): string[] {
  const dates = raw
    .split(',')
    .map((d) => d.trim())
    .filter(Boolean);
  for (const d of dates) {
    const parsed = Date.parse(`${d}T00:00:00Z`);
    if (
      !/^\d{4}-\d{2}-\d{2}$/.test(d) ||
      Number.isNaN(parsed) ||
      new Date(parsed).toISOString().slice(0, 10) !== d
    ) {
      problems.push(`${name} must list dates such as 2026-12-24 (got "${d}")`);
      return [];
    }
  }
  return dates;
}
