/**
 * Design drafts as server state: a draft, the latest few, starting one (its first job with it),
 * changing it, its jobs and publishing it. Job changes arrive live over the WebSocket (topic
 * "job") and are written straight into the cache; when a draft's job finishes, the draft is read
 * again (the server updates it in the same transaction).
 */
import type { Draft, Job } from '@kitwright/contracts';
import type { CreateDraftInput, DraftChanges, PublishInput } from '@kitwright/sdk';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useKitwright } from '../../client/kitwright';
import { dashboardKeys } from './dashboard';
import { isFinished, jobKeys, storeJob, useJob, useJobActions } from './jobs';
import { viewerKeys } from './viewer';

export const draftKeys = {
  all: () => [...viewerKeys.all(), 'drafts'] as const,
  list: () => [...viewerKeys.all(), 'drafts', 'list'] as const,
  detail: (id: string) => [...viewerKeys.all(), 'drafts', 'detail', id] as const,
};

export const DRAFT_STALE_TIME = 5_000;
/** How many drafts the create page lists. */
export const RECENT_DRAFTS = 6;

export function useDraft(id: string | undefined) {
  const client = useKitwright();
  return useQuery<Draft>({
    queryKey: draftKeys.detail(id ?? ''),
    queryFn: ({ signal }) => client.drafts.get(id ?? '', { signal }),
    enabled: Boolean(id),
    staleTime: DRAFT_STALE_TIME,
  });
}

/** The user's latest drafts, newest first. */
export function useRecentDrafts() {
  const client = useKitwright();
  return useQuery({
    queryKey: draftKeys.list(),
    queryFn: ({ signal }) => client.drafts.list({ limit: RECENT_DRAFTS, signal }),
  });
}

/** A draft changed on the server (a job finished or started): read it, the list and the dashboard again. */
function refreshDraft(queryClient: QueryClient, draftId: string) {
  void queryClient.invalidateQueries({ queryKey: draftKeys.detail(draftId) });
  void queryClient.invalidateQueries({ queryKey: draftKeys.list() });
  void queryClient.invalidateQueries({ queryKey: dashboardKeys.all() });
}

function draftOf(job: Job): string | null {
  return job.resource?.type === 'design_draft' ? job.resource.id : null;
}

/**
 * One of a draft's jobs. A job seen finishing by a poll (no push arrived) still refreshes its
 * draft: when it was seen running here before, or it finished moments ago.
 */
export function useDraftJob(id: string | null | undefined) {
  const queryClient = useQueryClient();
  const query = useJob(id);
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
    const draftId = draftOf(job);
    if (refreshed.current === key || !draftId) return;
    refreshed.current = key;
    const recent = job.finished_at !== null && Date.now() - Date.parse(job.finished_at) < 60_000;
    if (sawRunning.current || recent)
      void queryClient.invalidateQueries({ queryKey: draftKeys.detail(draftId) });
  }, [job, queryClient]);
  return query;
}

/**
 * Subscribes to live job changes for as long as the screen is open. A push sent while nothing
 * listened is gone (a job that finished while the upload screen handed over to the draft's, or
 * while the socket was still connecting), so the unfinished jobs are read again when the screen
 * starts listening and each time the socket becomes ready; otherwise a quick job would look
 * queued until the next poll.
 */
export function useLiveDraftJobs(): void {
  const client = useKitwright();
  const queryClient = useQueryClient();
  useEffect(() => {
    const unsubscribe = client.ws.subscribe('job', (data) => {
      const job = data as Job;
      if (!job || typeof job.id !== 'string') return;
      const isNew = storeJob(queryClient, job);
      const draftId = draftOf(job);
      if (draftId && (isFinished(job) || isNew)) refreshDraft(queryClient, draftId);
    });
    const catchUp = () =>
      void queryClient.invalidateQueries({
        queryKey: jobKeys.all(),
        predicate: (query) => !isFinished(query.state.data as Job | undefined),
      });
    const stopWatching = client.ws.on('status', (status) => {
      if (status === 'ready') catchUp();
    });
    catchUp();
    return () => {
      unsubscribe();
      stopWatching();
    };
  }, [client, queryClient]);
}

export type DraftJobKind = 'model' | 'block-kit';

/** The actions on a draft and its jobs; each updates the cache with the server's answer. */
export function useDraftActions(draftId: string) {
  const client = useKitwright();
  const queryClient = useQueryClient();
  const readDraft = () => queryClient.invalidateQueries({ queryKey: draftKeys.detail(draftId) });
  const { retry, cancel } = useJobActions(() => void readDraft());
  const startJob = useMutation({
    mutationFn: ({ kind, key }: { kind: DraftJobKind; key: string }) =>
      kind === 'model'
        ? client.drafts.startModelJob(draftId, { idempotencyKey: key })
        : client.drafts.startBlockKitJob(draftId, { idempotencyKey: key }),
    onSuccess: (job) => {
      storeJob(queryClient, job);
      void readDraft();
    },
  });
  const update = useMutation({
    mutationFn: (changes: DraftChanges) => client.drafts.update(draftId, changes),
    onSuccess: (draft) => {
      queryClient.setQueryData(draftKeys.detail(draftId), draft);
      void queryClient.invalidateQueries({ queryKey: draftKeys.list() });
    },
  });
  return { startJob, retry, cancel, update };
}

/**
 * Starts a design: makes the draft, then its first job (the model check, or the prompt's design)
 * under the idempotency key of this click. Both answers go into the cache, so the draft's
 * workspace opens with its job at once; the draft is read again as the server has it now.
 */
export function useStartDraft() {
  const client = useKitwright();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ draft: input, jobKey }: { draft: CreateDraftInput; jobKey: string }) => {
      const draft = await client.drafts.create(input);
      queryClient.setQueryData(draftKeys.detail(draft.id), draft);
      const job = await client.drafts.startModelJob(draft.id, { idempotencyKey: jobKey });
      storeJob(queryClient, job);
      // The draft now names its job: this copy is a placeholder until the draft is read again.
      queryClient.setQueryData(draftKeys.detail(draft.id), {
        ...draft,
        jobs: { ...draft.jobs, model: job.id },
      });
      void queryClient.invalidateQueries({ queryKey: draftKeys.detail(draft.id) });
      void queryClient.invalidateQueries({ queryKey: draftKeys.list() });
      return draft;
    },
  });
}

/** Deletes an unpublished draft (and its files); the lists it was in are read again. */
export function useDeleteDraft() {
  const client = useKitwright();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draftId: string) => client.drafts.delete(draftId),
    onSuccess: (_answer, draftId) => {
      queryClient.removeQueries({ queryKey: draftKeys.detail(draftId) });
      void queryClient.invalidateQueries({ queryKey: draftKeys.list() });
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.all() });
    },
  });
}

/** Publishes a finished draft as a listing its designer owns. */
export function usePublishDraft(draftId: string) {
  const client = useKitwright();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PublishInput) => client.drafts.publish(draftId, input),
    onSuccess: () => refreshDraft(queryClient, draftId),
  });
}
