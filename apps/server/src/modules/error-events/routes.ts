/**
 * GET /api/admin/errors: the local error tracker for the founder — errors grouped by fingerprint
 * (how often, first and last seen, the latest correlation id), or every event of one correlation
 * id, so a user's quoted reference leads to the request, the job and the logs.
 */
import { ErrorEnvelope } from '@kitwright/contracts';
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import Type from 'typebox';
import type { DB } from '../../db/schema';
import { requireRole } from '../../platform/viewer';

const Query = Type.Object({
  days: Type.Optional(Type.Integer({ minimum: 1, maximum: 90, default: 7 })),
  source: Type.Optional(Type.Enum(['server', 'worker', 'client'])),
  correlation_id: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
});

const ErrorGroup = Type.Object({
  fingerprint: Type.String(),
  source: Type.String(),
  kind: Type.String(),
  code: Type.Union([Type.String(), Type.Null()]),
  message: Type.String(),
  route: Type.Union([Type.String(), Type.Null()]),
  count: Type.Integer(),
  first_seen: Type.String(),
  last_seen: Type.String(),
  last_correlation_id: Type.Union([Type.String(), Type.Null()]),
});

const ErrorEventItem = Type.Object({
  id: Type.String(),
  source: Type.String(),
  kind: Type.String(),
  code: Type.Union([Type.String(), Type.Null()]),
  status: Type.Union([Type.Integer(), Type.Null()]),
  message: Type.String(),
  stack: Type.Union([Type.String(), Type.Null()]),
  route: Type.Union([Type.String(), Type.Null()]),
  correlation_id: Type.Union([Type.String(), Type.Null()]),
  release: Type.Union([Type.String(), Type.Null()]),
  actor: Type.Union([Type.String(), Type.Null()]),
  occurred_at: Type.String(),
});

export function errorEventRoutes(app: FastifyInstance, deps: { db: Kysely<DB> }) {
  const { db } = deps;
  app.get(
    '/api/admin/errors',
    {
      schema: {
        tags: ['founder'],
        summary: 'Errors from the server, workers and the app: grouped, or all events of one correlation id',
        security: [{ bearer: [] }],
        querystring: Query,
        response: {
          200: Type.Object({ groups: Type.Array(ErrorGroup), events: Type.Array(ErrorEventItem) }),
          401: ErrorEnvelope,
          403: ErrorEnvelope,
        },
      },
    },
    async (request) => {
      await requireRole(request, 'founder');
      const q = request.query as Type.Static<typeof Query>;
      if (q.correlation_id) {
        const rows = await db
          .selectFrom('error_events')
          .selectAll()
          .where('correlation_id', '=', q.correlation_id)
          .orderBy('occurred_at', 'asc')
          .limit(q.limit ?? 50)
          .execute();
        return {
          groups: [],
          events: rows.map(({ fingerprint: _f, ...r }) => ({
            ...r,
            occurred_at: r.occurred_at.toISOString(),
          })),
        };
      }
      const since = new Date(Date.now() - (q.days ?? 7) * 86_400_000);
      let groups = db
        .selectFrom('error_events')
        .select([
          'fingerprint',
          sql<string>`(array_agg(source ORDER BY occurred_at DESC))[1]`.as('source'),
          sql<string>`(array_agg(kind ORDER BY occurred_at DESC))[1]`.as('kind'),
          sql<string | null>`(array_agg(code ORDER BY occurred_at DESC))[1]`.as('code'),
          sql<string>`(array_agg(message ORDER BY occurred_at DESC))[1]`.as('message'),
          sql<string | null>`(array_agg(route ORDER BY occurred_at DESC))[1]`.as('route'),
          sql<number>`count(*)::int`.as('count'),
          sql<Date>`min(occurred_at)`.as('first_seen'),
          sql<Date>`max(occurred_at)`.as('last_seen'),
          sql<string | null>`(array_agg(correlation_id ORDER BY occurred_at DESC))[1]`.as(
            'last_correlation_id',
          ),
        ])
        .where('occurred_at', '>=', since)
        .groupBy('fingerprint')
        .orderBy('last_seen', 'desc')
        .limit(q.limit ?? 50);
      if (q.source) groups = groups.where('source', '=', q.source);
      const rows = await groups.execute();
      return {
        groups: rows.map((r) => ({
          ...r,
          first_seen: new Date(r.first_seen).toISOString(),
          last_seen: new Date(r.last_seen).toISOString(),
        })),
        events: [],
      };
    },
  );
}
