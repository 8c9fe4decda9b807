/**
 * Sends a model file to POST /api/media/uploads with real progress. fetch() cannot report upload
 * progress, so this uses XMLHttpRequest (on the web and in React Native alike), with the same
 * token, language and consent headers as the SDK, and the same error shape (KitwrightError).
 */
import type { Upload } from '@kitwright/contracts';
import { isKitwrightError, type KitwrightClient, KitwrightError } from '@kitwright/sdk';
import { currentConsent } from '../../state/consent';
import type { PickedFile } from './picked-file';

export interface UploadProgress {
  loaded: number;
  total: number;
}

function send(
  client: KitwrightClient,
  file: PickedFile,
  token: string | null,
  locale: string,
  onProgress: (p: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<Upload> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', client.api.url('/api/media/uploads'));
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('accept-language', locale);
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    const consent = currentConsent();
    if (consent !== 'unset') xhr.setRequestHeader('x-analytics-consent', consent);
    xhr.upload.onprogress = (event) => {
      onProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : file.size });
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body && typeof body === 'object' && 'upload' in body) {
        onProgress({ loaded: file.size, total: file.size });
        resolve((body as { upload: Upload }).upload);
        return;
      }
      const envelope = (
        body as { error?: { code?: string; message?: string; details?: Record<string, unknown> } }
      )?.error;
      const retryAfter = Number(xhr.getResponseHeader('retry-after'));
      reject(
        new KitwrightError({
          code: envelope?.code ?? (xhr.status === 413 ? 'PAYLOAD_TOO_LARGE' : 'INTERNAL_ERROR'),
          status: xhr.status,
          message: envelope?.message ?? `Upload failed (${xhr.status}).`,
          correlation_id: xhr.getResponseHeader('x-request-id'),
          details: envelope?.details,
          retry_after_seconds: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
        }),
      );
    };
    xhr.onerror = () =>
      reject(
        new KitwrightError({ code: 'NETWORK_ERROR', status: 0, message: 'The upload was interrupted.' }),
      );
    xhr.onabort = () => reject(Object.assign(new Error('The upload was cancelled.'), { name: 'AbortError' }));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });

    const form = new FormData();
    if (file.blob) form.append('file', file.blob, file.name);
    else
      form.append('file', {
        uri: file.uri,
        name: file.name,
        type: file.type ?? 'application/octet-stream',
      } as unknown as Blob);
    xhr.send(form);
  });
}

export async function uploadModel(
  client: KitwrightClient,
  file: PickedFile,
  options: { locale: string; onProgress: (p: UploadProgress) => void; signal?: AbortSignal },
): Promise<Upload> {
  // The token must be fresh: an upload can take longer than the little time a stale one has left.
  await client.auth.ensureFreshSession().catch(() => {});
  try {
    return await send(
      client,
      file,
      client.auth.getAccessToken(),
      options.locale,
      options.onProgress,
      options.signal,
    );
  } catch (err) {
    if (isKitwrightError(err) && err.code === 'INVALID_TOKEN' && client.auth.isAuthenticated()) {
      await client.auth.refresh();
      return send(
        client,
        file,
        client.auth.getAccessToken(),
        options.locale,
        options.onProgress,
        options.signal,
      );
    }
    throw err;
  }
}
