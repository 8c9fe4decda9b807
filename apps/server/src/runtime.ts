/**
 * Opens what a process needs from its configuration: the database (migrated) and file storage
 * (alert channels need the email provider, so the app makes them: providers/alerts). Used by the server and by every command-line tool, so all see the same data.
 */
import type { OAuthProvider } from '@kitwright/contracts';
import type { Logger } from 'pino';
import type { Config } from './config';
import { type Database, openDatabase } from './db/connection';
import { migrate } from './db/migrate';
import { createAppleClientSecret } from './providers/oauth/apple-client-secret';
import type { OAuthClient } from './providers/oauth/oauth-provider';
import { createOpenIdOAuth } from './providers/oauth/openid-oauth';
import { createFsStorage } from './providers/storage/fs-storage';
import { createS3Storage } from './providers/storage/s3-storage';
import type { StorageProvider } from './providers/storage/storage-provider';

export interface Runtime {
  database: Database;
  storage: StorageProvider;
  oauth: OAuthClient | null;
  /** Releases what the runtime opened (database, local OpenID provider), in reverse order. */
  close(): Promise<void>;
}

/**
 * The local OpenID provider, started (and oidc-provider loaded) at the first sign-in with Google or
 * Apple rather than at every start: oidc-provider prints a warning on Node 20 when it is loaded,
 * and most local runs never use it.
 */
function lazyLocalOAuth(config: Config): { client: OAuthClient; close(): Promise<void> } {
  const redirectUri = (p: OAuthProvider) => `${config.publicBaseUrl}/api/v1/auth/oauth/${p}/callback`;
  let started: Promise<{ client: OAuthClient; close(): Promise<void> }> | null = null;
  const start = () => {
    started ??= import('./providers/oauth/local-oidc-provider')
      .then(({ startLocalOidcProvider }) =>
        startLocalOidcProvider({ port: config.oauth.localIssuerPort, redirectUri }),
      )
      .then((local) => ({
        client: createOpenIdOAuth({ providers: local.settings, publicBaseUrl: config.publicBaseUrl }),
        close: local.close,
      }))
      .catch((err: unknown) => {
        started = null; // the next sign-in tries again
        throw err;
      });
    return started;
  };
  return {
    client: {
      redirectUri,
      authorizationUrl: async (provider, request) =>
        (await start()).client.authorizationUrl(provider, request),
      exchange: async (provider, input) => (await start()).client.exchange(provider, input),
    },
    async close() {
      const running = started;
      started = null;
      if (running) await (await running.catch(() => null))?.close();
    },
  };
}

/** Google and Apple in staging/production; the local OpenID provider answering for both in local. */
export async function createOAuth(config: Config): Promise<{ client: OAuthClient; close(): Promise<void> }> {
  if (config.oauth.provider === 'local') return lazyLocalOAuth(config);
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

/**
 * Migrates under a session advisory lock, so on a direct connection: DATABASE_DIRECT_URL when set
 * (a transaction-pooling PgBouncer would run the lock and its release on different server sessions).
 */
async function migrateOnce(settings: Config['database'], database: Database): Promise<string[]> {
  if (!settings.directUrl) return migrate(database.db);
  const direct = await openDatabase({ ...settings, url: settings.directUrl, poolSize: 1 });
  try {
    return await migrate(direct.db);
  } finally {
    await direct.close();
  }
}

export async function openRuntime(
  config: Config,
  logger: Logger,
  options: { oauth?: boolean } = {},
): Promise<Runtime> {
  const database = await openDatabase(config.database);
  try {
    const applied = await migrateOnce(config.database, database);
    if (applied.length > 0) logger.info({ stage: 'migrate', applied }, 'database migrated');
  } catch (err) {
    await database.close();
    throw err;
  }
  const oauth = options.oauth ? await createOAuth(config) : null;
  return {
    database,
    storage: createStorage(config),
    oauth: oauth?.client ?? null,
    async close() {
      await oauth?.close();
      await database.close();
    },
  };
}
