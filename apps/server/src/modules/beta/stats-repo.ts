/** SQL of the beta figures: the founder dashboard's feedback summary and the learning review's windows. */
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';

/** Feedback sent in the period: how many, the mean rating, and how many per reason. */
export async function feedbackSummary(db: Kysely<DB>, from: Date, to: Date) {
  const r = await sql<{ reason: string; n: number; rating_sum: number }>`
    SELECT reason, count(*)::int AS n, sum(rating)::int AS rating_sum
    FROM beta_feedback WHERE created_at >= ${from} AND created_at < ${to}
    GROUP BY reason ORDER BY reason`.execute(db);
  return r.rows;
}

/** Feedback of a window by screen and reason. */
export async function feedbackByScreenAndReason(db: Kysely<DB>, from: Date, to: Date) {
  const r = await sql<{ screen: string; reason: string; n: number; rating_sum: number }>`
    SELECT screen, reason, count(*)::int AS n, sum(rating)::int AS rating_sum
    FROM beta_feedback WHERE created_at >= ${from} AND created_at < ${to}
    GROUP BY screen, reason ORDER BY screen, reason`.execute(db);
  return r.rows;
}

/** Observed sessions of a window and their tasks' outcomes, by task. */
export async function sessionOutcomes(db: Kysely<DB>, from: Date, to: Date) {
  const sessions = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM beta_sessions WHERE observed_at >= ${from} AND observed_at < ${to}`.execute(
    db,
  );
  const tasks = await sql<{ task: string; outcome: string; n: number }>`
    SELECT t.task, t.outcome, count(*)::int AS n
    FROM beta_session_tasks t JOIN beta_sessions s ON s.id = t.session_id
    WHERE s.observed_at >= ${from} AND s.observed_at < ${to}
    GROUP BY t.task, t.outcome ORDER BY t.task, t.outcome`.execute(db);
  return { sessions: sessions.rows[0]?.n ?? 0, tasks: tasks.rows };
}

/** The written comments of a window that most need reading: lowest rating first, then newest. */
export function topText(db: Kysely<DB>, from: Date, to: Date, limit: number) {
  return db
    .selectFrom('beta_feedback')
    .selectAll()
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .where('body', 'is not', null)
    .orderBy('rating')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
