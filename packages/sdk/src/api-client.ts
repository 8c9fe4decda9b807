/**
 * The HTTP client under every SDK call: JSON in and out (multipart for uploads), the Bearer token
 * with its refresh, cookies (`credentials: 'include'`), the visitor-session header outside browsers,
 * and one KitwrightError for every failure. Uploads with progress go over XMLHttpRequest.
 */
import type { VISITOR_SESSION_HEADER as ContractVisitorHeader } from '@kitwright/contracts';
import { errorFromResponse, isKitwrightError, KitwrightError, networkError } from './errors';

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue | readonly QueryValue[]>;

/** Request-body bytes sent so far and the body's size, as XMLHttpRequest reports them. */
export type UploadProgressListener = (loaded: number, total: number | null) => void;

export interface RequestOptions {
  /** Sent as JSON; a FormData is sent as it is (multipart, with the runtime's boundary). */
  body?: unknown;
  query?: QueryParams;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /**
   * 'auto' (default): send the access token, refresh it first when it expires within 5 minutes,
   * and refresh once and retry once after 401 INVALID_TOKEN. 'token': send it as it is.
   * 'none': send no access token (sign-in endpoints).
   */
  auth?: 'auto' | 'token' | 'none';
  /** Let the request outlive the page (fetch's keepalive; small bodies only). */
  keepalive?: boolean;
  /**
   * Upload progress. Where the runtime has XMLHttpRequest (browsers, React Native) the request is
   * sent with it, which reports progress; elsewhere (Node) with fetch, which cannot, so the
   * listener is not called.
   */
  onUploadProgress?: UploadProgressListener;
  /** 'auto' (default): parsed JSON, or the text of any other answer. 'blob': the bytes. */
  responseType?: 'auto' | 'blob';
}

export interface SendOptions extends RequestOptions {
  redirect?: RequestInit['redirect'];
}

/** The part of a response the SDK reads: fetch's Response, or an XMLHttpRequest's answer. */
export interface WireResponse {
  readonly ok: boolean;
  readonly status: number;
  readonly statusText: string;
  readonly headers: { get(name: string): string | null };
  text(): Promise<string>;
  blob?(): Promise<Blob>;
}

/** How the API client asks the auth component for fresh tokens; set by createClient. */
export interface ApiAuthHooks {
  /** Before an 'auto' request: refresh if the token expires within the window. Never throws. */
  beforeRequest(): Promise<void>;
  /** After 401 INVALID_TOKEN for `token`: true when the tokens were refreshed, so one retry is worth it. */
  onInvalidToken(token: string): Promise<boolean>;
  /** After 401 SESSION_REVOKED for `token`: that session has ended on the server. */
  onSessionRevoked(token: string): Promise<void>;
}

/** The parts of XMLHttpRequest the SDK uses (declared here: Node's and React Native's types lack the DOM's). */
export interface XMLHttpRequestLike {
  open(method: string, url: string): void;
  setRequestHeader(name: string, value: string): void;
  withCredentials: boolean;
  readonly upload: {
    onprogress: ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null;
  } | null;
  onload: (() => void) | null;
  onerror: (() => void) | null;
  ontimeout: (() => void) | null;
  readonly status: number;
  readonly statusText: string;
  readonly responseText: string;
  getResponseHeader(name: string): string | null;
  send(body?: unknown): void;
  abort(): void;
}

export type XMLHttpRequestConstructorLike = new () => XMLHttpRequestLike;

export interface ApiClientOptions {
  baseUrl: string;
  fetch?: FetchLike;
  /** Sent as Accept-Language. */
  locale?: string | null;
  /**
   * Headers added to every request, read at each request (e.g. a consent state). Prefer this to a
   * fetch wrapper for headers: uploads with progress go through XMLHttpRequest, not fetch.
   */
  headers?: () => Record<string, string>;
  /** For uploads with progress. Default: globalThis.XMLHttpRequest where it exists; false: always fetch. */
  XMLHttpRequest?: XMLHttpRequestConstructorLike | false;
}

// Typed against the contracts' constant so the two cannot drift; its value cannot be imported (no
// runtime dependencies).
export const VISITOR_SESSION_HEADER: typeof ContractVisitorHeader = 'x-visitor-session';

export class ApiClient {
  readonly baseUrl: string;
  private readonly fetchImpl: FetchLike;
  private readonly extraHeaders: (() => Record<string, string>) | null;
  private readonly xhr: XMLHttpRequestConstructorLike | null;
  private token: string | null = null;
  private visitorToken: string | null = null;
  private locale: string | null;
  private hooks: ApiAuthHooks | null = null;

  constructor(options: ApiClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    // Wrapped so a browser's fetch is never called with the wrong `this` ("Illegal invocation").
    this.fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.locale = options.locale ?? null;
    this.extraHeaders = options.headers ?? null;
    this.xhr =
      options.XMLHttpRequest === false
        ? null
        : (options.XMLHttpRequest ??
          (globalThis as { XMLHttpRequest?: XMLHttpRequestConstructorLike }).XMLHttpRequest ??
          null);
  }

  setToken(token: string | null): void {
    this.token = token;
  }

  getToken(): string | null {
    return this.token;
  }

  /** The visitor session presented as a header where no cookie jar keeps it; null to stop. */
  setVisitorToken(token: string | null): void {
    this.visitorToken = token;
  }

  setLocale(locale: string | null): void {
    this.locale = locale;
  }

  setAuthHooks(hooks: ApiAuthHooks | null): void {
    this.hooks = hooks;
  }

  get<T>(path: string, options?: RequestOptions): Promise<T> {
    return this.request<T>('GET', path, options);
  }

  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
    return this.request<T>('POST', path, { ...options, body });
  }

  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
    return this.request<T>('PUT', path, { ...options, body });
  }

  patch<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
    return this.request<T>('PATCH', path, { ...options, body });
  }

  delete<T>(path: string, options?: RequestOptions): Promise<T> {
    return this.request<T>('DELETE', path, options);
  }

  /**
   * Sends a request and returns the parsed body (JSON; text for other answers; undefined for an
   * empty one), or throws a KitwrightError. Every request of the SDK, uploads included, passes
   * here: the refresh before, the one retry after INVALID_TOKEN, SESSION_REVOKED, the error parsing.
   */
  async request<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> {
    const mode = options.auth ?? 'auto';
    if (mode === 'auto' && this.token && this.hooks) await this.hooks.beforeRequest();
    const sent = mode === 'none' ? null : this.token;
    const res = await this.transmit(method, path, options);
    if (res.ok) return readBody<T>(res, options.responseType);
    const error = await errorFromResponse(res);
    if (sent && this.hooks) {
      if (error.code === 'SESSION_REVOKED') await this.hooks.onSessionRevoked(sent);
      if (mode === 'auto' && error.code === 'INVALID_TOKEN' && (await this.hooks.onInvalidToken(sent))) {
        const retry = await this.transmit(method, path, options);
        if (retry.ok) return readBody<T>(retry, options.responseType);
        const retryError = await errorFromResponse(retry);
        if (retryError.code === 'SESSION_REVOKED' && this.token)
          await this.hooks.onSessionRevoked(this.token);
        throw retryError;
      }
    }
    throw error;
  }

  /** The raw fetch response (any status), for callers that handle redirects themselves. */
  async send(method: HttpMethod, path: string, options: SendOptions = {}): Promise<Response> {
    const { headers, body } = this.prepare(options);
    const init: RequestInit = { method, headers, credentials: 'include' };
    if (body !== undefined) init.body = body;
    if (options.signal) init.signal = options.signal;
    if (options.redirect) init.redirect = options.redirect;
    if (options.keepalive) init.keepalive = true;
    try {
      return await this.fetchImpl(this.url(path, options.query), init);
    } catch (err) {
      // An abort is the caller's own doing: hand back their reason, not a network error.
      if (options.signal?.aborted || isKitwrightError(err)) throw err;
      throw networkError(err);
    }
  }

  url(path: string, query?: QueryParams): string {
    const url = /^https?:\/\//.test(path) ? path : `${this.baseUrl}${path.startsWith('/') ? '' : '/'}${path}`;
    if (!query) return url;
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      for (const item of Array.isArray(value) ? value : [value]) {
        if (item !== undefined && item !== null) params.append(key, String(item));
      }
    }
    const search = params.toString();
    return search ? `${url}${url.includes('?') ? '&' : '?'}${search}` : url;
  }

  /**
   * The headers and body of a request, the same over fetch and XMLHttpRequest: Accept, language,
   * the client's extra headers, the token (unless auth is 'none'), the visitor session, the body's
   * type (JSON; a FormData's is left to the runtime, which adds the boundary), the call's headers.
   */
  private prepare(options: RequestOptions): {
    headers: Record<string, string>;
    body: string | FormData | undefined;
  } {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.locale) headers['accept-language'] = this.locale;
    if (this.extraHeaders) Object.assign(headers, this.extraHeaders());
    const token = (options.auth ?? 'auto') === 'none' ? null : this.token;
    if (token) headers.authorization = `Bearer ${token}`;
    if (this.visitorToken) headers[VISITOR_SESSION_HEADER] = this.visitorToken;
    let body: string | FormData | undefined;
    if (isFormData(options.body)) body = options.body;
    else if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    Object.assign(headers, options.headers);
    return { headers, body };
  }

  private transmit(method: HttpMethod, path: string, options: RequestOptions): Promise<WireResponse> {
    if (options.onUploadProgress && this.xhr) return this.sendWithXhr(this.xhr, method, path, options);
    return this.send(method, path, options);
  }

  /** The same request as send(), over XMLHttpRequest so the upload reports progress. */
  private sendWithXhr(
    Xhr: XMLHttpRequestConstructorLike,
    method: HttpMethod,
    path: string,
    options: RequestOptions,
  ): Promise<WireResponse> {
    const { signal, onUploadProgress } = options;
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise<WireResponse>((resolve, reject) => {
      const xhr = new Xhr();
      const onAbort = () => {
        xhr.abort();
        reject(signal?.reason);
      };
      const settle = () => signal?.removeEventListener('abort', onAbort);
      xhr.open(method, this.url(path, options.query));
      xhr.withCredentials = true;
      const { headers, body } = this.prepare(options);
      for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
      if (xhr.upload && onUploadProgress)
        xhr.upload.onprogress = (event) =>
          onUploadProgress(event.loaded, event.lengthComputable ? event.total : null);
      xhr.onload = () => {
        settle();
        const status = xhr.status;
        // Some runtimes report a connection failure as a load with status 0.
        if (status === 0) {
          reject(networkError(new Error(`XMLHttpRequest ${method} ${path} failed`)));
          return;
        }
        const text = xhr.responseText ?? '';
        resolve({
          ok: status >= 200 && status < 300,
          status,
          statusText: xhr.statusText ?? '',
          headers: { get: (name) => xhr.getResponseHeader(name) },
          text: async () => text,
        });
      };
      xhr.onerror = xhr.ontimeout = () => {
        settle();
        reject(networkError(new Error(`XMLHttpRequest ${method} ${path} failed`)));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      xhr.send(body);
    });
  }
}

function isFormData(value: unknown): value is FormData {
  return typeof FormData !== 'undefined' && value instanceof FormData;
}

export async function readBody<T>(
  res: WireResponse,
  responseType: RequestOptions['responseType'] = 'auto',
): Promise<T> {
  if (responseType === 'blob' && res.blob) return (await res.blob()) as T;
  const text = await res.text();
  if (!text) return undefined as T;
  const type = res.headers.get('content-type') ?? '';
  if (!type.includes('json')) return text as T;
  try {
    return JSON.parse(text) as T;
  } catch (cause) {
    throw new KitwrightError({
      code: 'INTERNAL_ERROR',
      status: res.status,
      message: 'The server answered with malformed JSON.',
      correlation_id: res.headers.get('x-request-id'),
      cause,
    });
  }
}
