/** The app-shell module's face: what the client app shows around its screens (routes only). */
import type { ModuleFace } from '../../platform/module';
import { appShellRoutes } from './routes';
import { createAppShellService } from './service';

export function appShellFace(deps: Parameters<typeof createAppShellService>[0]): ModuleFace<null> {
  const appShell = createAppShellService(deps);
  return { name: 'app-shell', api: null, routes: ({ app }) => app.register(appShellRoutes, { appShell }) };
}
