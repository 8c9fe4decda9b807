/** Demand review (staff and founders): reservations, totals per listing, CSV export, qualification. */
import { Readable } from 'node:stream';
import { operation, type RoutesPlugin } from '../../platform/operation';
import { requireRole } from '../../platform/viewer';
import type { DemandReview } from './demand-review';

export const demandRoutes: RoutesPlugin<{ demand: DemandReview }> = async (app, { demand }) => {
  app.route({
    ...operation('reviewDemand', {
      tags: ['staff'],
      auth: 'staff',
      summary: 'Every interest reservation, filtered, newest first, with the totals of the filtered set',
    }),
    handler: async (request) => {
      await requireRole(request, 'staff');
      return demand.list(request.query);
    },
  });

  app.route({
    ...operation('demandByListing', {
      tags: ['staff'],
      auth: 'staff',
      summary: 'Reservation totals per listing (active, cancelled, quantity, qualified, UK share)',
    }),
    handler: async (request) => {
      await requireRole(request, 'staff');
      return demand.byListing(request.query);
    },
  });

  app.route({
    ...operation('exportDemand', {
      tags: ['staff'],
      auth: 'staff',
      summary: 'The filtered reservations (or, with view=listings, the totals per listing) as CSV',
    }),
    handler: async (request, reply) => {
      await requireRole(request, 'staff');
      const lines = demand.exportCsv(request.query);
      const view = request.query.view ?? 'reservations';
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="kitwright-demand-${view}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(lines));
    },
  });

  app.route({
    ...operation('qualifyReservation', {
      tags: ['staff'],
      auth: 'staff',
      summary: 'Mark a reservation qualified or not qualified (or unreviewed again), with a note; audited',
    }),
    handler: async (request) => {
      const staff = await requireRole(request, 'staff');
      return demand.qualify(staff.id, request.params.reservationId, request.body);
    },
  });
};
