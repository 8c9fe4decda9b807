/**
 * Browser-facing protections: helmet headers, the CORS allowlist, and an Origin check on
 * state-changing requests that carry cookies (the cross-site request forgery defence).
 * Outside production the loopback names of this server (localhost, 127.0.0.1, [::1] at the port
 * it listens on) count as its own origin, since people type any of them to open a local server.
 */
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config';
import { AppError } from './errors';
import type { RouteMethods } from './route-methods';

/** Browser features off for the app and any frame: none is used (payment stays the app's own, for A.5). */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), usb=(), payment=(self)';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function originOf(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return `${url.protocol}//${url.host}`;
  } catch {
    return null;
  }
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The port this server listens on (known once it listens; port 0 in config means any free one). */
function listeningPorts(app: FastifyInstance, config: Config): Set<number> {
  const ports = new Set<number>();
  if (config.port) ports.add(config.port);
  const address = app.server.listening ? app.server.address() : null;
  if (address && typeof address === 'object') ports.add(address.port);
  return ports;
}

/** A loopback origin of this very server, e.g. http://127.0.0.1:3000 when it listens on 3000. */
function isOwnLoopbackOrigin(origin: string, app: FastifyInstance, config: Config): boolean {
  // `Origin: null` (a form posted from a no-referrer or sandboxed page) and any other text that is
  // not a URL are simply not an allowed origin.
  if (!URL.canParse(origin)) return false;
  const url = new URL(origin);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (!LOOPBACK_HOSTS.has(url.hostname)) return false;
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  return listeningPorts(app, config).has(port);
}

/**
 * A plain OPTIONS request (no Access-Control-Request-Method: not a CORS preflight, which the CORS
 * plugin answers) gets 204 with `Allow` for an address with routes, and 404 in the envelope for
 * one without, instead of the CORS plugin's bare-text 400.
 */
function answerPlainOptions(app: FastifyInstance, methods: RouteMethods): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'OPTIONS' || request.headers['access-control-request-method'] !== undefined)
      return;
    const allowed = methods.allowed(request.url.split('?')[0] ?? '/');
    if (allowed.length === 0) throw new AppError('NOT_FOUND');
    return reply.code(204).header('allow', allowed.join(', ')).send();
  });
}

export async function registerHttpSecurity(app: FastifyInstance, config: Config, methods: RouteMethods) {
  const allowed = new Set(
    [...config.corsOrigins, originOf(config.publicBaseUrl)].filter(Boolean) as string[],
  );
  const loopbackAllowed = config.env !== 'production';
  const isAllowed = (origin: string) =>
    allowed.has(origin) || (loopbackAllowed && isOwnLoopbackOrigin(origin, app, config));
  // Where to send a person whose page was opened at an address we do not accept.
  const openAt = originOf(config.frontendUrl) ?? config.frontendUrl;
  const https = config.publicBaseUrl.startsWith('https://');
  // helmet's middleware is made once: @fastify/helmet made it again (parsing the policy) on every
  // request, which cost more than the health check it wrapped.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // react-native-web writes its styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", ...[...allowed].map((o) => o.replace(/^http/, 'ws'))],
        workerSrc: ["'self'", 'blob:'],
        frameAncestors: ["'none'"],
        formAction: ["'self'", ...allowed],
        // Over plain http (local) there is nothing to upgrade to.
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (err?: unknown) => done(err instanceof Error ? err : undefined));
  });
  // Powerful browser features the app never uses are off for it and anything it frames.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
  });
  answerPlainOptions(app, methods);
  await app.register(cors, {
    origin: (origin, cb) => cb(null, !origin || isAllowed(origin)),
    credentials: true,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    exposedHeaders: ['x-request-id', 'retry-after', 'location'],
    maxAge: 600,
  });
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method) || !request.headers.cookie) return;
    const origin = originOf(request.headers.origin) ?? originOf(request.headers.referer);
    if (!origin || !isAllowed(origin))
      throw new AppError(
        'ORIGIN_REJECTED',
        `This request came from an address that is not allowed. Open ${openAt} and try again.`,
        { open_at: openAt },
      );
  });
}
