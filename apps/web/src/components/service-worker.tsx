/** Native apps have no service worker; the web build registers one (service-worker.web.tsx). */
import type { ServiceWorkerModule } from './service-worker.types';

export const ServiceWorker = function ServiceWorker() {
  return null;
} satisfies ServiceWorkerModule['ServiceWorker'];
