/** What the beta module tells the founder dashboard: the feedback sent in a period. */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import * as repo from './stats-repo';

export interface FeedbackSummary {
  count: number;
  /** Rounded to two decimals; null without feedback. */
  mean_rating: number | null;
  by_reason: Array<{ reason: string; count: number }>;
}

export async function feedbackSummary(db: Kysely<DB>, from: Date, to: Date): Promise<FeedbackSummary> {
  const rows = await repo.feedbackSummary(db, from, to);
  const count = rows.reduce((sum, r) => sum + r.n, 0);
  const ratings = rows.reduce((sum, r) => sum + r.rating_sum, 0);
  return {
    count,
    mean_rating: count === 0 ? null : Math.round((ratings / count) * 100) / 100,
    by_reason: rows
      .map((r) => ({ reason: r.reason, count: r.n }))
      .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)),
  };
}
