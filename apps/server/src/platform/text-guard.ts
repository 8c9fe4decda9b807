/**
 * Input the database or the server cannot handle is refused at the door, on every route, before
 * validation, as 400 VALIDATION_FAILED naming the field:
 * - the NUL character (U+0000) in a query, path parameter or JSON body: PostgreSQL's text types
 *   cannot hold it (error 22021), and it used to answer 500;
 * - the other C0 control characters and DEL (tab, line feed and carriage return excepted): no
 *   text a person writes contains them, and they hide text in logs, exports and terminals;
 * - half of a surrogate pair (U+D800-U+DFFF alone, e.g. `"\ud800"` in JSON): not Unicode text; the
 *   database driver stored it as U+FFFD, and PostgreSQL refuses it in JSON (error 22P05), which made
 *   a recorded change answer 503 when its audit entry could not be written;
 * - JSON nested deeper than MAX_JSON_DEPTH: no field of the API nests that deep, and a body nested
 *   100,000 deep overflowed the stack when stored (500).
 * The walk is iterative, so no input can exhaust the stack here. Multipart bodies (uploads) are
 * bytes, read by their own parsers, and are not walked.
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

/** Deepest nesting of objects and arrays any request may carry. */
export const MAX_JSON_DEPTH = 32;

export type TextProblem = {
  field: string;
  problem:
    | 'contains a NUL character'
    | 'contains a control character'
    | 'contains half of a surrogate pair'
    | 'nests too deeply';
};

/** C0 control characters other than tab, line feed and carriage return, and DEL: never text. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is what this is for
const CONTROL = /[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function stringProblem(value: string): TextProblem['problem'] | null {
  if (value.includes('\u0000')) return 'contains a NUL character';
  if (CONTROL.test(value)) return 'contains a control character';
  return LONE_SURROGATE.test(value) ? 'contains half of a surrogate pair' : null;
}

const MESSAGES: Record<TextProblem['problem'], string> = {
  'nests too deeply': `The request nests deeper than ${MAX_JSON_DEPTH} levels.`,
  'contains a NUL character': 'Text may not contain the NUL character (U+0000).',
  'contains a control character': 'Text may not contain control characters other than tab and line breaks.',
  'contains half of a surrogate pair':
    'Text must be valid Unicode: it contains half of a surrogate pair (U+D800 to U+DFFF on its own).',
};

/** The first problem in `value` (its field path, e.g. `items.2.name`), or null. */
export function textProblem(value: unknown, root = ''): TextProblem | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: root, depth: 0 }];
  while (stack.length > 0) {
    const { value: item, path, depth } = stack.pop()!;
    if (typeof item === 'string') {
      const problem = stringProblem(item);
      if (problem) return { field: path || '(value)', problem };
      continue;
    }
    if (item === null || typeof item !== 'object') continue;
    if (depth >= MAX_JSON_DEPTH) return { field: path || '(value)', problem: 'nests too deeply' };
    const entries = Array.isArray(item) ? item.map((v, i) => [String(i), v] as const) : Object.entries(item);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i]!;
      const here = path ? `${path}.${key}` : key;
      const keyProblem = stringProblem(key);
      if (keyProblem) return { field: here, problem: keyProblem };
      stack.push({ value: child, path: here, depth: depth + 1 });
    }
  }
  return null;
}

export function installTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const found =
      textProblem(request.params) ??
      textProblem(request.query) ??
      (String(request.headers['content-type'] ?? '').startsWith('multipart/') || Buffer.isBuffer(request.body)
        ? null
        : textProblem(request.body));
    if (found)
      throw new AppError('VALIDATION_FAILED', MESSAGES[found.problem], {
        fields: { [found.field]: found.problem },
      });
  });
}
