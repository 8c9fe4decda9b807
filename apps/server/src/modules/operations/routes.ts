/** GET /api/metrics: Prometheus exposition, for staff or the metrics token. */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors';
import type { Metrics } from '../../platform/metrics';

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() : null;
}

export function tokenMatches(given: string | null, expected: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function operationsRoutes(
  app: FastifyInstance,
  deps: { metrics: Metrics; metricsToken: string; isStaff: (request: FastifyRequest) => Promise<boolean> },
) {
  app.get(
    '/api/metrics',
    { schema: { tags: ['operations'], summary: 'Prometheus metrics (staff or metrics token)', hide: false } },
    async (request, reply) => {
      if (!tokenMatches(bearer(request), deps.metricsToken) && !(await deps.isStaff(request))) {
        throw new AppError(request.headers.authorization ? 'FORBIDDEN' : 'UNAUTHENTICATED');
      }
      reply.header('content-type', deps.metrics.registry.contentType);
      return deps.metrics.registry.metrics();
    },
  );
}
