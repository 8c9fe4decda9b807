/** The founder dashboard (founders; staff read-only): the figures of a period, and each table as CSV. */
import { Readable } from 'node:stream';
import { operation, type RoutesPlugin } from '../../platform/operation';
import { requireRole } from '../../platform/viewer';
import type { FounderService } from './service';

export const founderRoutes: RoutesPlugin<{ founder: FounderService }> = async (app, { founder }) => {
  app.route({
    ...operation('founderDashboard', {
      tags: ['staff'],
      auth: 'staff',
      summary:
        'The beta against its Success targets for a period: figures, funnels by source and device, daily series',
    }),
    handler: async (request) => {
      await requireRole(request, 'staff');
      return founder.dashboard(request.query);
    },
  });

  app.route({
    ...operation('exportFounderTable', {
      tags: ['staff'],
      auth: 'staff',
      summary:
        'One table of the founder dashboard (metrics, daily, failed_jobs, funnels, support, incidents) as CSV',
    }),
    handler: async (request, reply) => {
      await requireRole(request, 'staff');
      const lines = await founder.exportCsv(request.params.table, request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="kitwright-beta-${request.params.table}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(lines));
    },
  });
};
