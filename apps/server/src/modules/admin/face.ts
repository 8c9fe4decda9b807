/** The admin module's face: the founder's flags, gate evidence and role changes (routes only). */
import type { DeliveryControls } from '../../platform/delivery-controls';
import type { ModuleFace } from '../../platform/module';
import type { AuthApi } from '../auth/face';
import { adminRoutes } from './routes';

export function adminFace(deps: { controls: DeliveryControls; auth: AuthApi }): ModuleFace<null> {
  return {
    name: 'admin',
    api: null,
    routes: ({ app }) => app.register(adminRoutes, { controls: deps.controls, auth: deps.auth.accounts }),
  };
}
