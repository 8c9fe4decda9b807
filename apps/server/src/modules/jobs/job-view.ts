/** A job as its owner sees it, and whether it may be retried. */
import { type Job, type JobType, TERMINAL_JOB_STATUSES } from '@kitwright/contracts';
import type { JobRow, JobStepState } from '../../platform/jobs';

const TERMINAL = new Set<string>(TERMINAL_JOB_STATUSES);

/** Only a failed-but-retryable or dead job is retried; succeeded and degraded ones finished. */
export function canRetry(row: Pick<JobRow, 'status' | 'error_retryable'>): boolean {
  return row.status === 'dead' || (row.status === 'failed' && row.error_retryable === true);
}

export function toJob(row: JobRow): Job {
  return {
    id: row.id,
    type: row.type as JobType,
    status: row.status,
    resource: row.resource_type && row.resource_id ? { type: row.resource_type, id: row.resource_id } : null,
    idempotency_key: row.idempotency_key,
    steps: row.steps as JobStepState[],
    current_step: row.current_step,
    progress: Math.round(row.progress * 1000) / 1000,
    attempts: row.attempts,
    max_attempts: row.max_attempts,
    retries: row.retries,
    lease_expires_at: row.lease_expires_at?.toISOString() ?? null,
    error: row.error_code
      ? { code: row.error_code, message: row.error_message ?? '', retryable: row.error_retryable === true }
      : null,
    degraded_reason: row.status === 'degraded' ? (row.degraded_reason ?? '') : null,
    artefacts: row.artefacts,
    can_retry: canRetry(row),
    can_cancel: !TERMINAL.has(row.status),
    cancel_requested: row.cancel_requested_at !== null,
    created_at: row.created_at.toISOString(),
    started_at: row.started_at?.toISOString() ?? null,
    finished_at: row.finished_at?.toISOString() ?? null,
  };
}
