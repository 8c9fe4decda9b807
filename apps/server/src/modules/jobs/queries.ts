/** Jobs in short for the account export and support, and the queue's figures for operations. */
import type { QueueHealth } from '@kitwright/contracts';
import { isUuid } from '../../platform/ids';
import type { JobsContext } from './context';
import * as repo from './repo';

/** Every job a person started, in short (their account export). */
export async function exportFor(ctx: JobsContext, userId: string) {
  return (await repo.allOf(ctx.db, userId)).map((r) => ({
    id: r.id,
    type: r.type,
    status: r.status,
    resource: r.resource_type && r.resource_id ? { type: r.resource_type, id: r.resource_id } : null,
    error_code: r.error_code,
    created_at: r.created_at.toISOString(),
    finished_at: r.finished_at?.toISOString() ?? null,
  }));
}

/** A person's recent jobs with safe error codes only (what support staff see about them). */
export async function recentFor(ctx: JobsContext, userId: string, limit = 10) {
  return (await repo.recentOf(ctx.db, userId, limit)).map((r) => ({
    id: r.id,
    type: r.type,
    status: r.status,
    error_code: r.error_code,
    created_at: r.created_at.toISOString(),
    finished_at: r.finished_at?.toISOString() ?? null,
  }));
}

/** One job in short (a support conversation about it), or null. */
export async function summary(ctx: JobsContext, jobId: string) {
  const row = isUuid(jobId) ? await repo.findJob(ctx.db, jobId) : undefined;
  return row ? { id: row.id, type: row.type, status: row.status, owner_user_id: row.owner_user_id } : null;
}

export async function queueHealth(ctx: JobsContext): Promise<QueueHealth> {
  const { config } = ctx;
  const windowHours = config.jobs.deadLetterWindowHours;
  // Only recent dead letters count (repo.queueFigures): a dead job stays dead, and counting all
  // of them would keep the alert open forever once the threshold was passed.
  const r = await repo.queueFigures(ctx.db, windowHours);
  const p95 = Math.round(Number(r.p95 ?? 0) * 10) / 10;
  return {
    queued: r.queued,
    running: r.running,
    dead: r.dead,
    queue_age_p95_seconds: p95,
    limits: {
      queue_age_p95_seconds: config.jobs.queueAgeP95LimitSeconds,
      dead_letters: config.jobs.deadLetterThreshold,
      dead_letter_window_hours: windowHours,
    },
    stuck: p95 > config.jobs.queueAgeP95LimitSeconds || r.dead > config.jobs.deadLetterThreshold,
  };
}
