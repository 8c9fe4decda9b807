/**
 * Text the database cannot store is refused at the door. PostgreSQL's text types cannot hold the
 * NUL character (U+0000; error 22021), so a NUL anywhere in a request's query, path parameters or
 * JSON body used to reach SQL and answer 500. Every request is checked before validation, and a NUL
 * is a 400 VALIDATION_FAILED naming the field, whatever the route. Multipart bodies (uploads) are
 * bytes, read by their own parsers, and are not walked here.
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

/** The path of the first string holding a NUL in `value` (`q`, `items.2.name`), or null. */
export function nulPath(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || '(value)' : null;
  if (value === null || typeof value !== 'object' || depth > 32) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = nulPath(value[i], path ? `${path}.${i}` : String(i), depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    const here = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return here;
    const found = nulPath(item, here, depth + 1);
    if (found) return found;
  }
  return null;
}

export function installTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const field =
      nulPath(request.params) ??
      nulPath(request.query) ??
      (String(request.headers['content-type'] ?? '').startsWith('multipart/') || Buffer.isBuffer(request.body)
        ? null
        : nulPath(request.body));
    if (field)
      throw new AppError('VALIDATION_FAILED', 'Text may not contain the NUL character (U+0000).', {
        fields: { [field]: 'contains a NUL character' },
      });
  });
}
