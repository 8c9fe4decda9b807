/** POST /api/analytics/events: product analytics from clients, validated against the dictionary. */
import { ErrorEnvelope } from '@kitwright/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import Type from 'typebox';
import { AppError } from '../../platform/errors';
import type { EventContext, ProductEvents } from '../../platform/product-events';

const IngestBody = Type.Object({
  consent: Type.Enum(['granted', 'denied', 'unset']),
  events: Type.Array(
    Type.Object({
      name: Type.String({ minLength: 1, maxLength: 64 }),
      properties: Type.Record(Type.String(), Type.Unknown()),
      occurred_at: Type.Optional(Type.String({ format: 'date-time' })),
    }),
    { minItems: 1, maxItems: 50 },
  ),
});

export function analyticsRoutes(
  app: FastifyInstance,
  deps: {
    events: ProductEvents;
    identity: (request: FastifyRequest) => Promise<Pick<EventContext, 'userId' | 'sessionId'>>;
  },
) {
  app.post(
    '/api/analytics/events',
    {
      schema: {
        tags: ['analytics'],
        summary: 'Ingest client product events (validated against GET /api/config/product-events)',
        body: IngestBody,
        response: {
          202: Type.Object({ accepted: Type.Integer(), dropped: Type.Integer() }),
          400: ErrorEnvelope,
        },
      },
    },
    async (request, reply) => {
      const body = request.body as Type.Static<typeof IngestBody>;
      const identity = await deps.identity(request);
      const result = await deps.events.ingest(body.events, {
        ...identity,
        consent: body.consent,
        route: request.routeOptions.url ?? null,
        correlationId: request.id,
      });
      if (result.problems.length > 0) {
        throw new AppError('VALIDATION_FAILED', 'Some events do not match the event dictionary.', {
          events: result.problems,
        });
      }
      return reply.code(202).send({ accepted: result.accepted, dropped: result.dropped });
    },
  );
}
