/** A person's beta notifications, and marking one read. */
import { operation, type RoutesPlugin } from '../../platform/operation';
import { requireUser } from '../../platform/viewer';
import type { NotificationsService } from './service';

export const notificationRoutes: RoutesPlugin<{ notifications: NotificationsService }> = async (
  app,
  { notifications },
) => {
  app.route({
    ...operation('listNotifications', { tags: ['manage'], auth: 'user', summary: 'Your beta notifications' }),
    handler: async (request) => ({ items: await notifications.list((await requireUser(request)).id, 50) }),
  });

  app.route({
    ...operation('readNotification', { tags: ['manage'], auth: 'user', summary: 'Mark a notification read' }),
    handler: async (request, reply) => {
      await notifications.markRead((await requireUser(request)).id, request.params.notificationId);
      return reply.code(204).send(null);
    },
  });
};
