/** The realtime module's face: the signed-in person's socket (routes only). */
import type { ModuleFace } from '../../platform/module';
import type { Realtime } from '../../platform/realtime';
import type { AuthApi } from '../auth/face';
import { realtimeRoutes } from './routes';

export function realtimeFace(deps: { realtime: Realtime; auth: AuthApi }): ModuleFace<null> {
  return {
    name: 'realtime',
    api: null,
    routes: ({ app }) => app.register(realtimeRoutes, { auth: deps.auth.accounts, realtime: deps.realtime }),
  };
}
