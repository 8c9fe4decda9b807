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

/**
 * One page of the entries about a person, by seq after `afterSeq`: what they did (as a user or as
 * their visitor sessions), what was done to their account, and to their sign-in sessions.
 */
export function pageAbout(
  db: Kysely<DB>,
  who: { actorIds: readonly string[]; userId: string; sessionIds: readonly string[] },
  afterSeq: number,
  limit: number,
) {
  return db
    .selectFrom('audit_log')
    .select([
      'seq',
      'occurred_at',
      'action',
      'actor_type',
      'actor_id',
      'resource_type',
      'resource_id',
      'details',
    ])
    .where('seq', '>', afterSeq)
    .where((eb) =>
      eb.or([
        eb('actor_id', 'in', [...who.actorIds]),
        eb.and([eb('resource_type', '=', 'user'), eb('resource_id', '=', who.userId)]),
        ...(who.sessionIds.length > 0
          ? [eb.and([eb('resource_type', '=', 'auth_session'), eb('resource_id', 'in', [...who.sessionIds])])]
          : []),
      ]),
    )
    .orderBy('seq')
    .limit(limit)
    .execute();
}
