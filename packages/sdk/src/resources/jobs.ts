/** `kw.jobs`: the background jobs of the user's drafts (live changes arrive on the WebSocket topic "job"). */
import type { ApiClient } from '../api-client';
import { type CallOptions, call } from './call';

export function jobsResource(api: ApiClient) {
  return {
    get(jobId: string, options?: CallOptions) {
      return call(api, 'getJob', { params: { jobId }, ...options });
    },
    /** Runs a job that failed for a reason that may pass (`can_retry`) again. */
    retry(jobId: string, options?: CallOptions) {
      return call(api, 'retryJob', { params: { jobId }, ...options });
    },
    /** Cancels a queued job at once, a running one at its next step (`cancel_requested`). */
    cancel(jobId: string, options?: CallOptions) {
      return call(api, 'cancelJob', { params: { jobId }, ...options });
    },
  };
}

export type JobsResource = ReturnType<typeof jobsResource>;
