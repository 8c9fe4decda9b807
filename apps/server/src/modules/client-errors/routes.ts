/** POST /api/client-errors: the app's crashes and failed requests, for the error tracker. */
import { operation, type RoutesPlugin } from '../../platform/operation';
import type { ClientErrors } from './service';

export const clientErrorRoutes: RoutesPlugin<{ clientErrors: ClientErrors }> = async (
  app,
  { clientErrors },
) => {
  app.route({
    ...operation('reportClientError', {
      tags: ['operations'],
      summary: 'Report an app crash or failed request to the error tracker',
    }),
    handler: async (request, reply) => {
      await clientErrors.report(request.body, {
        viewer: await request.viewer(),
        ip: request.ip,
        log: request.log,
      });
      return reply.code(202).send({ ok: true });
    },
  });
};
