/** The analytics module's face: consent and the product events the clients send. */
import type { ModuleFace } from '../../platform/module';
import type { ProductEvents } from '../../platform/product-events';
import { createConsentService } from './consent';
import { analyticsRoutes } from './routes';

export function analyticsFace(
  deps: Parameters<typeof createConsentService>[0] & { events: ProductEvents },
): ModuleFace<null> {
  const consent = createConsentService(deps);
  return {
    name: 'analytics',
    api: null,
    routes: ({ app }) => app.register(analyticsRoutes, { events: deps.events, consent }),
  };
}
