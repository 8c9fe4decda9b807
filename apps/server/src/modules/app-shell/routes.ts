/** GET /api/app-shell. */
import { operation, type RoutesPlugin } from '../../platform/operation';
import type { AppShellService } from './service';

export const appShellRoutes: RoutesPlugin<{ appShell: AppShellService }> = async (app, { appShell }) => {
  app.route({
    ...operation('appShell', {
      tags: ['app'],
      summary: 'Navigation, user summary, feature flags and public configuration',
    }),
    handler: async (request) => appShell.shell(await request.viewer()),
  });
};
