/** `kw.drafts`: design drafts (Mode A from an upload, Mode B from a prompt), their jobs, publishing. */
import type { OperationBody } from '@kitwright/contracts';
import type { ApiClient } from '../api-client';
import { type CallOptions, call, type PageQuery, splitOptions } from './call';

export type CreateDraftInput = OperationBody<'createDraft'>;
export type DraftChanges = OperationBody<'updateDraft'>;
export type PublishInput = OperationBody<'publishDraft'>;

export interface StartJobOptions extends CallOptions {
  /**
   * Sent as Idempotency-Key (8–128 of letters, digits, `.` `_` `:` `-`): a start sent again with the
   * same key answers the job the first one started. Use one key per user action
   * (`newIdempotencyKey()`), reused when that action is retried.
   */
  idempotencyKey?: string;
}

function jobHeaders(options: StartJobOptions | undefined): CallOptions {
  const { idempotencyKey, ...rest } = options ?? {};
  if (!idempotencyKey) return rest;
  return { ...rest, headers: { ...rest.headers, 'Idempotency-Key': idempotencyKey } };
}

export function draftsResource(api: ApiClient) {
  return {
    create(body: CreateDraftInput, options?: CallOptions) {
      return call(api, 'createDraft', { body, ...options });
    },
    /** The user's drafts, newest first; pass `next_cursor` as `cursor` for the next page. */
    list(page?: PageQuery & CallOptions) {
      const { query, options } = splitOptions(page);
      return call(api, 'listDrafts', { query, ...options });
    },
    get(draftId: string, options?: CallOptions) {
      return call(api, 'getDraft', { params: { draftId }, ...options });
    },
    update(draftId: string, changes: DraftChanges, options?: CallOptions) {
      return call(api, 'updateDraft', { params: { draftId }, body: changes, ...options });
    },
    /** Deletes an unpublished draft and its stored files. */
    delete(draftId: string, options?: CallOptions) {
      return call(api, 'deleteDraft', { params: { draftId }, ...options });
    },
    /** Starts the model checks (Mode A) or the prompt generation (Mode B); answers the job. */
    startModelJob(draftId: string, options?: StartJobOptions) {
      return call(api, 'startModelJob', { params: { draftId }, ...jobHeaders(options) });
    },
    /** Starts voxelising and laying out the block kit; answers the job. */
    startBlockKitJob(draftId: string, options?: StartJobOptions) {
      return call(api, 'startBlockKitJob', { params: { draftId }, ...jobHeaders(options) });
    },
    /** Publishes the finished draft as a listing; answers the listing. */
    publish(draftId: string, body: PublishInput, options?: CallOptions) {
      return call(api, 'publishDraft', { params: { draftId }, body, ...options });
    },
  };
}

export type DraftsResource = ReturnType<typeof draftsResource>;

/** A fresh key for one user action (a click is one job, even if its request is sent twice). */
export function newIdempotencyKey(prefix = 'kw'): string {
  const random =
    (globalThis as { crypto?: { randomUUID?: () => string } }).crypto?.randomUUID?.() ??
    `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
  return `${prefix}-${random}`.slice(0, 128);
}
