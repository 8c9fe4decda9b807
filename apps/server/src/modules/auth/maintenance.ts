/** Housekeeping of the accounts module: OAuth attempts and email links that no longer matter. */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import * as repo from './repo';

export function createAuthMaintenance(db: Kysely<DB>) {
  return {
    pruneOAuthAttempts: (before: Date, limit: number) => repo.pruneOAuthAttempts(db, before, limit),
    pruneEmailTokens: (before: Date, limit: number) => repo.pruneEmailTokens(db, before, limit),
  };
}
