/** The incidents module's face: the staff's incident log (routes only). */
import type { ModuleFace } from '../../platform/module';
import { incidentRoutes } from './routes';
import { createIncidentsService } from './service';

export function incidentsFace(deps: Parameters<typeof createIncidentsService>[0]): ModuleFace<null> {
  const incidents = createIncidentsService(deps);
  return { name: 'incidents', api: null, routes: ({ app }) => app.register(incidentRoutes, { incidents }) };
}
