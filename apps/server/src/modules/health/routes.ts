/** GET /api/health, /api/livez, /api/readyz: uptime, release and dependency smoke. */
import { envelope } from '../../platform/errors';
import { operation, type RoutesPlugin } from '../../platform/operation';
import type { HealthService } from './service';

export const healthRoutes: RoutesPlugin<{ health: HealthService }> = async (app, { health }) => {
  app.route({
    ...operation('health', { tags: ['operations'], summary: 'Uptime, version, release and phase' }),
    handler: async () => health.health(),
  });

  app.route({
    ...operation('livez', { tags: ['operations'], summary: 'The process is alive (no dependency checks)' }),
    handler: async () => ({ status: 'alive' as const }),
  });

  app.route({
    ...operation('readyz', {
      tags: ['operations'],
      summary: 'Database, file storage and job queue are reachable',
    }),
    handler: async (request, reply) => {
      const { ready, checks } = await health.readiness();
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
  });
};
