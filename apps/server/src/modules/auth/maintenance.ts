/** Housekeeping of the accounts module: OAuth attempts and email links that no longer matter. */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import * as emailTokens from './email-tokens-repo';
import * as identities from './identities-repo';

export function createAuthMaintenance(db: Kysely<DB>) {
  return {
    pruneOAuthAttempts: (before: Date, limit: number) => identities.pruneOAuthAttempts(db, before, limit),
    pruneEmailTokens: (before: Date, limit: number) => emailTokens.pruneEmailTokens(db, before, limit),
  };
}
