/** SQL of the support figures the founder dashboard counts. */
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';

/** Conversations opened in the period with their first staff reply (null while unanswered). */
export async function openedWithFirstResponse(db: Kysely<DB>, from: Date, to: Date) {
  const r = await sql<{ id: string; created_at: Date; due_at: Date; first_response_at: Date | null }>`
    SELECT c.id, c.created_at, c.first_response_due_at AS due_at,
      (SELECT min(m.created_at) FROM support_messages m
        WHERE m.conversation_id = c.id AND m.author_role = 'staff' AND NOT m.internal) AS first_response_at
    FROM support_conversations c WHERE c.created_at >= ${from} AND c.created_at < ${to}
    ORDER BY c.created_at, c.id`.execute(db);
  return r.rows.map((row) => ({
    ...row,
    created_at: new Date(row.created_at),
    due_at: new Date(row.due_at),
    first_response_at: row.first_response_at ? new Date(row.first_response_at) : null,
  }));
}

/** Conversations not resolved or closed, whenever they were opened. */
export async function openNow(db: Kysely<DB>) {
  const r = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM support_conversations WHERE status NOT IN ('resolved', 'closed')`.execute(
    db,
  );
  return r.rows[0]?.n ?? 0;
}
