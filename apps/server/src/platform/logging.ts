/**
 * Structured logging (pino) with personal data kept out. Two layers: we never log bodies, headers
 * or query strings, and known personal keys are redacted by path; then every serialised line is
 * scrubbed of anything that still looks like an email, token or IP address.
 */
import { type DestinationStream, type Logger, pino } from 'pino';

export const REDACTED = '[redacted]';

const PERSONAL_KEYS = [
  'password',
  'old_password',
  'new_password',
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

const SCRUBBERS: Array<[RegExp, string]> = [
  [/eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g, '[token]'],
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi, '$1 [token]'],
  // Our own opaque tokens: refresh (kwr_), email verification (kwv_), password reset (kwp_).
  [/\bkw[rvp]_[A-Za-z0-9_-]{16,}/g, '[token]'],
  // A signed visitor session (cookie or x-visitor-session): its id, a dot, its signature.
  [/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[A-Za-z0-9+/_-]{20,}={0,2}/gi, '[token]'],
  // A secret as a JSON member, also inside a string that carries JSON (escaped quotes).
  [
    /((?:\\?")(?:password|old_password|new_password|secret|token|access_token|refresh_token)(?:\\?")\s*:\s*(?:\\?"))(?:[^"\\]|\\.)*?(?=\\?")/gi,
    '$1[redacted]',
  ],
  // Emails in any script (josé@exämple.de as well as jane@example.com).
  [/[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.[\p{L}]{2,}/gu, '[email]'],
  [/\b(?:[0-9a-f]{1,4}:){7}[0-9a-f]{1,4}\b/gi, '[ip]'],
  [
    /(?:[0-9a-f]{1,4}(?::[0-9a-f]{1,4})*)?::(?:[0-9a-f]{1,4}(?::[0-9a-f]{1,4})*)?(?::\d{1,3}(?:\.\d{1,3}){3})?/gi,
    '[ip]',
  ],
  [/\b(?:25[0-5]|2[0-4]\d|1?\d?\d)(?:\.(?:25[0-5]|2[0-4]\d|1?\d?\d)){3}\b/g, '[ip]'],
  [/\b(token|code|state|password|secret)=[^&\s"]+/gi, '$1=[redacted]'],
];

/** Removes anything that looks like personal data from a serialised log line. */
export function scrubLogLine(line: string): string {
  let out = line;
  for (const [pattern, replacement] of SCRUBBERS) out = out.replace(pattern, replacement);
  return out;
}

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'kitwright-server' },
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
