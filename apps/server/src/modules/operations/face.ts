/** The operations module's face: the metrics endpoint (routes only). */

import type { Metrics } from '../../platform/metrics';
import type { ModuleFace } from '../../platform/module';
import { operationsRoutes } from './routes';

export function operationsFace(deps: { metrics: Metrics; metricsToken: string }): ModuleFace<null> {
  return {
    name: 'operations',
    api: null,
    routes: ({ app }) =>
      app.register(operationsRoutes, { metrics: deps.metrics, metricsToken: deps.metricsToken }),
  };
}
