/**
 * The one error type the SDK throws: API error envelopes and client-side failures alike carry a
 * stable `code`, the HTTP `status` (0 when there was none) and the server's `correlation_id`.
 */
import type { ClientErrorCode, ErrorCode } from '@kitwright/contracts';
import type { WireResponse } from './api-client';

/** Server codes from the contracts catalogue, the client-only codes, or a code newer than this SDK. */
export type KitwrightErrorCode = ErrorCode | ClientErrorCode | (string & {});

export interface KitwrightErrorInit {
  code: KitwrightErrorCode;
  status: number;
  message: string;
  correlation_id?: string | null;
  details?: Record<string, unknown> | undefined;
  location?: string | null;
  retry_after_seconds?: number | null;
  cause?: unknown;
}

export class KitwrightError extends Error {
  readonly code: KitwrightErrorCode;
  readonly status: number;
  readonly correlation_id: string | null;
  readonly details: Record<string, unknown> | undefined;
  /** OAUTH_REDIRECT only: where the server redirected to; null when the runtime hides it (browsers). */
  readonly location: string | null;
  /** RATE_LIMITED only: how long to wait, from Retry-After or the error details. */
  readonly retry_after_seconds: number | null;

  constructor(init: KitwrightErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    // An own property (not only the prototype's), so the error is still recognisable after it is
    // spread, cloned or crosses a realm, where instanceof fails.
    this.name = 'KitwrightError';
    this.code = init.code;
    this.status = init.status;
    this.correlation_id = init.correlation_id ?? null;
    this.details = init.details;
    this.location = init.location ?? null;
    this.retry_after_seconds = init.retry_after_seconds ?? null;
  }
}

/** True for any SDK error, including copies that lost their prototype. */
export function isKitwrightError(value: unknown): value is KitwrightError {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as { name?: unknown; code?: unknown; status?: unknown };
  return (
    candidate.name === 'KitwrightError' &&
    typeof candidate.code === 'string' &&
    typeof candidate.status === 'number'
  );
}

export function noRefreshTokenError(): KitwrightError {
  return new KitwrightError({
    code: 'NO_REFRESH_TOKEN',
    status: 0,
    message: 'There is no stored refresh token, so the session cannot be refreshed. Sign in again.',
  });
}

export function networkError(cause: unknown): KitwrightError {
  return new KitwrightError({
    code: 'NETWORK_ERROR',
    status: 0,
    message: 'The server could not be reached. Check the connection and try again.',
    cause,
  });
}

export function oauthRedirectError(status: number, location: string | null): KitwrightError {
  return new KitwrightError({
    code: 'OAUTH_REDIRECT',
    status,
    location,
    message: 'The server answered the sign-in callback with a redirect to the web app.',
  });
}

// When a proxy or gateway answers without the envelope, the status still says roughly what happened.
const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'GATE_NOT_MET',
  429: 'RATE_LIMITED',
  502: 'DEPENDENCY_UNAVAILABLE',
  503: 'DEPENDENCY_UNAVAILABLE',
  504: 'DEPENDENCY_UNAVAILABLE',
};

interface Envelope {
  error: { code: string; message: string; details?: Record<string, unknown>; correlation_id?: string };
}

function isEnvelope(value: unknown): value is Envelope {
  if (typeof value !== 'object' || value === null) return false;
  const error = (value as { error?: unknown }).error;
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { code?: unknown; message?: unknown };
  return typeof e.code === 'string' && typeof e.message === 'string';
}

function retryAfter(header: string | null, details: Record<string, unknown> | undefined): number | null {
  const fromDetails = details?.retry_after_seconds;
  if (typeof fromDetails === 'number') return fromDetails;
  const seconds = header === null ? Number.NaN : Number(header);
  return Number.isFinite(seconds) ? seconds : null;
}

/** Turns a non-2xx response into a KitwrightError; reads the body. */
export async function errorFromResponse(res: WireResponse): Promise<KitwrightError> {
  let body: unknown = null;
  try {
    const text = await res.text();
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  const headerId = res.headers.get('x-request-id');
  if (isEnvelope(body)) {
    const { code, message, details, correlation_id } = body.error;
    return new KitwrightError({
      code,
      status: res.status,
      message,
      correlation_id: correlation_id ?? headerId,
      details,
      retry_after_seconds: retryAfter(res.headers.get('retry-after'), details),
    });
  }
  return new KitwrightError({
    code: CODE_BY_STATUS[res.status] ?? 'INTERNAL_ERROR',
    status: res.status,
    message: `The server answered ${res.status} ${res.statusText}`.trim(),
    correlation_id: headerId,
    retry_after_seconds: retryAfter(res.headers.get('retry-after'), undefined),
  });
}

/** An operation that needs a signed-in user was called without a session; no request was sent. */
export function notSignedInError(): KitwrightError {
  return new KitwrightError({ code: 'UNAUTHENTICATED', status: 401, message: 'Sign in to continue.' });
}
