/**
 * Structured logging (pino) with personal data kept out. Two layers: we never log bodies, headers
 * or query strings, and known personal keys are redacted by path; then every serialised line goes
 * through the one scrubber (scrub.ts, which error events use too): emails, IP addresses, tokens,
 * keys, card numbers, secret-named fields and the query strings of URL fields. Lines written
 * inside a request or a job carry its correlation id (correlation.ts).
 */
import { type DestinationStream, type Logger, pino } from 'pino';
import { currentCorrelationId } from './correlation';
import { scrubText } from './scrub';

export const REDACTED = '[redacted]';

const PERSONAL_KEYS = [
  'password',
  'old_password',
  'new_password',
  'current_password',
  'secret',
  'client_secret',
  'card_number',
  'cvc',
  'email',
  'token',
  'access_token',
  'refresh_token',
  'id_token',
  'authorization',
  'cookie',
  'set-cookie',
  'name',
  'display_name',
  'displayName',
  'username',
  'ip',
  'ip_address',
  'remoteAddress',
  'user_agent',
];

/** Removes anything that looks like personal data or a secret from a serialised log line. */
export const scrubLogLine = scrubText;

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'kitwright-server' },
      // Every line written for a request or a job carries its correlation id (a field the call
      // sets itself wins): callers never pass it.
      // A child that names its own (a job's) is left as it is, so no line has the field twice.
      mixin: (_line, _level, logger) => {
        const id = currentCorrelationId();
        return id && !('correlation_id' in logger.bindings()) ? { correlation_id: id } : {};
      },
      messageKey: 'msg',
      timestamp: pino.stdTimeFunctions.epochTime,
      redact: {
        paths: [
          ...PERSONAL_KEYS,
          ...PERSONAL_KEYS.map((k) => `*.${k}`),
          ...PERSONAL_KEYS.map((k) => `*.*.${k}`),
        ],
        censor: REDACTED,
      },
      hooks: { streamWrite: scrubLogLine },
      serializers: {
        err: (err: Error & { code?: unknown }) => ({
          type: err.name,
          code: typeof err.code === 'string' ? err.code : undefined,
          message: err.message,
          stack: err.stack,
        }),
      },
    },
    destination,
  );
}
