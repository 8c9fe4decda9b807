/** What both platforms' service-worker module provides: a component that renders nothing. */
import type { ReactNode } from 'react';

export interface ServiceWorkerModule {
  ServiceWorker: () => ReactNode;
}
