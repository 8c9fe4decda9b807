/**
 * Whether an error means the database cannot be reached right now (a server restarting, its
 * connections terminated, no connection free in time), as opposed to a bug in a query. Requests
 * that meet one answer 503 DEPENDENCY_UNAVAILABLE, and the client may retry (platform/errors.ts).
 */

/** SQLSTATE classes and codes of an unreachable or stopping server. */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown: pg_terminate_backend, a fast shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: the server is starting up or shutting down
  '53300', // too_many_connections
]);

/** Socket errors of a connection that failed or dropped. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);

/** node-postgres's own messages for a lost connection or an exhausted pool's wait. */
const DRIVER_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08') || NETWORK_CODES.has(code)) return true;
  }
  return DRIVER_MESSAGES.some((m) => error.message.startsWith(m));
}
