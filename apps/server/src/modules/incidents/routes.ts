/** Incidents (staff and founders): list, read with its timeline, acknowledge, assign, annotate, resolve. */
import { operation, type RoutesPlugin } from '../../platform/operation';
import { requireRole } from '../../platform/viewer';
import type { IncidentsService } from './service';

export const incidentRoutes: RoutesPlugin<{ incidents: IncidentsService }> = async (app, { incidents }) => {
  app.route({
    ...operation('listIncidents', {
      tags: ['staff'],
      auth: 'staff',
      summary: 'Incidents (the alert records), newest first: filter by state, severity, alert and period',
    }),
    handler: async (request) => {
      await requireRole(request, 'staff');
      return incidents.list(request.query);
    },
  });

  app.route({
    ...operation('getIncident', {
      tags: ['staff'],
      auth: 'staff',
      summary: 'An incident with its timeline of notes and changes',
    }),
    handler: async (request) => {
      await requireRole(request, 'staff');
      return incidents.get(request.params.incidentId);
    },
  });

  app.route({
    ...operation('updateIncident', {
      tags: ['staff'],
      auth: 'staff',
      summary: 'Acknowledge, assign an owner, add a note, or resolve with a note (audited)',
    }),
    handler: async (request) => {
      const staff = await requireRole(request, 'staff');
      return incidents.update(staff.id, request.params.incidentId, request.body);
    },
  });
};
