/** The config module's face: the public configuration the clients read (routes only). */
import type { ModuleFace } from '../../platform/module';
import { configRoutes } from './routes';

export function configFace(): ModuleFace<null> {
  return { name: 'config', api: null, routes: ({ app }) => app.register(configRoutes) };
}
