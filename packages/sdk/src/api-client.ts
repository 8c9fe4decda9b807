/**
 * The typed HTTP client: JSON in and out, the Bearer token, cookies (`credentials: 'include'`),
 * the visitor-session header outside browsers, and one KitwrightError for every failure.
 */
import type { VISITOR_SESSION_HEADER as ContractVisitorHeader } from '@kitwright/contracts';
import { errorFromResponse, isKitwrightError, KitwrightError, networkError } from './errors';

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue | readonly QueryValue[]>;

export interface RequestOptions {
  /** Sent as JSON. */
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
}

export interface SendOptions extends RequestOptions {
  redirect?: RequestInit['redirect'];
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

export interface ApiClientOptions {
  baseUrl: string;
  fetch?: FetchLike;
  /** Sent as Accept-Language. */
  locale?: string | null;
}

// Typed against the contracts' constant so the two cannot drift; its value cannot be imported (no
// runtime dependencies).
export const VISITOR_SESSION_HEADER: typeof ContractVisitorHeader = 'x-visitor-session';

export class ApiClient {
  readonly baseUrl: string;
  private readonly fetchImpl: FetchLike;
  private token: string | null = null;
  private visitorToken: string | null = null;
  private locale: string | null;
  private hooks: ApiAuthHooks | null = null;

  constructor(options: ApiClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    // Wrapped so a browser's fetch is never called with the wrong `this` ("Illegal invocation").
    this.fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.locale = options.locale ?? null;
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

  /** Sends a request and returns the parsed JSON body (undefined for an empty one), or throws. */
  async request<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> {
    const mode = options.auth ?? 'auto';
    if (mode === 'auto' && this.token && this.hooks) await this.hooks.beforeRequest();
    const sent = mode === 'none' ? null : this.token;
    const res = await this.send(method, path, options);
    if (res.ok) return readBody<T>(res);
    const error = await errorFromResponse(res);
    if (sent && this.hooks) {
      if (error.code === 'SESSION_REVOKED') await this.hooks.onSessionRevoked(sent);
      if (mode === 'auto' && error.code === 'INVALID_TOKEN' && (await this.hooks.onInvalidToken(sent))) {
        const retry = await this.send(method, path, options);
        if (retry.ok) return readBody<T>(retry);
        const retryError = await errorFromResponse(retry);
        if (retryError.code === 'SESSION_REVOKED' && this.token)
          await this.hooks.onSessionRevoked(this.token);
        throw retryError;
      }
    }
    throw error;
  }

  /** The raw response (any status), for callers that handle redirects themselves. */
  async send(method: HttpMethod, path: string, options: SendOptions = {}): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.locale) headers['accept-language'] = this.locale;
    const token = (options.auth ?? 'auto') === 'none' ? null : this.token;
    if (token) headers.authorization = `Bearer ${token}`;
    if (this.visitorToken) headers[VISITOR_SESSION_HEADER] = this.visitorToken;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    Object.assign(headers, options.headers);
    const init: RequestInit = { method, headers, credentials: 'include' };
    if (options.body !== undefined) init.body = JSON.stringify(options.body);
    if (options.signal) init.signal = options.signal;
    if (options.redirect) init.redirect = options.redirect;
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
}

export async function readBody<T>(res: Response): Promise<T> {
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
