/**
 * Step one of the configuration: the process environment → ServerEnvironment, the variables the server knows
 * as text. No defaults and no checks here; what a value means and whether it is allowed is config.ts's job.
 */

/** Every variable the server reads, in the order of .env.example, which documents each one (config.test.ts). */
export const ENV_NAMES = [
  // Runtime
  'APP_ENV',
  'PORT',
  'HOST',
  'PUBLIC_BASE_URL',
  'FRONTEND_URL',
  'CORS_ORIGINS',
  'RELEASE',
  'BUILD_NUMBER',
  'BODY_LIMIT_BYTES',
  'TRUST_PROXY',
  'REGISTRATIONS_PER_IP_PER_HOUR',
  'SIGN_IN_SLOWDOWN_BASE_MS',
  'VISITOR_SESSIONS_PER_IP_PER_HOUR',
  'RESERVATIONS_PER_IP_PER_HOUR',
  'RESERVATIONS_PER_IP_PER_LISTING_PER_DAY',
  'SIGN_IN_SLOWDOWN_MAX_MS',
  'SEED_ON_START',
  // Database
  'DATABASE_URL',
  'DATA_DIR',
  'DATABASE_SCHEMA',
  'DATABASE_POOL_SIZE',
  'DATABASE_CONNECT_TIMEOUT_MS',
  'DATABASE_DIRECT_URL',
  'SHUTDOWN_DRAIN_MS',
  // Secrets
  'AUTH_TOKEN_SECRET',
  'COOKIE_SECRET',
  'METRICS_TOKEN',
  // File storage
  'STORAGE_PROVIDER',
  'STORAGE_DIR',
  'S3_BUCKET',
  'S3_REGION',
  'S3_ENDPOINT',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  // Email
  'EMAIL_PROVIDER',
  'SMTP_URL',
  'EMAIL_FROM',
  'ACCOUNT_EMAILS_PER_HOUR',
  // External sign-in
  'OAUTH_PROVIDER',
  'OAUTH_LOCAL_ISSUER_PORT',
  'GOOGLE_CLIENT_ID',
  'GOOGLE_CLIENT_SECRET',
  'APPLE_CLIENT_ID',
  'APPLE_CLIENT_SECRET',
  'APPLE_TEAM_ID',
  'APPLE_KEY_ID',
  'APPLE_PRIVATE_KEY',
  // Payments
  'PAYMENTS_PROVIDER',
  'STRIPE_SECRET_KEY',
  'STRIPE_PUBLISHABLE_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_API_BASE',
  'PAYMENTS_LIVE_APPROVED',
  // Translation
  'TRANSLATION_PROVIDER',
  'DEEPL_API_KEY',
  // Mode B design generation
  'GENERATION_PROVIDER',
  'GENERATION_HTTP_URL',
  'GENERATION_HTTP_MODEL',
  'GENERATION_HTTP_KEY',
  'GENERATION_HTTP_TIMEOUT_MS',
  // Operations
  'LOG_LEVEL',
  'ANALYTICS_PROVIDER',
  'ANALYTICS_WRITE_KEY',
  'ANALYTICS_HOST',
  'ANALYTICS_TIMEOUT_MS',
  'RETENTION_PRODUCT_EVENTS_DAYS',
  'RETENTION_ERROR_EVENTS_DAYS',
  'ERROR_TRACKER',
  'ERROR_TRACKER_DSN',
  'ALERT_WEBHOOK_URL',
  'ALERT_EMAIL',
  'SUPPORT_INBOX',
  'INCIDENT_CHANNEL',
  'SUPPORT_TIMEZONE',
  'SUPPORT_DAY_END',
  'BETA_INVITE_ONLY_SIGN_UP',
  'BETA_LAUNCH_AT',
  'SUPPORT_DAY_START',
  'SUPPORT_BANK_HOLIDAYS',
  'SUPPORT_EXTRA_HOLIDAYS',
  'SUPPORT_WORKING_DAYS',
  'SUPPORT_REOPEN_DAYS',
  'SUPPORT_STAFF_LANGUAGE',
  'ALERT_CHECK_INTERVAL_SECONDS',
  'ALERT_CONSECUTIVE_CHECKS',
  'ALERT_UPLOAD_WINDOW_MINUTES',
  'ALERT_UPLOAD_BASELINE_DAYS',
  'ALERT_UPLOAD_MIN_UPLOADS',
  // Uploads and jobs
  'UPLOAD_MAX_MODEL_BYTES',
  'UPLOAD_MAX_IMAGE_BYTES',
  'UPLOAD_MAX_IMAGE_PIXELS',
  'UPLOAD_MAX_IMAGE_SIDE',
  'UPLOAD_INSPECT_TIMEOUT_MS',
  'IMAGE_WORKERS',
  'IMAGE_QUEUE_PER_OWNER',
  'IMAGE_QUEUE_MAX',
  'JOB_CONCURRENCY',
  'JOB_LEASE_MS',
  'JOB_MAX_ATTEMPTS',
  'JOB_TIME_BUDGET_MS',
  'JOB_MEMORY_BUDGET_MB',
  'JOB_RATE_PER_USER_PER_HOUR',
  'JOB_QUEUE_AGE_P95_LIMIT_SECONDS',
  'JOB_DEAD_LETTER_THRESHOLD',
  'JOB_DEAD_LETTER_WINDOW_HOURS',
  'GALLERY_CACHE_MS',
  'MODERATION_REPORTS_TO_HIDE',
  'SITEMAP_PAGE_SIZE',
  // Web app
  'SERVE_WEB',
  'WEB_DIST_DIR',
  'WEB_BUILD_ON_START',
] as const;

export type EnvName = (typeof ENV_NAMES)[number];

/** What the process was started with: process.env, or a plain object in tests. */
export type RawEnvironment = Readonly<Record<string, string | undefined>>;

/**
 * The known variables that are set, trimmed. Values stay text so that a malformed one can be reported as it
 * was written, next to the range or choices that config.ts holds for it.
 */
export type ServerEnvironment = { readonly [Name in EnvName]?: string };

export function readEnv(raw: RawEnvironment = process.env): ServerEnvironment {
  const env: { [Name in EnvName]?: string } = {};
  for (const name of ENV_NAMES) {
    // Blank counts as unset, so `NAME=` in an env file (as .env.example writes them) keeps the default.
    const value = raw[name]?.trim();
    if (value) env[name] = value;
  }
  return env;
}
