/**
 * POST /api/analytics/events: product analytics from clients, validated against the dictionary.
 * PUT /api/analytics/consent: the answer to the consent question, stored and audited.
 */
import { AppError } from '../../platform/errors';
import { operation, type RoutesPlugin } from '../../platform/operation';
import type { ProductEvents } from '../../platform/product-events';
import type { ConsentService } from './consent';

export const analyticsRoutes: RoutesPlugin<{ events: ProductEvents; consent: ConsentService }> = async (
  app,
  { events, consent },
) => {
  app.route({
    ...operation('ingestEvents', {
      tags: ['analytics'],
      summary: 'Ingest client product events (validated against GET /api/config/product-events)',
    }),
    handler: async (request, reply) => {
      const viewer = await request.viewer();
      const result = await events.ingest(request.body.events, {
        userId: viewer.user?.id ?? null,
        sessionId: viewer.visitorId,
        consent: request.body.consent,
        route: request.routeOptions.url ?? null,
      });
      if (result.problems.length > 0) {
        throw new AppError('VALIDATION_FAILED', 'Some events do not match the event dictionary.', {
          events: result.problems,
        });
      }
      return reply.code(202).send({ accepted: result.accepted, dropped: result.dropped });
    },
  });

  app.route({
    ...operation('setAnalyticsConsent', {
      tags: ['analytics'],
      summary:
        'Give or withdraw analytics consent: stored on your account, or on your visitor session (made when you have none), and applied by the server',
    }),
    handler: async (request, reply) => consent.set(await request.owner(reply), request.body),
  });
};
