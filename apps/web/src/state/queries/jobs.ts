/**
 * Background jobs as server state: each job is a query, polled until it finishes (slowly while
 * the realtime socket is up, in case a push was missed), and retried or cancelled on request.
 * What a job means for its draft is the drafts' business (drafts.ts).
 */
import type { Job } from '@kitwright/contracts';
import { TERMINAL_JOB_STATUSES } from '@kitwright/contracts/constants';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useKitwright } from '../../client/kitwright';
import { newerJob } from './job-order';
import { viewerKeys } from './viewer';

export const jobKeys = {
  all: () => [...viewerKeys.all(), 'job'] as const,
  detail: (id: string) => [...viewerKeys.all(), 'job', id] as const,
};

export const JOB_STALE_TIME = 2_000;
/** How often an unfinished job is read again: with the socket up (a missed push), and without. */
export const JOB_POLL_LIVE = 15_000;
export const JOB_POLL_OFFLINE = 2_000;

export const TERMINAL_JOB = new Set<Job['status']>(TERMINAL_JOB_STATUSES);

export function isFinished(job: Job | undefined | null): boolean {
  return job ? TERMINAL_JOB.has(job.status) : false;
}

/** Puts a job the server answered with into the cache; true when it was not there before. */
export function storeJob(queryClient: QueryClient, job: Job): boolean {
  const key = jobKeys.detail(job.id);
  const before = queryClient.getQueryData<Job>(key);
  queryClient.setQueryData(key, newerJob(before, job));
  return before === undefined;
}

/** Whether the realtime socket is connected and authenticated. */
export function useRealtimeReady(): boolean {
  const client = useKitwright();
  const [ready, setReady] = useState(client.ws.status === 'ready');
  useEffect(() => {
    setReady(client.ws.status === 'ready');
    return client.ws.on('status', (status) => setReady(status === 'ready'));
  }, [client]);
  return ready;
}

export function useJob(id: string | null | undefined) {
  const client = useKitwright();
  const live = useRealtimeReady();
  return useQuery<Job>({
    queryKey: jobKeys.detail(id ?? ''),
    queryFn: ({ signal }) => client.jobs.get(id ?? '', { signal }),
    enabled: Boolean(id),
    staleTime: JOB_STALE_TIME,
    // A poll answered before a push that arrived first must not move the job backwards.
    structuralSharing: (before, next) => newerJob(before as Job | undefined, next as Job),
    refetchInterval: (q) => (isFinished(q.state.data) ? false : live ? JOB_POLL_LIVE : JOB_POLL_OFFLINE),
  });
}

/** Retrying or cancelling a job; the server's answer goes into the cache, then `onChanged` runs. */
export function useJobActions(onChanged: (job: Job) => void) {
  const client = useKitwright();
  const queryClient = useQueryClient();
  const onSuccess = (job: Job) => {
    storeJob(queryClient, job);
    onChanged(job);
  };
  const retry = useMutation({ mutationFn: (jobId: string) => client.jobs.retry(jobId), onSuccess });
  const cancel = useMutation({ mutationFn: (jobId: string) => client.jobs.cancel(jobId), onSuccess });
  return { retry, cancel };
}
