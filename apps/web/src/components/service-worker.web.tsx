/** Registers the service worker that keeps the app shell available offline (production builds). */
import { useEffect } from 'react';
import type { ServiceWorkerModule } from './service-worker.types';

export const ServiceWorker = function ServiceWorker() {
  useEffect(() => {
    if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return;
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {});
  }, []);
  return null;
} satisfies ServiceWorkerModule['ServiceWorker'];
