/** SQL for the local outbox: every email a local server "sent". */
import type { Insertable, Kysely } from 'kysely';
import type { DB, EmailOutboxTable } from '../../db/schema';

export async function insertMail(db: Kysely<DB>, values: Insertable<EmailOutboxTable>) {
  await db.insertInto('email_outbox').values(values).execute();
}

export function recent(db: Kysely<DB>, limit: number) {
  return db
    .selectFrom('email_outbox')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
