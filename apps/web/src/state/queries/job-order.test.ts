import type { Job } from '@kitwright/contracts';
import { describe, expect, it } from 'vitest';
import { newerJob } from './job-order';

const steps = ['voxelise', 'layout', 'validate', 'preview', 'store'];
function job(over: Partial<Job>): Job {
  return {
    id: 'j1',
    type: 'block_kit',
    status: 'running',
    resource: null,
    idempotency_key: null,
    steps: steps.map((name) => ({ name, status: 'pending', progress: 0 })),
    current_step: 'voxelise',
    progress: 0,
    attempts: 1,
    max_attempts: 3,
    retries: 0,
    lease_expires_at: null,
    error: null,
    degraded_reason: null,
    artefacts: {},
    can_retry: false,
    can_cancel: true,
    cancel_requested: false,
    created_at: '2026-11-25T10:00:00Z',
    started_at: '2026-11-25T10:00:01Z',
    finished_at: null,
    ...over,
  };
}

describe('newerJob', () => {
  it('keeps the state further along when an older answer arrives late', () => {
    const pushed = job({ current_step: 'store', progress: 0.8 });
    const polled = job({ current_step: 'preview', progress: 0.6 });
    expect(newerJob(pushed, polled)).toBe(pushed);
    expect(newerJob(polled, pushed)).toBe(pushed);
    expect(newerJob(job({ progress: 0.3 }), job({ progress: 0.2 })).progress).toBe(0.3);
    const done = job({ status: 'succeeded', current_step: null, progress: 1 });
    expect(newerJob(done, pushed)).toBe(done);
    expect(newerJob(job({ status: 'queued' }), pushed)).toBe(pushed);
  });

  it('treats a degraded job as finished: a late running answer does not bring it back', () => {
    const degraded = job({
      status: 'degraded',
      current_step: null,
      progress: 1,
      degraded_reason: 'Not used: fluffy.',
    });
    const late = job({ current_step: 'store', progress: 0.9 });
    expect(newerJob(degraded, late)).toBe(degraded);
    expect(newerJob(late, degraded)).toBe(degraded);
  });

  it('takes a retry or a new attempt, which starts again', () => {
    const failed = job({ status: 'failed', progress: 0.9, current_step: 'store' });
    const retried = job({ status: 'queued', retries: 1, progress: 0, current_step: null });
    expect(newerJob(failed, retried)).toBe(retried);
    expect(newerJob(retried, failed)).toBe(retried);
    const second = job({ attempts: 2, progress: 0.1 });
    expect(newerJob(job({ progress: 0.7, current_step: 'layout' }), second)).toBe(second);
    expect(newerJob(undefined, second)).toBe(second);
  });
});
