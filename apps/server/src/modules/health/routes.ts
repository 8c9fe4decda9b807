/** GET /api/health, /api/livez, /api/readyz: uptime, release and dependency smoke. */
import { appVersionFor, ErrorEnvelope, HealthResponse, ReadinessResponse } from '@kitwright/contracts';
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import type { Config } from '../../config';
import type { DeliveryControls } from '../../platform/delivery-controls';
import { envelope } from '../../platform/errors';
import type { createReadinessService } from './service';

export function healthRoutes(
  app: FastifyInstance,
  deps: {
    config: Config;
    controls: DeliveryControls;
    readiness: ReturnType<typeof createReadinessService>;
    startedAt: number;
  },
) {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['operations'],
        summary: 'Uptime, version, release and phase',
        response: { 200: HealthResponse },
      },
    },
    async () => {
      const phase = await deps.controls.phase();
      return {
        status: 'ok' as const,
        version: appVersionFor(phase, deps.config.buildNumber),
        release: deps.config.release,
        uptime_seconds: Math.round((Date.now() - deps.startedAt) / 1000),
        phase,
      };
    },
  );

  app.get(
    '/api/livez',
    {
      schema: {
        tags: ['operations'],
        summary: 'The process is alive (no dependency checks)',
        response: { 200: Type.Object({ status: Type.Literal('alive') }) },
      },
    },
    async () => ({ status: 'alive' as const }),
  );

  app.get(
    '/api/readyz',
    {
      schema: {
        tags: ['operations'],
        summary: 'Database, file storage and job queue are reachable',
        response: { 200: ReadinessResponse, 503: ErrorEnvelope },
      },
    },
    async (request, reply) => {
      const { ready, checks } = await deps.readiness.check(request.id);
      if (ready) return { status: 'ready' as const, checks };
      const failing = checks.filter((c) => !c.ok).map((c) => c.name);
      request.errorCode = 'DEPENDENCY_UNAVAILABLE';
      return reply.code(503).send(
        envelope('DEPENDENCY_UNAVAILABLE', request.id, `Not ready: ${failing.join(', ')} unavailable.`, {
          failing,
          checks,
        }),
      );
    },
  );
}
