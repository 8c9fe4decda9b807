/**
 * A draft and its jobs as server state: the draft and each job are queries; job changes arrive
 * live over the WebSocket (topic "job") and are written straight into the cache, with a slow poll
 * only while the socket is not connected. When a job finishes, the draft is read again (the
 * server updates it in the same transaction).
 */
import type { Draft, DraftSettings, Job } from '@kitwright/contracts';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { queryKeys } from '../../api/keys';
import { useKitwright } from '../../api/kitwright';

export const TERMINAL_JOB = new Set<Job['status']>(['succeeded', 'failed', 'cancelled', 'dead']);

export function isFinished(job: Job | undefined | null): boolean {
  return job ? TERMINAL_JOB.has(job.status) : false;
}

export function useDraft(id: string | undefined) {
  const client = useKitwright();
  return useQuery<Draft>({
    queryKey: queryKeys.draft(id ?? ''),
    queryFn: () => client.api.get<Draft>(`/api/design-drafts/${encodeURIComponent(id ?? '')}`),
    enabled: Boolean(id),
    staleTime: 5_000,
  });
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
  const queryClient = useQueryClient();
  const live = useRealtimeReady();
  const query = useQuery<Job>({
    queryKey: queryKeys.job(id ?? ''),
    queryFn: () => client.api.get<Job>(`/api/jobs/${encodeURIComponent(id ?? '')}`),
    enabled: Boolean(id),
    staleTime: 2_000,
    // Pushed live; polled as a fallback (slowly when the socket is up, in case a push was missed).
    refetchInterval: (q) => (isFinished(q.state.data) ? false : live ? 15_000 : 2_000),
  });
  // A job seen finishing by a poll (no push arrived) still refreshes its draft: when it was seen
  // running here before, or it finished moments ago.
  const job = query.data;
  const sawRunning = useRef(false);
  const refreshed = useRef<string | null>(null);
  useEffect(() => {
    if (!job) return;
    if (!isFinished(job)) {
      sawRunning.current = true;
      return;
    }
    const key = `${job.id}:${job.status}`;
    if (refreshed.current === key || job.resource?.type !== 'design_draft') return;
    refreshed.current = key;
    const recent = job.finished_at !== null && Date.now() - Date.parse(job.finished_at) < 60_000;
    if (sawRunning.current || recent)
      void queryClient.invalidateQueries({ queryKey: queryKeys.draft(job.resource.id) });
  }, [job, queryClient]);
  return query;
}

function applyJob(queryClient: QueryClient, job: Job) {
  const key = queryKeys.job(job.id);
  const before = queryClient.getQueryData<Job>(key);
  queryClient.setQueryData(key, job);
  if (job.resource?.type === 'design_draft' && (TERMINAL_JOB.has(job.status) || !before)) {
    void queryClient.invalidateQueries({ queryKey: queryKeys.draft(job.resource.id) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.drafts() });
    void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard() });
  }
}

/** Subscribes to live job changes for as long as the screen is open. */
export function useLiveJobs(): void {
  const client = useKitwright();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      client.ws.subscribe('job', (data) => {
        const job = data as Job;
        if (job && typeof job.id === 'string') applyJob(queryClient, job);
      }),
    [client, queryClient],
  );
}

/** The actions on a draft and its jobs; each updates the cache with the server's answer. */
export function useDraftActions(draftId: string) {
  const client = useKitwright();
  const queryClient = useQueryClient();
  const refreshDraft = () => queryClient.invalidateQueries({ queryKey: queryKeys.draft(draftId) });
  const path = `/api/design-drafts/${encodeURIComponent(draftId)}`;

  const startJob = useMutation({
    mutationFn: ({ kind, key }: { kind: 'model' | 'block-kit'; key: string }) =>
      client.api.post<Job>(`${path}/${kind}-jobs`, undefined, { headers: { 'idempotency-key': key } }),
    onSuccess: (job) => {
      queryClient.setQueryData(queryKeys.job(job.id), job);
      void refreshDraft();
    },
  });
  const retry = useMutation({
    mutationFn: (jobId: string) => client.api.post<Job>(`/api/jobs/${encodeURIComponent(jobId)}/retry`),
    onSuccess: (job) => {
      queryClient.setQueryData(queryKeys.job(job.id), job);
      void refreshDraft();
    },
  });
  const cancel = useMutation({
    mutationFn: (jobId: string) => client.api.post<Job>(`/api/jobs/${encodeURIComponent(jobId)}/cancel`),
    onSuccess: (job) => {
      queryClient.setQueryData(queryKeys.job(job.id), job);
      void refreshDraft();
    },
  });
  const update = useMutation({
    mutationFn: (body: { title?: string; prompt?: string; settings?: DraftSettings }) =>
      client.api.patch<Draft>(path, body),
    onSuccess: (draft) => {
      queryClient.setQueryData(queryKeys.draft(draftId), draft);
      void queryClient.invalidateQueries({ queryKey: queryKeys.drafts() });
    },
  });
  return { startJob, retry, cancel, update };
}

/** A fresh idempotency key for a job the user asked for (a click is one request, even if sent twice). */
export function newJobKey(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}
