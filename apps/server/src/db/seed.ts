/**
 * Demo data for local use: one account per role, so a newcomer can sign in as a user, a member of
 * staff or a founder. Idempotent: running it again changes nothing that exists.
 */
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { newId } from '../platform/ids';
import { hashPassword } from '../platform/passwords';
import type { DB } from './schema';

export const DEMO_PASSWORD = 'kitwright-demo';

export const DEMO_USERS = [
  { username: 'demo', email: 'demo@kitwright.local', display_name: 'Dana Demo', role: 'user' },
  { username: 'staff', email: 'staff@kitwright.local', display_name: 'Sam Staff', role: 'staff' },
  { username: 'founder', email: 'founder@kitwright.local', display_name: 'Frankie Founder', role: 'founder' },
] as const;

export async function seedDemoUsers(db: Kysely<DB>): Promise<number> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  let created = 0;
  for (const user of DEMO_USERS) {
    const result = await db
      .insertInto('users')
      .values({ id: newId(), ...user, password_hash: passwordHash, email_verified_at: new Date() })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    created += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return created;
}

export async function seedDemoData(db: Kysely<DB>, log: Logger): Promise<void> {
  const users = await seedDemoUsers(db);
  if (users > 0) log.info({ stage: 'seed', users }, 'seeded demo accounts');
}
