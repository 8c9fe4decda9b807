/**
 * Which methods each address answers, from the routes as they are registered: a request with a
 * method its address does not take is 405 with `Allow` (errors.ts), and a plain OPTIONS request
 * (not a CORS preflight) is answered with `Allow` too (http-security.ts).
 *
 * Wildcard routes are left out: the web app's file server (`GET /*`) and the CORS plugin's
 * `OPTIONS *` take any address and answer 404 themselves for one they have nothing at, so they
 * say nothing about which methods an address takes. Without this, with the web app served, a GET
 * of an API address that takes only POST was 404, and a POST to an unknown address was 405.
 */
import type { FastifyInstance } from 'fastify';
import FindMyWay, { type HTTPVersion, type Instance as Router } from 'find-my-way';

/** The methods a route may take, in the order `Allow` lists them. */
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
type Method = (typeof METHODS)[number];

export interface RouteMethods {
  /**
   * The methods `path` (without its query) takes, as `Allow` lists them: HEAD beside GET (Fastify
   * answers it for every GET route) and OPTIONS; empty when no route has the address.
   */
  allowed(path: string): string[];
}

export function indexRouteMethods(app: FastifyInstance): RouteMethods {
  const router: Router<HTTPVersion.V1> = FindMyWay({
    ignoreTrailingSlash: true,
    ignoreDuplicateSlashes: true,
  });
  app.addHook('onRoute', (route) => {
    if (route.url.includes('*')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      const upper = method.toUpperCase();
      // HEAD follows from GET; OPTIONS is answered for every address that has a route.
      if (upper === 'HEAD' || !METHODS.includes(upper as Method)) continue;
      try {
        router.on(upper as Method, route.url, () => {});
      } catch {
        // Already known: several registrations may share a path and method.
      }
    }
  });
  return {
    allowed(path) {
      const takes = (method: Method) => router.find(method === 'HEAD' ? 'GET' : method, path) !== null;
      const methods: string[] = METHODS.filter(takes);
      return methods.length > 0 ? [...methods, 'OPTIONS'] : [];
    },
  };
}
