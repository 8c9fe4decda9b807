/**
 * Accounts for a local first look (npm start): verified, with a known password, one per role.
 * Idempotent: an account that exists is left as it is.
 */
import type { Role } from '@kitwright/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { newId } from '../../platform/ids';
import { hashPassword } from '../../platform/passwords';
import * as repo from './users-repo';

export interface DemoAccount {
  username: string;
  email: string;
  display_name: string;
  role?: Role;
  locale?: string;
}

/** Creates the accounts that do not exist yet; returns how many it created. */
export async function ensureDemoAccounts(db: Kysely<DB>, accounts: readonly DemoAccount[], password: string) {
  const passwordHash = await hashPassword(password);
  const now = new Date();
  let created = 0;
  for (const a of accounts) {
    const row = await repo.insertUserIfFree(db, {
      id: newId(),
      username: a.username,
      email: a.email,
      passwordHash,
      displayName: a.display_name,
      locale: a.locale ?? 'en',
      signupProvider: 'password',
      emailVerifiedAt: now,
      sourceAttribution: {},
      now,
      ...(a.role ? { role: a.role } : {}),
    });
    if (row) created++;
  }
  return created;
}
