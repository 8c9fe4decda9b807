/** GET /api/me/dashboard: a person's (or a visitor session's) dashboard in one request. */
import { AppError } from '../../platform/errors';
import { operation, type RoutesPlugin } from '../../platform/operation';
import type { DashboardService } from './service';

export const dashboardRoutes: RoutesPlugin<{ dashboard: DashboardService }> = async (app, { dashboard }) => {
  app.route({
    ...operation('dashboard', {
      tags: ['manage'],
      summary:
        'Drafts, published listings with counts, saved listings, reservations, support and beta notifications',
    }),
    handler: async (request) => {
      const viewer = await request.viewer();
      if (!viewer.user && viewer.tokenProblem)
        throw new AppError(viewer.tokenProblem === 'revoked' ? 'SESSION_REVOKED' : 'INVALID_TOKEN');
      if (!viewer.user && !viewer.visitorId)
        throw new AppError(
          'UNAUTHENTICATED',
          'Sign in, or save or reserve something first, to have a dashboard.',
        );
      return dashboard.forViewer(
        viewer.user,
        viewer.visitorId,
        request.query.locale ?? request.headers['accept-language'] ?? null,
      );
    },
  });
};
