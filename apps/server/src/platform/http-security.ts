/**
 * Browser-facing protections: helmet headers, the CORS allowlist, and an Origin check on
 * state-changing requests that carry cookies (the cross-site request forgery defence).
 */
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { AppError } from './errors';

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

export async function registerHttpSecurity(app: FastifyInstance, config: Config) {
  const allowed = new Set(
    [...config.corsOrigins, originOf(config.publicBaseUrl)].filter(Boolean) as string[],
  );
  const https = config.publicBaseUrl.startsWith('https://');
  await app.register(helmet, {
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
  await app.register(cors, {
    origin: (origin, cb) => cb(null, !origin || allowed.has(origin)),
    credentials: true,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    exposedHeaders: ['x-request-id', 'retry-after', 'location'],
    maxAge: 600,
  });
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method) || !request.headers.cookie) return;
    const origin = originOf(request.headers.origin) ?? originOf(request.headers.referer);
    if (!origin || !allowed.has(origin)) throw new AppError('ORIGIN_REJECTED');
  });
}
