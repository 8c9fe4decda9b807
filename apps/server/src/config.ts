/**
 * One typed configuration, read from the environment and validated once at start-up
 * (raw env → typed config → checks per environment). Every variable is documented in .env.example.
 */
import { createPrivateKey } from 'node:crypto';
import path from 'node:path';
import { RATE_LIMITS } from './platform/rate-limits';

export const APP_ENVS = ['local', 'staging', 'production'] as const;
export type AppEnv = (typeof APP_ENVS)[number];

/** Secrets that ship in the source for local use only; staging and production refuse them. */
export const DEFAULT_SECRETS = {
  AUTH_TOKEN_SECRET: 'local-only-auth-token-secret-change-me-0000000000',
  COOKIE_SECRET: 'local-only-cookie-secret-change-me-000000000000000',
  METRICS_TOKEN: 'local-only-metrics-token',
} as const;

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
  database: { url: string | null; dataDir: string; schema: string | null; poolSize: number };
  secrets: { authToken: string; cookie: string; metricsToken: string };
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
  email: { provider: 'outbox' | 'smtp'; smtpUrl: string | null; from: string };
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
    stripeWebhookSecret: string | null;
  };
  translation: { provider: 'pseudo' | 'deepl'; deeplApiKey: string | null };
  analytics: { provider: 'mirror' | 'posthog'; writeKey: string | null; host: string | null };
  errorTracking: { provider: 'local' | 'sentry'; dsn: string | null };
  uploads: {
    maxModelBytes: number;
    maxImageBytes: number;
    maxImagePixels: number;
    /** How long the upload request may wait for the mesher's check of a model. */
    inspectTimeoutMs: number;
  };
  web: { serve: boolean; distDir: string; buildOnStart: boolean };
  /** How long a gallery page may be served from memory (it is the same for every viewer). 0 turns it off. */
  galleryCacheMs: number;
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
    incidentChannel: string | null;
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

function reader(env: Env, problems: string[]) {
  const str = (name: string, fallback: string): string => {
    const value = env[name]?.trim();
    return value ? value : fallback;
  };
  const optional = (name: string): string | null => {
    const value = env[name]?.trim();
    return value ? value : null;
  };
  const int = (name: string, fallback: number, min: number, max: number): number => {
    const raw = env[name]?.trim();
    if (!raw) return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name} must be an integer between ${min} and ${max} (got "${raw}")`);
      return fallback;
    }
    return value;
  };
  const oneOf = <T extends string>(name: string, allowed: readonly T[], fallback: T): T => {
    const raw = env[name]?.trim();
    if (!raw) return fallback;
    if (!(allowed as readonly string[]).includes(raw)) {
      problems.push(`${name} must be one of ${allowed.join(', ')} (got "${raw}")`);
      return fallback;
    }
    return raw as T;
  };
  const bool = (name: string, fallback: boolean): boolean => {
    const raw = env[name]?.trim().toLowerCase();
    if (!raw) return fallback;
    if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
    if (['0', 'false', 'no', 'off'].includes(raw)) return false;
    problems.push(`${name} must be true or false (got "${raw}")`);
    return fallback;
  };
  const url = (name: string, fallback: string | null): string | null => {
    const raw = env[name]?.trim() || fallback;
    if (!raw) return null;
    try {
      return new URL(raw).toString().replace(/\/$/, '');
    } catch {
      problems.push(`${name} must be an absolute URL (got "${raw}")`);
      return fallback;
    }
  };
  return { str, optional, int, oneOf, bool, url };
}

export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const problems: string[] = [];
  const r = reader(env, problems);
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

  const config: Config = {
    env: appEnv,
    host: r.str('HOST', '127.0.0.1'),
    port,
    publicBaseUrl,
    frontendUrl,
    corsOrigins: [...new Set(corsOrigins)],
    release: r.str('RELEASE', 'phase-a-interest-beta-local'),
    buildNumber: r.int('BUILD_NUMBER', 1, 1, 1_000_000),
    // Locally the console stays readable; staging and production log every request.
    logLevel: r.oneOf(
      'LOG_LEVEL',
      ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'],
      isLocal ? 'warn' : 'info',
    ),
    bodyLimitBytes: r.int('BODY_LIMIT_BYTES', 1_048_576, 1024, 104_857_600),
    trustProxy: r.bool('TRUST_PROXY', false),
    registrationsPerIpPerHour: r.int(
      'REGISTRATIONS_PER_IP_PER_HOUR',
      RATE_LIMITS.registrationsPerIp.limit,
      1,
      1_000_000,
    ),
    database: {
      url: r.optional('DATABASE_URL'),
      dataDir: path.join(dataDir, 'pglite'),
      schema,
      poolSize: r.int('DATABASE_POOL_SIZE', 10, 1, 200),
    },
    secrets: {
      authToken: r.str('AUTH_TOKEN_SECRET', DEFAULT_SECRETS.AUTH_TOKEN_SECRET),
      cookie: r.str('COOKIE_SECRET', DEFAULT_SECRETS.COOKIE_SECRET),
      metricsToken: r.str('METRICS_TOKEN', DEFAULT_SECRETS.METRICS_TOKEN),
    },
    seedOnStart: r.bool('SEED_ON_START', isLocal),
    storage: {
      provider: r.oneOf('STORAGE_PROVIDER', ['fs', 's3'], 'fs'),
      dir: path.resolve(cwd, r.str('STORAGE_DIR', path.join(dataDir, 'files'))),
      s3: {
        bucket: r.str('S3_BUCKET', ''),
        region: r.str('S3_REGION', 'auto'),
        endpoint: r.url('S3_ENDPOINT', null),
        accessKeyId: r.optional('S3_ACCESS_KEY_ID'),
        secretAccessKey: r.optional('S3_SECRET_ACCESS_KEY'),
      },
    },
    email: {
      provider: r.oneOf('EMAIL_PROVIDER', ['outbox', 'smtp'], isLocal ? 'outbox' : 'smtp'),
      smtpUrl: r.optional('SMTP_URL'),
      from: r.str('EMAIL_FROM', 'Kitwright <no-reply@kitwright.local>'),
    },
    oauth: {
      provider: r.oneOf('OAUTH_PROVIDER', ['local', 'external'], isLocal ? 'local' : 'external'),
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
      provider: r.oneOf('PAYMENTS_PROVIDER', ['local', 'stripe'], isLocal ? 'local' : 'stripe'),
      stripeSecretKey: r.optional('STRIPE_SECRET_KEY'),
      stripeWebhookSecret: r.optional('STRIPE_WEBHOOK_SECRET'),
    },
    translation: {
      provider: r.oneOf('TRANSLATION_PROVIDER', ['pseudo', 'deepl'], 'pseudo'),
      deeplApiKey: r.optional('DEEPL_API_KEY'),
    },
    analytics: {
      provider: r.oneOf('ANALYTICS_PROVIDER', ['mirror', 'posthog'], 'mirror'),
      writeKey: r.optional('ANALYTICS_WRITE_KEY'),
      host: r.url('ANALYTICS_HOST', null),
    },
    errorTracking: {
      provider: r.oneOf('ERROR_TRACKER', ['local', 'sentry'], 'local'),
      dsn: r.optional('ERROR_TRACKER_DSN'),
    },
    galleryCacheMs: r.int('GALLERY_CACHE_MS', 5000, 0, 600_000),
    web: {
      serve: r.bool('SERVE_WEB', true),
      distDir: path.resolve(cwd, r.str('WEB_DIST_DIR', path.join(import.meta.dirname, '../../web/dist'))),
      buildOnStart: r.bool('WEB_BUILD_ON_START', isLocal),
    },
    uploads: {
      maxModelBytes: r.int('UPLOAD_MAX_MODEL_BYTES', 64 * 1024 * 1024, 1024, 100 * 1024 * 1024),
      maxImageBytes: r.int('UPLOAD_MAX_IMAGE_BYTES', 10 * 1024 * 1024, 1024, 50 * 1024 * 1024),
      maxImagePixels: r.int('UPLOAD_MAX_IMAGE_PIXELS', 40_000_000, 10_000, 268_000_000),
      inspectTimeoutMs: r.int('UPLOAD_INSPECT_TIMEOUT_MS', 30_000, 1000, 600_000),
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
    operations: {
      alertWebhookUrl: r.url('ALERT_WEBHOOK_URL', null),
      alertEmail: r.optional('ALERT_EMAIL'),
      supportInbox: r.optional('SUPPORT_INBOX'),
      incidentChannel: r.optional('INCIDENT_CHANNEL'),
    },
  };

  problems.push(...environmentRules(config));
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

const APPLE_KEY_PROBLEM =
  'APPLE_PRIVATE_KEY must be the PEM of an EC P-256 private key (the .p8 file from Apple; line breaks may be written as \\n)';

function isP256PrivateKey(pem: string): boolean {
  try {
    const key = createPrivateKey(pem);
    return key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1';
  } catch {
    return false;
  }
}

/** The spec's environment rules: local may use fakes; staging and production may not. */
function environmentRules(c: Config): string[] {
  const problems: string[] = [];
  const need = (ok: boolean, message: string) => {
    if (!ok) problems.push(message);
  };
  if (c.storage.provider === 's3')
    need(Boolean(c.storage.s3.bucket), 'S3_BUCKET is required when STORAGE_PROVIDER=s3');
  if (c.email.provider === 'smtp')
    need(Boolean(c.email.smtpUrl), 'SMTP_URL is required when EMAIL_PROVIDER=smtp');
  if (c.translation.provider === 'deepl')
    need(Boolean(c.translation.deeplApiKey), 'DEEPL_API_KEY is required for DeepL');
  if (c.analytics.provider === 'posthog') {
    need(Boolean(c.analytics.writeKey), 'ANALYTICS_WRITE_KEY is required for PostHog');
    need(Boolean(c.analytics.host), 'ANALYTICS_HOST is required for PostHog');
  }
  if (c.errorTracking.provider === 'sentry')
    need(Boolean(c.errorTracking.dsn), 'ERROR_TRACKER_DSN is required for Sentry');
  if (c.payments.provider === 'stripe') {
    need(Boolean(c.payments.stripeSecretKey), 'STRIPE_SECRET_KEY is required when PAYMENTS_PROVIDER=stripe');
    need(
      Boolean(c.payments.stripeWebhookSecret),
      'STRIPE_WEBHOOK_SECRET is required when PAYMENTS_PROVIDER=stripe',
    );
  }
  const apple = c.oauth.apple;
  const appleKeyParts = [apple.teamId, apple.keyId, apple.privateKey].filter(Boolean).length;
  if (appleKeyParts > 0) {
    need(appleKeyParts === 3, 'APPLE_TEAM_ID, APPLE_KEY_ID and APPLE_PRIVATE_KEY go together: set all three');
    if (apple.privateKey) need(isP256PrivateKey(apple.privateKey), APPLE_KEY_PROBLEM);
  }
  if (c.oauth.provider === 'external') {
    need(
      Boolean(c.oauth.google.clientId && c.oauth.google.clientSecret),
      'GOOGLE_CLIENT_ID and _SECRET are required',
    );
    need(Boolean(apple.clientId), 'APPLE_CLIENT_ID is required');
    // Apple's client secret is a JWT signed with the team's key; a static one expires within six
    // months, so outside local use the key itself is required.
    if (c.env === 'local')
      need(
        appleKeyParts === 3 || Boolean(apple.clientSecret),
        'APPLE_TEAM_ID, APPLE_KEY_ID and APPLE_PRIVATE_KEY (or APPLE_CLIENT_SECRET) are required',
      );
    else
      need(
        appleKeyParts === 3,
        `APPLE_TEAM_ID, APPLE_KEY_ID and APPLE_PRIVATE_KEY are required in ${c.env} (Sign in with Apple signs its client secret)`,
      );
  }
  if (c.env === 'local') return problems;

  // Staging and production: no default secrets, no local providers, production-like data.
  for (const [name, value] of [
    ['AUTH_TOKEN_SECRET', c.secrets.authToken],
    ['COOKIE_SECRET', c.secrets.cookie],
    ['METRICS_TOKEN', c.secrets.metricsToken],
  ] as const) {
    need(
      !Object.values(DEFAULT_SECRETS).includes(value as never),
      `${name} must be set to a real secret in ${c.env}`,
    );
    need(value.length >= 32, `${name} must be at least 32 characters in ${c.env}`);
  }
  need(
    Boolean(c.database.url),
    `DATABASE_URL is required in ${c.env} (the embedded database is for local use)`,
  );
  need(c.storage.provider !== 'fs', `STORAGE_PROVIDER=fs is a local provider; use s3 in ${c.env}`);
  need(c.email.provider !== 'outbox', `EMAIL_PROVIDER=outbox is a local provider; use smtp in ${c.env}`);
  need(c.oauth.provider !== 'local', `OAUTH_PROVIDER=local is a local provider; use external in ${c.env}`);
  need(
    c.payments.provider !== 'local',
    `PAYMENTS_PROVIDER=local is a local provider; use stripe in ${c.env}`,
  );
  need(!c.seedOnStart, `SEED_ON_START must be off in ${c.env}`);
  if (c.env === 'production') {
    need(
      c.translation.provider !== 'pseudo',
      'TRANSLATION_PROVIDER=pseudo is a local provider; use deepl in production',
    );
    need(
      c.analytics.provider !== 'mirror',
      'ANALYTICS_PROVIDER=mirror is local only; use posthog in production',
    );
    need(c.errorTracking.provider !== 'local', 'ERROR_TRACKER=local is local only; use sentry in production');
    need(
      Boolean(c.operations.alertWebhookUrl || c.operations.alertEmail),
      'ALERT_WEBHOOK_URL or ALERT_EMAIL is required',
    );
    need(Boolean(c.operations.supportInbox), 'SUPPORT_INBOX is required in production');
    need(Boolean(c.operations.incidentChannel), 'INCIDENT_CHANNEL is required in production');
    need(c.publicBaseUrl.startsWith('https://'), 'PUBLIC_BASE_URL must use https in production');
  }
  return problems;
}
