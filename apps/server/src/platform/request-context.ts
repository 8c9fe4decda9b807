/**
 * Correlation ids and the one log line per request. An incoming x-request-id is kept when it is
 * well-formed, otherwise a new id is made; it is echoed back and appears in logs, audit entries,
 * jobs and error bodies. The response log line carries only safe fields.
 */
import type { FastifyInstance, FastifyRequest, RawRequestDefaultExpression } from 'fastify';
import { newId } from './ids';
import type { Metrics } from './metrics';

const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

export function genRequestId(req: RawRequestDefaultExpression): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : newId();
}

export function routeOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? 'unmatched';
}

export function installRequestContext(app: FastifyInstance, metrics: Metrics) {
  // While shutting down, answers close their keep-alive connection, so the server's close() can
  // finish as soon as in-flight requests are done instead of waiting for idle sockets to time out.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = routeOf(request);
    const duration = reply.elapsedTime;
    metrics.httpDuration.observe(
      { method: request.method, route, status: String(reply.statusCode) },
      duration / 1000,
    );
    if (reply.statusCode >= 400)
      metrics.httpErrors.inc({ route, code: request.errorCode ?? String(reply.statusCode) });
    const level = reply.statusCode >= 500 ? 'error' : 'info';
    request.log[level](
      {
        stage: 'response',
        method: request.method,
        route,
        status: reply.statusCode,
        duration_ms: Math.round(duration * 100) / 100,
        ...(request.actorRef ? { actor: request.actorRef } : {}),
        ...(request.errorCode ? { error_code: request.errorCode } : {}),
      },
      'request completed',
    );
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    /** A pseudonymous reference to who made the request (user:<id> or session:<id>), for logs. */
    actorRef?: string;
  }
}
