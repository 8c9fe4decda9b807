/** GET /api/admin/errors: the local error tracker for the founder. */
import { operation, type RoutesPlugin } from '../../platform/operation';
import { requireRole } from '../../platform/viewer';
import type { ErrorEvents } from './service';

export const errorEventRoutes: RoutesPlugin<{ errorEvents: ErrorEvents }> = async (app, { errorEvents }) => {
  app.route({
    ...operation('listErrors', {
      tags: ['founder'],
      auth: 'founder',
      summary: 'Errors from the server, workers and the app: grouped, or all events of one correlation id',
    }),
    handler: async (request) => {
      await requireRole(request, 'founder');
      return errorEvents.list(request.query);
    },
  });
};
