/**
 * What each APP_ENV allows or refuses once the values are read: a provider needs its credentials, and staging
 * and production refuse the local stand-ins (embedded database, file storage, outbox, fake sign-in and payments).
 */
import { createPrivateKey } from 'node:crypto';
import { secretProblems } from './secrets';
import type { Config } from './types';

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

/** Stripe's key prefixes: secret (sk_) or restricted (rk_) keys, publishable keys (pk_), each test or live. */
const SECRET_KEY = /^(sk|rk)_(test|live)_[A-Za-z0-9]+$/;
const PUBLISHABLE_KEY = /^pk_(test|live)_[A-Za-z0-9]+$/;
const CHECKLIST_VERSION = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/**
 * Stripe keys per environment (spec: Environments; decisions.md "Payments provider"). Staging and local
 * use test-mode keys only. Production uses test-mode keys until the launch checklist is recorded as done
 * (PAYMENTS_LIVE_APPROVED names its version); then live keys only, never test ones. Both keys are of
 * one mode, and STRIPE_API_BASE (a local stand-in for Stripe) is refused outside local use.
 */
export function paymentKeyProblems(c: Config): string[] {
  const problems: string[] = [];
  const { stripeSecretKey: secret, stripePublishableKey: publishable, liveApproved } = c.payments;
  const secretMode = secret ? SECRET_KEY.exec(secret)?.[2] : undefined;
  const publishableMode = publishable ? PUBLISHABLE_KEY.exec(publishable)?.[1] : undefined;
  if (secret && !secretMode)
    problems.push(
      'STRIPE_SECRET_KEY must be a Stripe secret or restricted key (sk_test_…, rk_test_…, sk_live_…)',
    );
  if (publishable && !publishableMode)
    problems.push('STRIPE_PUBLISHABLE_KEY must be a Stripe publishable key (pk_test_… or pk_live_…)');
  if (secretMode && publishableMode && secretMode !== publishableMode)
    problems.push(
      `STRIPE_SECRET_KEY is a ${secretMode}-mode key but STRIPE_PUBLISHABLE_KEY is ${publishableMode}-mode: use one mode`,
    );
  if (c.payments.stripeWebhookSecret && !c.payments.stripeWebhookSecret.startsWith('whsec_'))
    problems.push('STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_…)');
  const modes = [secretMode, publishableMode].filter(Boolean);
  if (c.env !== 'production') {
    if (modes.includes('live'))
      problems.push(`Stripe live-mode keys are refused in ${c.env}: use test-mode keys (sk_test_/pk_test_)`);
    if (liveApproved)
      problems.push(
        'PAYMENTS_LIVE_APPROVED is for production only (payments go live there, after the launch checklist)',
      );
  } else if (liveApproved) {
    if (!CHECKLIST_VERSION.test(liveApproved))
      problems.push(
        'PAYMENTS_LIVE_APPROVED must name the launch checklist version (e.g. launch-checklist-v1)',
      );
    if (modes.includes('test'))
      problems.push(
        `Stripe test-mode keys are refused in production once payments are live (PAYMENTS_LIVE_APPROVED=${liveApproved}): use live keys`,
      );
  } else if (modes.includes('live')) {
    problems.push(
      'Stripe live-mode keys need PAYMENTS_LIVE_APPROVED (the launch checklist version recorded as done); until then use test-mode keys',
    );
  }
  if (c.payments.stripeApiBase) {
    if (c.env !== 'local')
      problems.push(`STRIPE_API_BASE is for local use and tests only; refused in ${c.env}`);
    else if (!/^https?:\/\/[^/]+$/.test(c.payments.stripeApiBase))
      problems.push('STRIPE_API_BASE must be an origin such as http://127.0.0.1:12111 (no path)');
  }
  return problems;
}

/** The spec's environment rules: local may use fakes; staging and production may not. */
export function environmentRules(c: Config): string[] {
  const problems: string[] = [];
  const need = (ok: boolean, message: string) => {
    if (!ok) problems.push(message);
  };
  if (c.storage.provider === 's3')
    need(Boolean(c.storage.s3.bucket), 'S3_BUCKET is required when STORAGE_PROVIDER=s3');
  if (c.email.provider === 'smtp')
    need(Boolean(c.email.smtpUrl), 'SMTP_URL is required when EMAIL_PROVIDER=smtp');
  if (c.generation.provider === 'http') {
    need(Boolean(c.generation.http.url), 'GENERATION_HTTP_URL is required when GENERATION_PROVIDER=http');
    need(Boolean(c.generation.http.model), 'GENERATION_HTTP_MODEL is required when GENERATION_PROVIDER=http');
  }
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
      Boolean(c.payments.stripePublishableKey),
      'STRIPE_PUBLISHABLE_KEY is required when PAYMENTS_PROVIDER=stripe',
    );
    need(
      Boolean(c.payments.stripeWebhookSecret),
      'STRIPE_WEBHOOK_SECRET is required when PAYMENTS_PROVIDER=stripe',
    );
  }
  problems.push(...paymentKeyProblems(c));
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
  if (c.operations.alertEmail)
    need(/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(c.operations.alertEmail), 'ALERT_EMAIL must be an email address');
  if (c.env === 'local') return problems;

  // Staging and production: no default secrets, no local providers, production-like data.
  problems.push(...secretProblems(c.env, c.secrets));
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
      c.translation.provider === 'deepl',
      `TRANSLATION_PROVIDER=${c.translation.provider} is a local provider; use deepl in production`,
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
    need(
      Boolean(c.operations.incidentChannel),
      "INCIDENT_CHANNEL (the incident channel's webhook URL) is required in production",
    );
    need(c.publicBaseUrl.startsWith('https://'), 'PUBLIC_BASE_URL must use https in production');
  }
  return problems;
}
