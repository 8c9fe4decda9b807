/** SQL for the audit log and its chain head (owned by platform/audit.ts). */
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../db/schema';
import type { AuditContent } from './audit';

/** The chain's head, locked until the transaction ends so entries are appended one at a time. */
export async function lockHead(trx: Transaction<DB>) {
  const head = await sql<{ seq: number; hash: string }>`
    SELECT seq, hash FROM audit_chain_head WHERE id = true FOR UPDATE`.execute(trx);
  return head.rows[0];
}

export async function appendEntry(
  trx: Transaction<DB>,
  entry: AuditContent & { prev_hash: string; hash: string },
) {
  await trx
    .insertInto('audit_log')
    .values({ ...entry, details: JSON.stringify(entry.details) })
    .execute();
  await trx
    .updateTable('audit_chain_head')
    .set({ seq: entry.seq, hash: entry.hash })
    .where('id', '=', true)
    .execute();
}

export function entriesFrom(db: Kysely<DB>, seq: number, limit: number) {
  return db.selectFrom('audit_log').selectAll().where('seq', '>=', seq).orderBy('seq').limit(limit).execute();
}

export function head(db: Kysely<DB>) {
  return db.selectFrom('audit_chain_head').select(['seq', 'hash']).executeTakeFirst();
}
