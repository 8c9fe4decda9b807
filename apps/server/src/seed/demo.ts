/**
 * Demo data for local use: one account per role, so a newcomer can sign in as a user, a member of
 * staff or a founder, and a few example incidents from past drills. Idempotent: running it again changes nothing that exists.
 */
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { DB } from '../db/schema';
import { ensureDemoAccounts } from '../modules/auth/demo-accounts';
import { seedDrillIncidents } from './incidents';

export const DEMO_PASSWORD = 'kitwright-demo';

export const DEMO_USERS = [
  { username: 'demo', email: 'demo@kitwright.local', display_name: 'Dana Demo', role: 'user' },
  { username: 'staff', email: 'staff@kitwright.local', display_name: 'Sam Staff', role: 'staff' },
  { username: 'founder', email: 'founder@kitwright.local', display_name: 'Frankie Founder', role: 'founder' },
] as const;

export async function seedDemoUsers(db: Kysely<DB>): Promise<number> {
  return ensureDemoAccounts(db, DEMO_USERS, DEMO_PASSWORD);
}

export async function seedDemoData(db: Kysely<DB>, log: Logger): Promise<void> {
  const users = await seedDemoUsers(db);
  if (users > 0) log.info({ stage: 'seed', users }, 'seeded demo accounts');
  const incidents = await seedDrillIncidents(db);
  if (incidents > 0) log.info({ stage: 'seed', incidents }, 'seeded example drill incidents');
}
