/** The notifications module's face: in-app notices, read by their person and sent by other modules. */
import type { ModuleFace } from '../../platform/module';
import { notificationRoutes } from './routes';
import { createNotificationsService, type NotificationsService } from './service';

export type NotificationsApi = Pick<NotificationsService, 'notify' | 'list'>;

export function notificationsFace(
  deps: Parameters<typeof createNotificationsService>[0],
): ModuleFace<NotificationsApi> {
  const notifications = createNotificationsService(deps);
  return {
    name: 'notifications',
    api: notifications,
    routes: ({ app }) => app.register(notificationRoutes, { notifications }),
    personalData: {
      export: async (s) => {
        const notices = await notifications.exportFor(s.userId);
        return { notifications: notices.notifications, broadcast_reads: notices.broadcast_reads };
      },
      erase: async (s) => ({ counts: { notifications: await notifications.eraseFor(s.trx, s.userId) } }),
    },
  };
}
