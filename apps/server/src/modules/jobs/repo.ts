/** SQL for the `jobs` table: queueing, owners' reads and actions, the runner's fenced writes, health. */
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { newId } from '../../platform/ids';
import type { JobRow, JobStepState } from '../../platform/jobs';

type Q = Kysely<DB> | Transaction<DB>;

export function findJob(q: Q, id: string) {
  return q.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The job of this type, owner and idempotency key, if one was queued before. */
export function findByIdempotencyKey(
  q: Q,
  key: { type: string; idempotencyKey: string; ownerUserId: string | null },
) {
  return q
    .selectFrom('jobs')
    .selectAll()
    .where('type', '=', key.type)
    .where('idempotency_key', '=', key.idempotencyKey)
    .where((eb) =>
      key.ownerUserId ? eb('owner_user_id', '=', key.ownerUserId) : eb('owner_user_id', 'is', null),
    )
    .executeTakeFirst();
}

/** Inserts a queued job; undefined when the same idempotency key won a race meanwhile. */
export async function insertJob(
  q: Q,
  input: {
    type: string;
    ownerUserId: string | null;
    resource: { type: string; id: string } | null;
    idempotencyKey: string | null;
    payload: unknown;
    steps: readonly string[];
    correlationId: string | null;
  },
  maxAttempts: number,
): Promise<JobRow | undefined> {
  const inserted = await sql<JobRow>`
    INSERT INTO jobs (id, type, owner_user_id, resource_type, resource_id, idempotency_key, payload, steps, max_attempts, correlation_id)
    VALUES (${newId()}, ${input.type}, ${input.ownerUserId}, ${input.resource?.type ?? null}, ${input.resource?.id ?? null},
            ${input.idempotencyKey}, ${JSON.stringify(input.payload)},
            ${JSON.stringify(input.steps.map((name) => ({ name, status: 'pending', progress: 0 })))},
            ${maxAttempts}, ${input.correlationId})
    ON CONFLICT DO NOTHING
    RETURNING *`.execute(q);
  return inserted.rows[0];
}

/** Whether an owner's job for this resource is queued or running (read by the owner's index). */
export async function hasActiveFor(
  q: Q,
  ownerUserId: string,
  resource: { type: string; id: string },
): Promise<boolean> {
  const row = await q
    .selectFrom('jobs')
    .select('id')
    .where('owner_user_id', '=', ownerUserId)
    .where('resource_type', '=', resource.type)
    .where('resource_id', '=', resource.id)
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirst();
  return Boolean(row);
}

/** Queues a failed-but-retryable or dead job again from the start; undefined if it is neither. */
export function requeueForRetry(q: Q, id: string) {
  return q
    .updateTable('jobs')
    .set({
      status: 'queued',
      attempts: 0,
      retries: sql`retries + 1`,
      run_at: sql`now()`,
      error_code: null,
      error_message: null,
      error_retryable: null,
      cancel_requested_at: null,
      dead_lettered_at: null,
      finished_at: null,
      progress: 0,
      steps: sql`(SELECT coalesce(jsonb_agg(jsonb_set(jsonb_set(s, '{status}', '"pending"'), '{progress}', '0')), '[]') FROM jsonb_array_elements(steps) s)`,
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'dead'),
        eb.and([eb('status', '=', 'failed'), eb('error_retryable', '=', true)]),
      ]),
    )
    .returningAll()
    .executeTakeFirst();
}

/** A queued job is cancelled at once; undefined when it is not queued. */
export function cancelQueued(q: Q, id: string) {
  return q
    .updateTable('jobs')
    .set({
      status: 'cancelled',
      finished_at: sql`now()`,
      cancel_requested_at: sql`now()`,
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .where('status', '=', 'queued')
    .returningAll()
    .executeTakeFirst();
}

/** Asks a running job to stop at its next step boundary; undefined when it is not running. */
export function requestCancel(q: Q, id: string) {
  return q
    .updateTable('jobs')
    .set({ cancel_requested_at: sql`coalesce(cancel_requested_at, now())`, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .returningAll()
    .executeTakeFirst();
}

/** Queue depth and the 95th-percentile age of due queued jobs; dead letters of the window only. */
export async function queueFigures(q: Q, deadLetterWindowHours: number) {
  const result = await sql<{ queued: number; running: number; dead: number; p95: number | null }>`
    SELECT count(*) FILTER (WHERE status = 'queued')::int AS queued,
           count(*) FILTER (WHERE status = 'running')::int AS running,
           count(*) FILTER (WHERE status = 'dead')::int AS dead,
           percentile_cont(0.95) WITHIN GROUP (ORDER BY extract(epoch FROM now() - run_at))
             FILTER (WHERE status = 'queued' AND run_at <= now()) AS p95
    FROM jobs
    WHERE status IN ('queued', 'running')
       OR (status = 'dead' AND dead_lettered_at > now() - ${deadLetterWindowHours} * interval '1 hour')`.execute(
    q,
  );
  return result.rows[0] ?? { queued: 0, running: 0, dead: 0, p95: null };
}

/** Jobs by status, for the metrics gauge. */
export async function countByStatus(q: Q): Promise<Record<string, number>> {
  const rows = await sql<{ status: string; n: number }>`
    SELECT status, count(*)::int AS n FROM jobs WHERE status IN ('queued', 'running', 'dead') GROUP BY status`.execute(
    q,
  );
  return Object.fromEntries(rows.rows.map((r) => [r.status, r.n]));
}

/** The readiness probe: the queue table answers. */
export async function ping(q: Q): Promise<void> {
  await sql`SELECT 1 FROM jobs LIMIT 1`.execute(q);
}

// The runner's statements. Every write about a running job is fenced by its lease owner.

export async function deadLetterExpired(q: Q): Promise<JobRow[]> {
  const rows = await sql<JobRow>`
    UPDATE jobs SET status = 'dead', dead_lettered_at = now(), finished_at = now(), updated_at = now(),
      lease_owner = NULL, lease_expires_at = NULL,
      error_code = 'WORKER_LOST', error_message = 'The job stopped responding on every attempt.', error_retryable = true
    WHERE status = 'running' AND lease_expires_at < now() AND attempts >= max_attempts
    RETURNING *`.execute(q);
  return rows.rows;
}

export async function claimNext(
  q: Q,
  types: readonly string[],
  workerId: string,
  leaseMs: number,
): Promise<JobRow | null> {
  const claimed = await sql<JobRow>`
    WITH next AS (
      SELECT id FROM jobs
      WHERE type = ANY(${[...types]}::text[])
        AND ((status = 'queued' AND run_at <= now())
             OR (status = 'running' AND lease_expires_at < now() AND attempts < max_attempts))
      ORDER BY run_at, id
      LIMIT 1
      FOR UPDATE SKIP LOCKED
    )
    UPDATE jobs j SET status = 'running', lease_owner = ${workerId},
      lease_expires_at = now() + ${leaseMs} * interval '1 millisecond',
      attempts = j.attempts + 1, started_at = coalesce(j.started_at, now()), updated_at = now()
    FROM next WHERE j.id = next.id
    RETURNING j.*`.execute(q);
  return claimed.rows[0] ?? null;
}

function fenced(q: Q, jobId: string, workerId: string) {
  return q
    .updateTable('jobs')
    .where('id', '=', jobId)
    .where('lease_owner', '=', workerId)
    .where('status', '=', 'running');
}

export function extendLease(q: Q, jobId: string, workerId: string, leaseMs: number) {
  return fenced(q, jobId, workerId)
    .set({
      lease_expires_at: sql`now() + ${leaseMs} * interval '1 millisecond'`,
      updated_at: sql`now()`,
    })
    .returning(['cancel_requested_at'])
    .executeTakeFirst();
}

export function writeProgress(
  q: Q,
  jobId: string,
  workerId: string,
  p: { steps: JobStepState[]; current: string | null; progress: number },
) {
  return fenced(q, jobId, workerId)
    .set({
      steps: JSON.stringify(p.steps),
      current_step: p.current,
      progress: p.progress,
      updated_at: sql`now()`,
    })
    .returningAll()
    .executeTakeFirst();
}

export function markSucceeded(
  q: Q,
  jobId: string,
  workerId: string,
  result: { artefacts: Record<string, unknown>; steps: JobStepState[]; degradedReason: string | null },
) {
  return fenced(q, jobId, workerId)
    .set({
      status: result.degradedReason === null ? 'succeeded' : 'degraded',
      degraded_reason: result.degradedReason,
      artefacts: JSON.stringify(result.artefacts),
      steps: JSON.stringify(result.steps),
      progress: 1,
      current_step: null,
      lease_owner: null,
      lease_expires_at: null,
      finished_at: sql`now()`,
      updated_at: sql`now()`,
      error_code: null,
      error_message: null,
      error_retryable: null,
    })
    .returningAll()
    .executeTakeFirst();
}

export function scheduleRetry(
  q: Q,
  jobId: string,
  workerId: string,
  retry: { inMs: number; code: string; message: string },
) {
  return fenced(q, jobId, workerId)
    .set({
      status: 'queued',
      run_at: sql`now() + ${retry.inMs} * interval '1 millisecond'`,
      lease_owner: null,
      lease_expires_at: null,
      error_code: retry.code,
      error_message: retry.message,
      error_retryable: true,
      updated_at: sql`now()`,
    })
    .returningAll()
    .executeTakeFirst();
}

export function markFailed(
  q: Q,
  jobId: string,
  workerId: string,
  failure: { code: string; message: string; retryable: boolean; steps: JobStepState[] },
) {
  return fenced(q, jobId, workerId)
    .set({
      status: 'failed',
      lease_owner: null,
      lease_expires_at: null,
      error_code: failure.code,
      error_message: failure.message,
      error_retryable: failure.retryable,
      steps: JSON.stringify(failure.steps),
      finished_at: sql`now()`,
      updated_at: sql`now()`,
    })
    .returningAll()
    .executeTakeFirst();
}

export function markCancelled(q: Q, jobId: string, workerId: string) {
  return fenced(q, jobId, workerId)
    .set({
      status: 'cancelled',
      lease_owner: null,
      lease_expires_at: null,
      finished_at: sql`now()`,
      updated_at: sql`now()`,
      current_step: null,
    })
    .returningAll()
    .executeTakeFirst();
}

export function handBack(q: Q, jobId: string, workerId: string) {
  return fenced(q, jobId, workerId)
    .set({
      status: 'queued',
      lease_owner: null,
      lease_expires_at: null,
      attempts: sql`attempts - 1`,
      updated_at: sql`now()`,
    })
    .returningAll()
    .executeTakeFirst();
}

/** Every job a person started, oldest first (the account export). */
export function allOf(q: Q, userId: string) {
  return q
    .selectFrom('jobs')
    .select([
      'id',
      'type',
      'status',
      'resource_type',
      'resource_id',
      'error_code',
      'created_at',
      'finished_at',
    ])
    .where('owner_user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/**
 * Deletes every job a person started (their payloads hold prompts and draft settings). A worker
 * running one finds its fenced writes refused, as when its lease is lost, and stops.
 */
export async function deleteAllOf(q: Q, userId: string): Promise<number> {
  const rows = await q.deleteFrom('jobs').where('owner_user_id', '=', userId).returning('id').execute();
  return rows.length;
}

/** A person's most recent jobs, newest first, with only their safe error code (support context). */
export function recentOf(q: Q, userId: string, limit: number) {
  return q
    .selectFrom('jobs')
    .select(['id', 'type', 'status', 'error_code', 'created_at', 'finished_at'])
    .where('owner_user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
