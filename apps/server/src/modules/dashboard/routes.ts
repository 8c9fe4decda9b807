/** GET /api/me/dashboard and the notification endpoints. */
import { DashboardResponse, ErrorEnvelope, Notification } from '@kitwright/contracts';
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { AppError } from '../../platform/errors';
import { requireUser } from '../../platform/viewer';
import type { NotificationsService } from '../notifications/service';
import type { DashboardService } from './service';

export function dashboardRoutes(
  app: FastifyInstance,
  deps: { dashboard: DashboardService; notifications: NotificationsService },
) {
  app.get(
    '/api/me/dashboard',
    {
      schema: {
        tags: ['manage'],
        summary:
          'Drafts, published listings with counts, saved listings, reservations, support and beta notifications',
        querystring: Type.Object({ locale: Type.Optional(Type.String({ maxLength: 35 })) }),
        response: { 200: DashboardResponse, 401: ErrorEnvelope },
      },
    },
    async (request) => {
      const viewer = await request.viewer();
      if (!viewer.user && viewer.tokenProblem)
        throw new AppError(viewer.tokenProblem === 'revoked' ? 'SESSION_REVOKED' : 'INVALID_TOKEN');
      if (!viewer.user && !viewer.visitorId)
        throw new AppError(
          'UNAUTHENTICATED',
          'Sign in, or save or reserve something first, to have a dashboard.',
        );
      const locale =
        (request.query as { locale?: string }).locale ?? request.headers['accept-language'] ?? null;
      return deps.dashboard.forViewer(viewer.user, viewer.visitorId, locale);
    },
  );

  app.get(
    '/api/me/notifications',
    {
      schema: {
        tags: ['manage'],
        summary: 'Your beta notifications',
        security: [{ bearer: [] }],
        response: { 200: Type.Object({ items: Type.Array(Notification) }), 401: ErrorEnvelope },
      },
    },
    async (request) => ({ items: await deps.notifications.list((await requireUser(request)).id, 50) }),
  );

  app.post(
    '/api/me/notifications/:id/read',
    {
      schema: {
        tags: ['manage'],
        summary: 'Mark a notification read',
        security: [{ bearer: [] }],
        params: Type.Object({ id: Type.String({ maxLength: 64 }) }),
        response: { 204: Type.Null(), 401: ErrorEnvelope, 404: ErrorEnvelope },
      },
    },
    async (request, reply) => {
      await deps.notifications.markRead(
        (await requireUser(request)).id,
        (request.params as { id: string }).id,
      );
      return reply.code(204).send();
    },
  );
}
