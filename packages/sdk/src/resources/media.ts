/**
 * `kw.media`: uploads (models and images) with progress, an uploaded file's record, and its bytes.
 * An upload is an ordinary SDK request (ApiClient.request), so it gets the same token refresh,
 * the one retry after INVALID_TOKEN, the same headers and the same KitwrightError as any other.
 */
import type { OperationQuery } from '@kitwright/contracts';
import { OPERATIONS, operationPath } from '@kitwright/contracts/operations';
import type { ApiClient } from '../api-client';
import { type CallOptions, type CallResult, call, request } from './call';

/**
 * What to upload: a Blob or File (browsers, Node), or React Native's file reference
 * `{ uri, name, type }` (add `size` for progress totals before the runtime reports them).
 */
export type UploadFile = Blob | { uri: string; name: string; type?: string; size?: number };

export interface UploadProgress {
  /** Bytes of the file sent so far; never decreases. */
  loaded: number;
  /** The file's size (the request body's size when the file's is unknown). */
  total: number;
}

export interface UploadOptions extends CallOptions {
  /**
   * Called with { loaded, total }: at the start (loaded 0), as the runtime reports bytes going out,
   * and once more with loaded === total when the server has accepted the file. Browsers and React
   * Native send with XMLHttpRequest, which reports as bytes go out (so loaded reaches total with
   * the last byte, before the answer); Node sends with fetch, which cannot report upload progress,
   * so there it is called at the start and at the end only.
   */
  onProgress?: (progress: UploadProgress) => void;
  /** Attach the upload to this draft. */
  draftId?: string;
  /** Repair what a strict read refuses as recoverable (the refusal's details.recoverable). */
  repair?: boolean;
  /** The file name sent for a Blob that is not a File. Default: the File's name, else "upload". */
  name?: string;
}

type UploadQuery = NonNullable<OperationQuery<'uploadMedia'>>;

function isBlob(file: UploadFile): file is Blob {
  return typeof Blob !== 'undefined' && file instanceof Blob;
}

function isReactNative(): boolean {
  return (globalThis as { navigator?: { product?: string } }).navigator?.product === 'ReactNative';
}

function formFor(file: UploadFile, name: string | undefined): FormData {
  const form = new FormData();
  if (isBlob(file)) {
    form.append('file', file, name ?? (file as { name?: string }).name ?? 'upload');
    return form;
  }
  // React Native's FormData reads the file from its uri; no other runtime does.
  if (!isReactNative())
    throw new TypeError('A { uri, name, type } file is React Native’s; pass a Blob or File in this runtime.');
  const part = { uri: file.uri, name: name ?? file.name, type: file.type ?? 'application/octet-stream' };
  form.append('file', part as unknown as Blob);
  return form;
}

/** Turns the runtime's body progress into file progress: scaled to the file's size, never backwards. */
function progressReporter(listener: (progress: UploadProgress) => void, size: number | null) {
  let loaded = 0;
  let total = size;
  const emit = () => {
    if (total !== null) listener({ loaded, total });
  };
  return {
    start: emit,
    body(sent: number, bodyTotal: number | null) {
      if (size === null) total = bodyTotal ?? total;
      if (total === null) return;
      const scaled = size !== null && bodyTotal ? Math.round((sent / bodyTotal) * size) : sent;
      const next = Math.min(total, Math.max(loaded, scaled));
      if (next === loaded) return;
      loaded = next;
      emit();
    },
    done() {
      if (total === null) return;
      loaded = total;
      emit();
    },
  };
}

/** A media file's content address around its id, e.g. "/api/media/" and "/content". */
const [CONTENT_BEFORE, CONTENT_AFTER] = OPERATIONS.mediaContent.path.split(':mediaId') as [string, string];

/**
 * The media id in a content address the API answered with (a listing's `kit_url`, a draft's
 * `preview_png_url`), relative or on this client's `baseUrl`; anything else is a TypeError.
 */
function mediaIdOf(api: ApiClient, address: string): string {
  const onBase = address.startsWith(`${api.baseUrl}/`) ? address.slice(api.baseUrl.length) : address;
  const path = onBase.split(/[?#]/)[0] ?? '';
  const id =
    path.startsWith(CONTENT_BEFORE) && path.endsWith(CONTENT_AFTER)
      ? path.slice(CONTENT_BEFORE.length, path.length - CONTENT_AFTER.length)
      : '';
  if (!id || id.includes('/')) throw new TypeError(`Not a media file's address: ${address}`);
  return decodeURIComponent(id);
}

export function mediaResource(api: ApiClient) {
  const content = (mediaId: string, options?: CallOptions): Promise<Blob> =>
    request<Blob>(api, 'mediaContent', { mediaId }, { ...options, responseType: 'blob' });
  return {
    /** Uploads a file (multipart field "file"); the server reads its type from the bytes. */
    async upload(file: UploadFile, options: UploadOptions = {}): Promise<CallResult<'uploadMedia'>> {
      const { onProgress, draftId, repair, name, ...rest } = options;
      const query: UploadQuery = {};
      if (draftId) query.draft_id = draftId;
      if (repair !== undefined) query.repair = repair;
      const size = isBlob(file) ? file.size : (file.size ?? null);
      const progress = onProgress ? progressReporter(onProgress, size) : null;
      const form = formFor(file, name);
      progress?.start();
      const answer = await request<CallResult<'uploadMedia'>>(api, 'uploadMedia', undefined, {
        ...rest,
        body: form,
        query,
        ...(progress ? { onUploadProgress: progress.body } : {}),
      });
      progress?.done();
      return answer;
    },
    /** The record of one of the user's uploads. */
    get(mediaId: string, options?: CallOptions) {
      return call(api, 'getMedia', { params: { mediaId }, ...options });
    },
    /** The file's bytes, with the user's token (for a file only its owner may read yet). */
    content,
    /**
     * The bytes at a media address an answer gave (a listing's `kit_url`, a draft's
     * `preview_png_url`): `content()` of the media id in it. Any other address rejects with a TypeError,
     * and nothing is sent.
     */
    async contentAt(address: string, options?: CallOptions): Promise<Blob> {
      return content(mediaIdOf(api, address), options);
    },
    /** The file's address, for an `<img src>` or a download link; sends nothing (no token goes with it). */
    contentUrl(mediaId: string): string {
      return api.url(operationPath('mediaContent', { mediaId }));
    },
  };
}

export type MediaResource = ReturnType<typeof mediaResource>;
