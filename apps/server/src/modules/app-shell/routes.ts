/** GET /api/app-shell. */
import { AppShellResponse, type UserSummary } from '@kitwright/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { createAppShellService } from './service';

export function appShellRoutes(
  app: FastifyInstance,
  deps: {
    appShell: ReturnType<typeof createAppShellService>;
    viewer: (request: FastifyRequest) => Promise<UserSummary>;
  },
) {
  app.get(
    '/api/app-shell',
    {
      schema: {
        tags: ['app'],
        summary: 'Navigation, user summary, feature flags and public configuration',
        response: { 200: AppShellResponse },
      },
    },
    async (request) => deps.appShell.shell(await deps.viewer(request)),
  );
}
