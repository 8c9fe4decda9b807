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
