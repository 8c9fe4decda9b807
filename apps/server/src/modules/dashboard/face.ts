/** The dashboard module's face: a person's home screen, read from the earlier modules' apis. */
import type { ModuleFace } from '../../platform/module';
import type { DraftsApi } from '../drafts/face';
import type { InterestApi } from '../interest/face';
import type { ListingsApi } from '../listings/face';
import type { NotificationsApi } from '../notifications/face';
import type { SavesApi } from '../saves/face';
import type { SupportApi } from '../support/face';
import { dashboardRoutes } from './routes';
import { createDashboardService } from './service';

export function dashboardFace(
  deps: Omit<
    Parameters<typeof createDashboardService>[0],
    'drafts' | 'listings' | 'saves' | 'interest' | 'support' | 'notifications'
  > & {
    drafts: DraftsApi;
    listings: ListingsApi;
    saves: SavesApi;
    interest: InterestApi;
    support: SupportApi;
    notifications: NotificationsApi;
  },
): ModuleFace<null> {
  const dashboard = createDashboardService(deps);
  return { name: 'dashboard', api: null, routes: ({ app }) => app.register(dashboardRoutes, { dashboard }) };
}
