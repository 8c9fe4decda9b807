/** The client-errors module's face: crash reports the clients send (routes only). */
import type { ModuleFace } from '../../platform/module';
import { clientErrorRoutes } from './routes';
import { createClientErrors } from './service';

export function clientErrorsFace(deps: Parameters<typeof createClientErrors>[0]): ModuleFace<null> {
  const clientErrors = createClientErrors(deps);
  return {
    name: 'client-errors',
    api: null,
    routes: ({ app }) => app.register(clientErrorRoutes, { clientErrors }),
  };
}
