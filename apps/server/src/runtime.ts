/**
 * Opens what a process needs from its configuration: the database (migrated), file storage and
 * the alert notifier. Used by the server and by every command-line tool, so all see the same data.
 */
import type { OAuthProvider } from '@kitwright/contracts';
import type { Logger } from 'pino';
import type { Config } from './config';
import { type Database, openDatabase } from './db/connection';
import { migrate } from './db/migrate';
import { type AlertNotifier, logAlertNotifier, webhookAlertNotifier } from './platform/alerts';
import { createAppleClientSecret } from './providers/oauth/apple-client-secret';
import { startLocalOidcProvider } from './providers/oauth/local-oidc-provider';
import type { OAuthClient } from './providers/oauth/oauth-provider';
import { createOpenIdOAuth } from './providers/oauth/openid-oauth';
import { createFsStorage } from './providers/storage/fs-storage';
import { createS3Storage } from './providers/storage/s3-storage';
import type { StorageProvider } from './providers/storage/storage-provider';

export interface Runtime {
  database: Database;
  storage: StorageProvider;
  alertNotifier: AlertNotifier;
  oauth: OAuthClient | null;
  /** Releases what the runtime opened (database, local OpenID provider), in reverse order. */
  close(): Promise<void>;
}

/** Google and Apple in staging/production; the local OpenID provider answering for both in local. */
export async function createOAuth(config: Config): Promise<{ client: OAuthClient; close(): Promise<void> }> {
  if (config.oauth.provider === 'local') {
    const redirectUri = (p: OAuthProvider) => `${config.publicBaseUrl}/api/v1/auth/oauth/${p}/callback`;
    const local = await startLocalOidcProvider({ port: config.oauth.localIssuerPort, redirectUri });
    return {
      client: createOpenIdOAuth({ providers: local.settings, publicBaseUrl: config.publicBaseUrl }),
      close: local.close,
    };
  }
  const { google, apple } = config.oauth;
  return {
    client: createOpenIdOAuth({
      publicBaseUrl: config.publicBaseUrl,
      providers: {
        google: {
          issuer: 'https://accounts.google.com',
          clientId: google.clientId ?? '',
          clientSecret: google.clientSecret ?? '',
        },
        apple: {
          issuer: 'https://appleid.apple.com',
          clientId: apple.clientId ?? '',
          // Apple takes its client secret as form fields, and the secret is a JWT we sign with the
          // team's key (config requires the key outside local use).
          clientSecret:
            apple.teamId && apple.keyId && apple.privateKey
              ? createAppleClientSecret({
                  teamId: apple.teamId,
                  keyId: apple.keyId,
                  clientId: apple.clientId ?? '',
                  privateKeyPem: apple.privateKey,
                })
              : (apple.clientSecret ?? ''),
          tokenEndpointAuth: 'client_secret_post',
          responseMode: 'form_post',
          scope: 'openid email name',
        },
      },
    }),
    close: async () => {},
  };
}

export function createStorage(config: Config): StorageProvider {
  if (config.storage.provider === 's3') return createS3Storage(config.storage.s3);
  return createFsStorage(config.storage.dir);
}

export async function openRuntime(
  config: Config,
  logger: Logger,
  options: { oauth?: boolean } = {},
): Promise<Runtime> {
  const database = await openDatabase(config.database);
  try {
    const applied = await migrate(database.db);
    if (applied.length > 0) logger.info({ stage: 'migrate', applied }, 'database migrated');
  } catch (err) {
    await database.close();
    throw err;
  }
  const alertNotifier = config.operations.alertWebhookUrl
    ? webhookAlertNotifier(config.operations.alertWebhookUrl, logger)
    : logAlertNotifier(logger);
  const oauth = options.oauth ? await createOAuth(config) : null;
  return {
    database,
    storage: createStorage(config),
    alertNotifier,
    oauth: oauth?.client ?? null,
    async close() {
      await oauth?.close();
      await database.close();
    },
  };
}
