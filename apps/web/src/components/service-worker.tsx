/** Native apps have no service worker; the web build registers one (service-worker.web.tsx). */
export function ServiceWorker() {
  return null;
}
