/**
 * The one way the SDK calls an operation of the API: method and path come from the contracts'
 * OPERATIONS table (path parameters filled in by operationPath), the input and answer types from
 * its schemas, and the request goes through ApiClient.request, so the token refresh, the one retry
 * after INVALID_TOKEN, the visitor header, the language and KitwrightError stay in one place.
 */
import type {
  OperationBody,
  OperationName,
  OperationParams,
  OperationQuery,
  OperationResult,
} from '@kitwright/contracts';
import { OPERATIONS, operationPath } from '@kitwright/contracts/operations';
import type { ApiClient, QueryParams, RequestOptions } from '../api-client';

/** What every call may add: cancellation, extra headers, and (rarely) how to authenticate. */
export interface CallOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** 'auto' (default), 'token' or 'none': see RequestOptions.auth. */
  auth?: RequestOptions['auth'];
  /** Let the request outlive the page (small bodies only). */
  keepalive?: boolean;
}

type Absent<T> = [T] extends [undefined] ? true : false;

/**
 * The input of operation N: `params` when its path has parameters, `body` when it takes one (both
 * required then), `query` when it reads one; a field the operation does not take is a type error.
 */
export type CallInput<N extends OperationName> = CallOptions &
  (Absent<OperationParams<N>> extends true ? { params?: undefined } : { params: OperationParams<N> }) &
  (Absent<OperationQuery<N>> extends true ? { query?: undefined } : { query?: OperationQuery<N> }) &
  (Absent<OperationBody<N>> extends true ? { body?: undefined } : { body: OperationBody<N> });

/**
 * What operation N answers with. An empty answer (204) resolves to undefined, so the schemas'
 * null for "no body" becomes undefined; an operation whose answer the contracts leave open (Phase A.5,
 * which answers PHASE_CLOSED today) is unknown.
 */
export type CallResult<N extends OperationName> = [OperationResult<N>] extends [never]
  ? unknown
  : [OperationResult<N>] extends [null]
    ? undefined
    : Exclude<OperationResult<N>, null>;

/** A page of a list: `cursor` (the previous page's `next_cursor`) and `limit`. */
export type PageQuery = NonNullable<OperationQuery<'listDrafts'>>;

/** The input argument, optional when nothing in it is required. */
export type CallArgs<N extends OperationName> =
  Record<never, never> extends CallInput<N> ? [input?: CallInput<N>] : [input: CallInput<N>];

/** Calls operation `name` of the API through `api`; resolves to its answer or throws KitwrightError. */
export function call<N extends OperationName>(
  api: ApiClient,
  name: N,
  ...[input]: CallArgs<N>
): Promise<CallResult<N>> {
  const { params, query, body, ...options } = (input ?? {}) as CallOptions & {
    params?: Record<string, string>;
    query?: object;
    body?: unknown;
  };
  return request<CallResult<N>>(api, name, params, {
    ...options,
    ...(query ? { query: query as QueryParams } : {}),
    ...(body !== undefined ? { body } : {}),
  });
}

/**
 * The untyped step under `call`, for the few requests whose body is not JSON (an upload's form)
 * or whose answer is read another way (file bytes): method and path still come from OPERATIONS.
 */
export function request<T>(
  api: ApiClient,
  name: OperationName,
  params: Record<string, string> | undefined,
  options: RequestOptions,
): Promise<T> {
  return api.request<T>(OPERATIONS[name].method, operationPath(name, params), options);
}

/** Splits a method's options into the query it sends and the call options. */
export function splitOptions<Q extends object>(
  options: (Q & CallOptions) | undefined,
): { query: Q; options: CallOptions } {
  const { signal, headers, auth, keepalive, ...query } = options ?? ({} as Q & CallOptions);
  const callOptions: CallOptions = {};
  if (signal) callOptions.signal = signal;
  if (headers) callOptions.headers = headers;
  if (auth) callOptions.auth = auth;
  if (keepalive !== undefined) callOptions.keepalive = keepalive;
  return { query: query as unknown as Q, options: callOptions };
}
