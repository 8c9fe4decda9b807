/** GET /api/metrics: Prometheus exposition, for staff or the metrics token. */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors';
import type { Metrics } from '../../platform/metrics';
import { operation, type RoutesPlugin } from '../../platform/operation';
import { hasRole } from '../../platform/viewer';

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

export const operationsRoutes: RoutesPlugin<{ metrics: Metrics; metricsToken: string }> = async (
  app,
  deps,
) => {
  app.route({
    ...operation('metrics', { tags: ['operations'], summary: 'Prometheus metrics (staff or metrics token)' }),
    handler: async (request, reply) => {
      if (!tokenMatches(bearer(request), deps.metricsToken)) {
        const viewer = await request.viewer();
        if (!viewer.user || !hasRole(viewer.user.role, 'staff'))
          throw new AppError(request.headers.authorization ? 'FORBIDDEN' : 'UNAUTHENTICATED');
      }
      reply.header('content-type', deps.metrics.registry.contentType);
      return reply.send(await deps.metrics.registry.metrics());
    },
  });
};
