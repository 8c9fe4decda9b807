/** The moderation queue (staff and founders): list it, read one listing's history, decide. */
import { operation, type RoutesPlugin } from '../../platform/operation';
import { requireRole } from '../../platform/viewer';
import type { ModerationService } from './service';

export const moderationRoutes: RoutesPlugin<{ moderation: ModerationService }> = async (
  app,
  { moderation },
) => {
  app.route({
    ...operation('listModerationQueue', {
      tags: ['staff'],
      auth: 'staff',
      summary:
        'Listings waiting for a moderator, oldest first: pending review, reported, hidden by reports, appealed',
    }),
    handler: async (request) => {
      await requireRole(request, 'staff');
      return moderation.queue(request.query);
    },
  });

  app.route({
    ...operation('getModerationItem', {
      tags: ['staff'],
      auth: 'staff',
      summary: "A listing's full moderation history: flags, every report, appeal and decision",
    }),
    handler: async (request) => {
      await requireRole(request, 'staff');
      return moderation.history(request.params.listingId);
    },
  });

  app.route({
    ...operation('decideModeration', {
      tags: ['staff'],
      auth: 'staff',
      summary:
        'Approve, reject, hide, restore or request changes (a reason is required for reject, hide and request_changes; audited, told to the owner)',
    }),
    handler: async (request) => {
      const staff = await requireRole(request, 'staff');
      return moderation.decide(staff, request.params.listingId, request.body);
    },
  });
};
