import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { envToConfig } from './config';
import { ENV_NAMES, type ServerEnvironment } from './env';
import { ConfigError, DEFAULT_SECRETS, loadConfig } from './index';

const strong = (c: string) => c.repeat(40);
/** A Sign in with Apple key as Apple issues it (.p8: PKCS #8 PEM of an EC P-256 key). */
const appleKey = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  .privateKey.export({ type: 'pkcs8', format: 'pem' })
  .toString();

const productionEnv = {
  APP_ENV: 'production',
  PUBLIC_BASE_URL: 'https://kitwright.example',
  DATABASE_URL: 'postgres://db.internal/kitwright',
  AUTH_TOKEN_SECRET: strong('a'),
  COOKIE_SECRET: strong('b'),
  METRICS_TOKEN: strong('c'),
  STORAGE_PROVIDER: 's3',
  S3_BUCKET: 'kitwright-files',
  EMAIL_PROVIDER: 'smtp',
  SMTP_URL: 'smtps://user:pass@smtp.example:465',
  OAUTH_PROVIDER: 'external',
  GOOGLE_CLIENT_ID: 'g',
  GOOGLE_CLIENT_SECRET: 'gs',
  APPLE_CLIENT_ID: 'a',
  APPLE_TEAM_ID: 'TEAM123456',
  APPLE_KEY_ID: 'KEY1234567',
  APPLE_PRIVATE_KEY: appleKey,
  PAYMENTS_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_x',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
  TRANSLATION_PROVIDER: 'deepl',
  DEEPL_API_KEY: 'k',
  ANALYTICS_PROVIDER: 'posthog',
  ANALYTICS_WRITE_KEY: 'phc_x',
  ANALYTICS_HOST: 'https://eu.posthog.example',
  ERROR_TRACKER: 'sentry',
  ERROR_TRACKER_DSN: 'https://key@sentry.example/1',
  ALERT_WEBHOOK_URL: 'https://hooks.example/alerts',
  SUPPORT_INBOX: 'support@kitwright.example',
  INCIDENT_CHANNEL: 'https://hooks.example/incidents',
  LOG_LEVEL: 'info',
};

/** The Stripe settings of an environment, to reuse elsewhere. */
function keysOf(env: Record<string, string>) {
  return {
    STRIPE_SECRET_KEY: env.STRIPE_SECRET_KEY ?? '',
    STRIPE_PUBLISHABLE_KEY: env.STRIPE_PUBLISHABLE_KEY ?? '',
    STRIPE_WEBHOOK_SECRET: env.STRIPE_WEBHOOK_SECRET ?? '',
  };
}

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(env, '/tmp');
    return [];
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
}

describe('config', () => {
  it('runs locally with no environment at all, on the embedded database and local providers', () => {
    const c = loadConfig({}, '/srv/app');
    expect(c).toMatchObject({ env: 'local', port: 3000, seedOnStart: true });
    expect(c.database).toMatchObject({ url: null, dataDir: '/srv/app/data/pglite' });
    expect([c.storage.provider, c.email.provider, c.oauth.provider, c.payments.provider]).toEqual([
      'fs',
      'outbox',
      'local',
      'local',
    ]);
  });

  it('accepts a complete production environment', () => {
    expect(problems(productionEnv)).toEqual([]);
  });

  it('refuses to start production with default secrets', () => {
    const p = problems({
      ...productionEnv,
      AUTH_TOKEN_SECRET: DEFAULT_SECRETS.AUTH_TOKEN_SECRET,
      METRICS_TOKEN: '',
    });
    expect(p).toContain('AUTH_TOKEN_SECRET must be set to a real secret in production');
    expect(p).toContain('METRICS_TOKEN must be set to a real secret in production');
  });

  it('refuses to start production with local providers or the embedded database', () => {
    const p = problems({
      ...productionEnv,
      DATABASE_URL: '',
      STORAGE_PROVIDER: 'fs',
      EMAIL_PROVIDER: 'outbox',
      OAUTH_PROVIDER: 'local',
      PAYMENTS_PROVIDER: 'local',
      TRANSLATION_PROVIDER: 'pseudo',
    });
    expect(p).toEqual(
      expect.arrayContaining([
        expect.stringContaining('DATABASE_URL is required in production'),
        expect.stringContaining('STORAGE_PROVIDER=fs is a local provider'),
        expect.stringContaining('EMAIL_PROVIDER=outbox is a local provider'),
        expect.stringContaining('OAUTH_PROVIDER=local is a local provider'),
        expect.stringContaining('PAYMENTS_PROVIDER=local is a local provider'),
        expect.stringContaining('TRANSLATION_PROVIDER=pseudo is a local provider'),
      ]),
    );
  });

  it('requires the operations values in production', () => {
    const p = problems({ ...productionEnv, ALERT_WEBHOOK_URL: '', SUPPORT_INBOX: '', INCIDENT_CHANNEL: '' });
    expect(p).toEqual(
      expect.arrayContaining([
        expect.stringContaining('ALERT_WEBHOOK_URL or ALERT_EMAIL'),
        expect.stringContaining('SUPPORT_INBOX'),
        expect.stringContaining('INCIDENT_CHANNEL'),
      ]),
    );
  });

  it('reads the incident channel as a webhook URL, the alert email as an address, and support hours', () => {
    expect(problems({ INCIDENT_CHANNEL: '#incidents' })).toEqual([
      expect.stringContaining('INCIDENT_CHANNEL must be an absolute URL'),
    ]);
    expect(problems({ ALERT_EMAIL: 'ops' })).toEqual(['ALERT_EMAIL must be an email address']);
    expect(problems({ SUPPORT_TIMEZONE: 'Mars/Olympus', SUPPORT_DAY_END: '25:00' })).toEqual([
      expect.stringContaining('SUPPORT_TIMEZONE must be an IANA time zone'),
      expect.stringContaining('SUPPORT_DAY_END must be a time'),
    ]);
    expect(
      problems({
        SUPPORT_DAY_START: '18:00',
        SUPPORT_EXTRA_HOLIDAYS: '2026-02-30',
        SUPPORT_REOPEN_DAYS: '-1',
      }),
    ).toEqual([
      expect.stringContaining('SUPPORT_EXTRA_HOLIDAYS must list dates'),
      expect.stringContaining('SUPPORT_REOPEN_DAYS must be an integer'),
      'SUPPORT_DAY_START must be before SUPPORT_DAY_END',
    ]);
    const c = loadConfig(
      {
        SUPPORT_TIMEZONE: 'America/New_York',
        SUPPORT_DAY_START: '08:30',
        SUPPORT_DAY_END: '18:00',
        SUPPORT_BANK_HOLIDAYS: 'none',
        SUPPORT_EXTRA_HOLIDAYS: '2026-12-24, 2026-12-31',
        SUPPORT_WORKING_DAYS: '2026-08-31',
        SUPPORT_REOPEN_DAYS: '14',
        SUPPORT_STAFF_LANGUAGE: 'fr',
      },
      '/tmp',
    );
    expect(c.supportHours).toEqual({
      timezone: 'America/New_York',
      dayStartMinutes: 8 * 60 + 30,
      dayEndMinutes: 18 * 60,
      bankHolidays: 'none',
      extraHolidays: ['2026-12-24', '2026-12-31'],
      workingDays: ['2026-08-31'],
    });
    expect(c.support).toEqual({ reopenDays: 14, staffLanguage: 'fr' });
    // The default: UK business hours with England-and-Wales bank holidays.
    expect(loadConfig({}, '/tmp').supportHours).toEqual({
      timezone: 'Europe/London',
      dayStartMinutes: 9 * 60,
      dayEndMinutes: 17 * 60 + 30,
      bankHolidays: 'england-and-wales',
      extraHolidays: [],
      workingDays: [],
    });
    expect(loadConfig({}, '/tmp').support).toEqual({ reopenDays: 7, staffLanguage: 'en' });
    expect(loadConfig({}, '/tmp').alerts).toMatchObject({ checkIntervalMs: 60_000, consecutiveChecks: 2 });
  });

  it('shows people their own words locally unless the pseudo-translator is asked for; production translates', () => {
    expect(loadConfig({}, '/tmp').translation.provider).toBe('off');
    expect(loadConfig({ TRANSLATION_PROVIDER: 'pseudo' }, '/tmp').translation.provider).toBe('pseudo');
    const { TRANSLATION_PROVIDER: _p, ...unset } = productionEnv;
    expect(loadConfig({ ...unset, APP_ENV: 'staging' }, '/tmp').translation.provider).toBe('pseudo');
    expect(loadConfig(unset, '/tmp').translation.provider).toBe('deepl');
    expect(problems({ ...productionEnv, TRANSLATION_PROVIDER: 'off' })).toEqual([
      expect.stringContaining('TRANSLATION_PROVIDER=off is a local provider; use deepl in production'),
    ]);
    expect(problems({ TRANSLATION_PROVIDER: 'google' })).toEqual([
      'TRANSLATION_PROVIDER must be one of off, pseudo, deepl (got "google")',
    ]);
  });

  it('lets staging use the fake translation provider but not default secrets', () => {
    expect(problems({ ...productionEnv, APP_ENV: 'staging', TRANSLATION_PROVIDER: 'pseudo' })).toEqual([]);
    expect(
      problems({ ...productionEnv, APP_ENV: 'staging', COOKIE_SECRET: DEFAULT_SECRETS.COOKIE_SECRET }),
    ).toContain('COOKIE_SECRET must be set to a real secret in staging');
  });

  it('needs the Apple signing key outside local use, whole and well-formed; \\n-escaped PEMs are fine', () => {
    const { APPLE_TEAM_ID: _t, APPLE_KEY_ID: _k, APPLE_PRIVATE_KEY: _p, ...withoutKey } = productionEnv;
    expect(problems({ ...withoutKey, APPLE_CLIENT_SECRET: 'a-static-jwt' })).toEqual([
      expect.stringContaining('APPLE_TEAM_ID, APPLE_KEY_ID and APPLE_PRIVATE_KEY are required in production'),
    ]);
    expect(problems({ ...productionEnv, APPLE_KEY_ID: '' })).toEqual(
      expect.arrayContaining([expect.stringContaining('go together')]),
    );
    expect(problems({ ...productionEnv, APPLE_PRIVATE_KEY: 'not a key' })).toEqual([
      expect.stringContaining('APPLE_PRIVATE_KEY must be the PEM of an EC P-256 private key'),
    ]);
    const escaped = appleKey.trim().replaceAll('\n', '\\n');
    const c = loadConfig({ ...productionEnv, APPLE_PRIVATE_KEY: escaped }, '/tmp');
    expect(c.oauth.apple.privateKey).toBe(appleKey.trim());
    // Locally a ready-made secret still works against the real Apple.
    expect(
      problems({
        OAUTH_PROVIDER: 'external',
        GOOGLE_CLIENT_ID: 'g',
        GOOGLE_CLIENT_SECRET: 's',
        APPLE_CLIENT_ID: 'a',
        APPLE_CLIENT_SECRET: 'jwt',
      }),
    ).toEqual([]);
  });

  describe('Stripe keys per environment', () => {
    const stagingEnv = { ...productionEnv, APP_ENV: 'staging' };
    const live = { STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_PUBLISHABLE_KEY: 'pk_live_x' };

    it('reads the keys, the API address override and the live approval', () => {
      const c = loadConfig(
        { ...productionEnv, ...live, PAYMENTS_LIVE_APPROVED: 'launch-checklist-v2' },
        '/tmp',
      );
      expect(c.payments).toMatchObject({
        provider: 'stripe',
        stripeSecretKey: 'sk_live_x',
        stripePublishableKey: 'pk_live_x',
        stripeWebhookSecret: 'whsec_x',
        stripeApiBase: null,
        liveApproved: 'launch-checklist-v2',
      });
      const local = loadConfig(
        { PAYMENTS_PROVIDER: 'stripe', STRIPE_API_BASE: 'http://127.0.0.1:12111', ...keysOf(stagingEnv) },
        '/tmp',
      );
      expect(local.payments.stripeApiBase).toBe('http://127.0.0.1:12111');
    });

    it('requires the publishable key with the stripe provider', () => {
      expect(problems({ ...productionEnv, STRIPE_PUBLISHABLE_KEY: '' })).toEqual([
        'STRIPE_PUBLISHABLE_KEY is required when PAYMENTS_PROVIDER=stripe',
      ]);
    });

    it('refuses keys that are not Stripe keys of their kind', () => {
      expect(
        problems({
          ...productionEnv,
          STRIPE_SECRET_KEY: 'pk_test_x',
          STRIPE_PUBLISHABLE_KEY: 'sk_test_x',
          STRIPE_WEBHOOK_SECRET: 'secret',
        }),
      ).toEqual([
        expect.stringContaining('STRIPE_SECRET_KEY must be a Stripe secret or restricted key'),
        expect.stringContaining('STRIPE_PUBLISHABLE_KEY must be a Stripe publishable key'),
        expect.stringContaining('STRIPE_WEBHOOK_SECRET must be a webhook signing secret'),
      ]);
    });

    it('staging uses test-mode keys only (restricted test keys too)', () => {
      expect(problems(stagingEnv)).toEqual([]);
      expect(problems({ ...stagingEnv, STRIPE_SECRET_KEY: 'rk_test_x' })).toEqual([]);
      expect(problems({ ...stagingEnv, ...live })).toEqual([
        'Stripe live-mode keys are refused in staging: use test-mode keys (sk_test_/pk_test_)',
      ]);
      expect(
        problems({ ...stagingEnv, STRIPE_SECRET_KEY: 'rk_live_x', STRIPE_PUBLISHABLE_KEY: 'pk_live_x' }),
      ).toEqual([expect.stringContaining('live-mode keys are refused in staging')]);
      expect(problems({ ...stagingEnv, PAYMENTS_LIVE_APPROVED: 'launch-checklist-v1' })).toEqual([
        expect.stringContaining('PAYMENTS_LIVE_APPROVED is for production only'),
      ]);
    });

    it('local refuses live keys too', () => {
      expect(problems({ PAYMENTS_PROVIDER: 'stripe', ...live, STRIPE_WEBHOOK_SECRET: 'whsec_x' })).toEqual([
        'Stripe live-mode keys are refused in local: use test-mode keys (sk_test_/pk_test_)',
      ]);
    });

    it('production uses live keys only once the launch checklist is recorded as done', () => {
      expect(problems({ ...productionEnv, ...live })).toEqual([
        expect.stringContaining('Stripe live-mode keys need PAYMENTS_LIVE_APPROVED'),
      ]);
      expect(problems({ ...productionEnv, ...live, PAYMENTS_LIVE_APPROVED: 'launch-checklist-v1' })).toEqual(
        [],
      );
      expect(
        problems({ ...productionEnv, ...live, STRIPE_SECRET_KEY: 'rk_live_x', PAYMENTS_LIVE_APPROVED: 'v1' }),
      ).toEqual([]);
      expect(problems({ ...productionEnv, ...live, PAYMENTS_LIVE_APPROVED: 'done; really' })).toEqual([
        expect.stringContaining('PAYMENTS_LIVE_APPROVED must name the launch checklist version'),
      ]);
    });

    it('refuses test keys in production once live is approved', () => {
      expect(problems({ ...productionEnv, PAYMENTS_LIVE_APPROVED: 'launch-checklist-v1' })).toEqual([
        expect.stringContaining('Stripe test-mode keys are refused in production once payments are live'),
      ]);
    });

    it('keeps the secret and publishable keys in one mode', () => {
      expect(
        problems({ ...productionEnv, STRIPE_PUBLISHABLE_KEY: 'pk_live_x', PAYMENTS_LIVE_APPROVED: 'v1' }),
      ).toEqual(
        expect.arrayContaining([
          'STRIPE_SECRET_KEY is a test-mode key but STRIPE_PUBLISHABLE_KEY is live-mode: use one mode',
        ]),
      );
      expect(problems({ ...stagingEnv, STRIPE_SECRET_KEY: 'sk_live_x' })).toEqual(
        expect.arrayContaining([
          'STRIPE_SECRET_KEY is a live-mode key but STRIPE_PUBLISHABLE_KEY is test-mode: use one mode',
        ]),
      );
    });

    it('refuses STRIPE_API_BASE outside local use, and a base with a path', () => {
      expect(problems({ ...productionEnv, STRIPE_API_BASE: 'http://127.0.0.1:12111' })).toEqual([
        'STRIPE_API_BASE is for local use and tests only; refused in production',
      ]);
      expect(problems({ ...stagingEnv, STRIPE_API_BASE: 'http://127.0.0.1:12111' })).toEqual([
        'STRIPE_API_BASE is for local use and tests only; refused in staging',
      ]);
      expect(problems({ STRIPE_API_BASE: 'http://127.0.0.1:12111/v1' })).toEqual([
        expect.stringContaining('STRIPE_API_BASE must be an origin'),
      ]);
      expect(problems({ STRIPE_API_BASE: 'not a url' })).toEqual([
        expect.stringContaining('STRIPE_API_BASE must be an absolute URL'),
      ]);
    });
  });

  it('gives upload checks their own, shorter time limit and dead letters a window', () => {
    const c = loadConfig({}, '/tmp');
    expect(c.uploads.inspectTimeoutMs).toBe(30_000);
    expect(c.jobs.timeBudgetMs).toBe(120_000);
    expect(c.jobs.deadLetterWindowHours).toBe(24);
    expect(loadConfig({ UPLOAD_INSPECT_TIMEOUT_MS: '5000' }, '/tmp').uploads.inspectTimeoutMs).toBe(5000);
    expect(problems({ UPLOAD_INSPECT_TIMEOUT_MS: '10' })).toEqual([
      expect.stringContaining('UPLOAD_INSPECT_TIMEOUT_MS must be an integer between 1000 and 600000'),
    ]);
  });

  it('sizes the image processes by the cores unless told, and budgets images by pixels and by side', () => {
    const c = loadConfig({}, '/tmp');
    expect(c.images.workers).toBe(Math.max(2, os.availableParallelism()));
    expect([c.images.queuePerOwner, c.images.queueMax]).toEqual([4, 32]);
    expect([c.uploads.maxImagePixels, c.uploads.maxImageSide]).toEqual([40_000_000, 16_384]);
    const set = loadConfig(
      { IMAGE_WORKERS: '3', IMAGE_QUEUE_PER_OWNER: '2', IMAGE_QUEUE_MAX: '9', UPLOAD_MAX_IMAGE_SIDE: '8000' },
      '/tmp',
    );
    expect([set.images.workers, set.images.queuePerOwner, set.images.queueMax]).toEqual([3, 2, 9]);
    expect(set.uploads.maxImageSide).toBe(8000);
    expect(problems({ IMAGE_WORKERS: '-1' })).toEqual([
      expect.stringContaining('IMAGE_WORKERS must be an integer between 0 and 64'),
    ]);
  });

  it('documents every variable it reads in .env.example', () => {
    // Record what building a Config actually reads, and check env.ts passes on exactly that.
    const read = new Set<string>();
    const recording = new Proxy({} as ServerEnvironment, {
      get: (_, name) => {
        if (typeof name === 'string') read.add(name);
        return undefined;
      },
    });
    envToConfig(recording, '/tmp');
    expect([...read].sort()).toEqual([...ENV_NAMES].sort());
    const example = fs.readFileSync(path.join(import.meta.dirname, '../../../../.env.example'), 'utf8');
    const documented = new Set([...example.matchAll(/^([A-Z0-9_]+)=.*#\s*\S/gm)].map((m) => m[1]));
    const documentedOrKnown = new Set([...example.matchAll(/^([A-Z0-9_]+)=/gm)].map((m) => m[1]));
    expect(read.size).toBeGreaterThan(50);
    expect([...read].filter((name) => !documentedOrKnown.has(name))).toEqual([]);
    // The settings added since the file was written each say what they do.
    for (const name of [
      'SERVE_WEB',
      'WEB_DIST_DIR',
      'WEB_BUILD_ON_START',
      'GALLERY_CACHE_MS',
      'ERROR_TRACKER',
      'ERROR_TRACKER_DSN',
      'UPLOAD_INSPECT_TIMEOUT_MS',
      'JOB_DEAD_LETTER_WINDOW_HOURS',
      'APPLE_TEAM_ID',
      'APPLE_KEY_ID',
      'APPLE_PRIVATE_KEY',
      'STRIPE_SECRET_KEY',
      'STRIPE_PUBLISHABLE_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'STRIPE_API_BASE',
      'PAYMENTS_LIVE_APPROVED',
      'UPLOAD_MAX_IMAGE_SIDE',
      'IMAGE_WORKERS',
      'IMAGE_QUEUE_PER_OWNER',
      'IMAGE_QUEUE_MAX',
    ])
      expect(documented.has(name), name).toBe(true);
  });

  it('finds the web build in apps/web/dist from any working directory', () => {
    const webDist = path.resolve(import.meta.dirname, '../../../web/dist');
    expect(webDist.endsWith(path.join('apps', 'web', 'dist'))).toBe(true);
    expect(loadConfig({}, '/srv/app').web.distDir).toBe(webDist);
    expect(loadConfig({ WEB_DIST_DIR: 'public' }, '/srv/app').web.distDir).toBe('/srv/app/public');
  });

  it('names every malformed value at once', () => {
    const p = problems({ APP_ENV: 'prod', PORT: 'eighty', LOG_LEVEL: 'loud', PUBLIC_BASE_URL: 'not a url' });
    expect(p).toHaveLength(4);
    expect(p[0]).toContain('APP_ENV must be one of local, staging, production');
    // In the order the variables are read, and each quoted as it was written.
    expect(p.slice(1)).toEqual([
      'PORT must be an integer between 0 and 65535 (got "eighty")',
      'PUBLIC_BASE_URL must be an absolute URL (got "not a url")',
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")',
    ]);
  });
});
