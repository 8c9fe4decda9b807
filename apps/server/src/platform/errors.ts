/**
 * The error envelope of ARCHITECTURE.md on every route: services throw AppError with a catalogue
 * code; the handlers here turn that, Fastify's own errors (validation, malformed JSON, body too
 * large, unknown content type) and unknown routes into one body with the correlation id.
 * Nothing internal (stack, SQL, library messages) reaches a client.
 */

import type { Socket } from 'node:net';
import { ERROR_CATALOGUE, type ErrorCode, type ErrorEnvelope, ONE_LINE_PATTERN } from '@kitwright/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from './database-errors';
import type { CaptureError } from './error-report';
import { newId } from './ids';
import { indexRouteMethods, type RouteMethods } from './route-methods';
import type { Viewer } from './viewer';

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly details?: Record<string, unknown>,
    readonly headers?: Record<string, string>,
  ) {
    super(message ?? ERROR_CATALOGUE[code].message);
    this.name = 'AppError';
    this.status = ERROR_CATALOGUE[code].status;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

export function envelope(
  code: ErrorCode,
  correlationId: string,
  message?: string,
  details?: Record<string, unknown>,
): ErrorEnvelope {
  return {
    error: {
      code,
      message: message ?? ERROR_CATALOGUE[code].message,
      ...(details ? { details } : {}),
      correlation_id: correlationId,
    },
  };
}

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  params?: Record<string, unknown>;
  keyword?: string;
}

/** Ajv's issues as field → message, naming the field a person typed (never echoing values). */
function validationDetails(error: FastifyError): Record<string, unknown> {
  const fields: Record<string, string> = {};
  const issues = (error.validation ?? []) as ValidationIssue[];
  for (const issue of issues) {
    const missing = issue.params?.missingProperty;
    const extra = issue.params?.additionalProperty;
    const base = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
    const field = typeof missing === 'string' ? [base, missing].filter(Boolean).join('.') : base || '(body)';
    const message =
      typeof missing === 'string'
        ? 'is required'
        : typeof extra === 'string'
          ? `has an unknown field "${extra}"`
          : issue.keyword === 'pattern' && issue.params?.pattern === ONE_LINE_PATTERN
            ? 'must be on one line (no line breaks)'
            : (issue.message ?? 'is invalid');
    fields[field] = fields[field] ?? message;
  }
  return { location: error.validationContext ?? 'body', fields };
}

function classify(error: FastifyError): {
  code: ErrorCode;
  message?: string;
  details?: Record<string, unknown>;
} {
  if (error.validation) return { code: 'VALIDATION_FAILED', details: validationDetails(error) };
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { code: 'MALFORMED_JSON' };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
      return { code: 'PAYLOAD_TOO_LARGE' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return { code: 'UNSUPPORTED_MEDIA_TYPE' };
    default:
      break;
  }
  if (isDatabaseUnavailable(error))
    return {
      code: 'DEPENDENCY_UNAVAILABLE',
      message: 'The database is unavailable for a moment. Please try again.',
      details: { dependency: 'database' },
    };
  const status = error.statusCode ?? 500;
  if (status === 413) return { code: 'PAYLOAD_TOO_LARGE' };
  if (status === 415) return { code: 'UNSUPPORTED_MEDIA_TYPE' };
  if (status === 429) return { code: 'RATE_LIMITED' };
  if (status >= 400 && status < 500)
    return { code: 'VALIDATION_FAILED', message: 'The request could not be read.' };
  return { code: 'INTERNAL_ERROR' };
}

export function sendError(reply: FastifyReply, error: AppError) {
  if (error.headers) reply.headers(error.headers);
  return reply.code(error.status).send(envelope(error.code, reply.request.id, error.message, error.details));
}

export type NotFoundFallback = (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>;

/**
 * Installs the error handler and the 404/405 handler on the root instance. `fallback` may answer
 * an unknown path first (the web app's client-side routes). Hands back which methods each address
 * takes (known as routes are added), for answering plain OPTIONS requests.
 */
export function installErrorHandling(
  app: FastifyInstance,
  fallback?: () => NotFoundFallback | null,
  capture?: CaptureError,
): RouteMethods {
  /** A server failure goes to the error tracker with the request's correlation id. */
  const track = async (request: FastifyRequest, code: string, status: number, error: Error) => {
    if (!capture) return;
    const viewer: Viewer | null = await request.viewer?.().catch(() => null);
    capture({
      source: 'server',
      kind: 'request',
      code,
      status,
      message: error.message,
      stack: error.stack,
      route: `${request.method} ${request.routeOptions?.url ?? 'unknown route'}`,
      correlationId: request.id,
      actor: viewer?.user
        ? `user:${viewer.user.id}`
        : viewer?.visitorId
          ? `visitor:${viewer.visitorId}`
          : null,
    });
  };
  const methods = indexRouteMethods(app);

  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (isAppError(error)) {
      request.errorCode = error.code;
      if (error.status >= 500) {
        request.log.error({ err: { code: error.code }, error_code: error.code }, 'request failed');
        void track(request, error.code, error.status, error);
      }
      return sendError(reply, error);
    }
    const { code, message, details } = classify(error);
    request.errorCode = code;
    const status = ERROR_CATALOGUE[code].status;
    if (status >= 500) {
      request.log.error({ err: error, error_code: code }, 'unhandled error');
      void track(request, code, status, error);
    }
    return reply.code(status).send(envelope(code, request.id, message, details));
  });

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const handler = fallback?.();
    if (handler && (await handler(request, reply))) return reply;
    // An address with routes, none for this method (HEAD goes with GET, OPTIONS is answered earlier).
    const allowed = methods.allowed(request.url.split('?')[0] ?? '/');
    if (allowed.length > 0 && !allowed.includes(request.method)) {
      request.errorCode = 'METHOD_NOT_ALLOWED';
      reply.header('allow', allowed.join(', '));
      return reply.code(405).send(envelope('METHOD_NOT_ALLOWED', request.id));
    }
    request.errorCode = 'NOT_FOUND';
    return reply.code(404).send(envelope('NOT_FOUND', request.id));
  });
  return methods;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The safe error code of this request's answer, for logs and metrics. */
    errorCode?: string;
  }
}

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
};

/**
 * Requests Node's parser refuses before Fastify sees them (headers or a request line over the
 * limit, a malformed request, a slow client) are answered in the envelope too, not in Node's or
 * Fastify's own body; the connection is then closed, as the parser cannot go on.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, code, message]: [number, ErrorCode, string | undefined] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'HEADERS_TOO_LARGE', undefined]
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'VALIDATION_FAILED', 'The request took too long to arrive.']
        : [400, 'VALIDATION_FAILED', 'The request could not be read.'];
  const body = JSON.stringify(envelope(code, newId(), message));
  socket.end(
    `HTTP/1.1 ${status} ${REASONS[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/**
 * Addresses the router cannot read (invalid percent-encoding such as a lone surrogate's bytes, a
 * path parameter over its length) are a 400 in the envelope like any other bad input, not
 * Fastify's own body.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  void reply
    .code(400)
    .send(
      envelope(
        'VALIDATION_FAILED',
        request.id,
        tooLong ? 'A part of this address is too long.' : 'This address could not be read.',
        { location: 'params' },
      ),
    );
}
