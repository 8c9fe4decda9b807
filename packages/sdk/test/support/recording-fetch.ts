/**
 * A fetch that passes every request to the real network and keeps a log of what the SDK sent,
 * so tests can count refreshes and check headers; an optional rewrite changes a request first.
 */
import type { FetchLike } from '../../src/index';

export interface RecordedRequest {
  method: string;
  path: string;
  url: URL;
  headers: Record<string, string>;
  body: unknown;
  credentials: RequestInit['credentials'];
  redirect: RequestInit['redirect'];
  status: number | null;
  responseHeaders: Headers | null;
}

export type Rewrite = (url: URL, init: RequestInit) => RequestInit | undefined;

export function recordingFetch(rewrite?: Rewrite) {
  const requests: RecordedRequest[] = [];
  const fetchImpl: FetchLike = async (input, init) => {
    const url = new URL(input);
    const finalInit = rewrite?.(url, init) ?? init;
    const headers = Object.fromEntries(new Headers(finalInit.headers).entries());
    const record: RecordedRequest = {
      method: finalInit.method ?? 'GET',
      path: url.pathname,
      url,
      headers,
      body: typeof finalInit.body === 'string' ? JSON.parse(finalInit.body) : undefined,
      credentials: finalInit.credentials,
      redirect: finalInit.redirect,
      status: null,
      responseHeaders: null,
    };
    requests.push(record);
    const res = await fetch(input, finalInit);
    record.status = res.status;
    record.responseHeaders = res.headers;
    return res;
  };
  return {
    fetch: fetchImpl,
    requests,
    to(path: string): RecordedRequest[] {
      return requests.filter((r) => r.path === path);
    },
  };
}

export const REFRESH_PATH = '/api/v1/auth/refresh';
export const ME_PATH = '/api/v1/users/me';
