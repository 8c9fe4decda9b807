/** The health module's face: liveness, readiness and the release this process runs. */
import type { ModuleFace } from '../../platform/module';
import { healthRoutes } from './routes';
import { createHealthService, type HealthService } from './service';

export type HealthApi = Pick<HealthService, 'health' | 'dependencies' | 'startDraining'>;

export function healthFace(deps: Parameters<typeof createHealthService>[0]): ModuleFace<HealthApi> {
  const health = createHealthService(deps);
  return { name: 'health', api: health, routes: ({ app }) => app.register(healthRoutes, { health }) };
}
