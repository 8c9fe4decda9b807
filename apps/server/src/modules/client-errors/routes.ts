/**
 * POST /api/client-errors: crashes and failed requests reported by the app go to the same error
 * tracker as the server's own errors, with the correlation id that links them to the request.
 */

import { createHash } from 'node:crypto';
import { ErrorEnvelope } from '@kitwright/contracts';
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { RATE_LIMITS, type RateLimiter, rateLimitedError } from '../../platform/rate-limits';
import type { ErrorTracker } from '../../providers/error-tracking/error-tracker';

const Report = Type.Object({
  kind: Type.Enum(['crash', 'request']),
  message: Type.String({ maxLength: 500 }),
  stack: Type.Optional(Type.String({ maxLength: 4000 })),
  route: Type.Optional(Type.String({ maxLength: 300 })),
  correlation_id: Type.Optional(Type.Union([Type.String({ maxLength: 128 }), Type.Null()])),
  code: Type.Optional(Type.String({ maxLength: 64 })),
  status: Type.Optional(Type.Integer()),
  release: Type.Optional(Type.String({ maxLength: 64 })),
});

export function clientErrorRoutes(
  app: FastifyInstance,
  deps: { errorTracker: ErrorTracker; limiter: RateLimiter },
) {
  app.post(
    '/api/client-errors',
    {
      schema: {
        tags: ['operations'],
        summary: 'Report an app crash or failed request to the error tracker',
        body: Report,
        response: { 202: Type.Object({ ok: Type.Literal(true) }), 400: ErrorEnvelope, 429: ErrorEnvelope },
      },
    },
    async (request, reply) => {
      const report = request.body as Type.Static<typeof Report>;
      const viewer = await request.viewer();
      const actor = viewer.user
        ? `user:${viewer.user.id}`
        : viewer.visitorId
          ? `visitor:${viewer.visitorId}`
          : null;
      // Anyone may report, so a broken or hostile client cannot flood the tracker.
      const source = actor ?? `ip:${createHash('sha256').update(request.ip).digest('hex').slice(0, 16)}`;
      const decision = await deps.limiter.hit(
        `client-errors:${source}`,
        RATE_LIMITS.clientErrorReports.limit,
        RATE_LIMITS.clientErrorReports.windowMs,
      );
      if (!decision.allowed)
        throw rateLimitedError(decision, 'Too many error reports; later ones are dropped for a while.');
      deps.errorTracker.capture({
        source: 'client',
        kind: report.kind,
        message: report.message,
        code: report.code,
        status: report.status,
        stack: report.stack,
        route: report.route,
        // The id of the failed request when there was one; otherwise this report's own request.
        correlationId: report.correlation_id ?? request.id,
        release: report.release,
        actor,
      });
      request.log.error(
        {
          stage: 'client',
          client_error: {
            kind: report.kind,
            message: report.message,
            stack: report.stack,
            route: report.route,
            code: report.code,
            status: report.status,
            release: report.release,
          },
          client_correlation_id: report.correlation_id ?? null,
          actor: viewer.user
            ? `user:${viewer.user.id}`
            : viewer.visitorId
              ? `visitor:${viewer.visitorId}`
              : null,
        },
        'client error reported',
      );
      return reply.code(202).send({ ok: true });
    },
  );
}
