/** Shapes shared by every endpoint: the error envelope, ids, pagination. */
import Type from 'typebox';

export const ErrorEnvelope = Type.Object(
  {
    error: Type.Object({
      code: Type.String({ description: 'Stable UPPER_SNAKE error code from the catalogue' }),
      message: Type.String(),
      details: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
      correlation_id: Type.String(),
    }),
  },
  { description: 'The one error body every endpoint answers with' },
);
export type ErrorEnvelope = Type.Static<typeof ErrorEnvelope>;

/**
 * What a one-line field refuses: line feed, carriage return, and the other line and paragraph
 * separators (NEL U+0085, U+2028, U+2029). Written with escapes, so the OpenAPI document shows it.
 */
export const ONE_LINE_PATTERN = '^[^\\n\\r\\u0085\\u2028\\u2029]*$';
/** The characters ONE_LINE_PATTERN refuses. */
export const LINE_BREAKS = ['\n', '\r', '\u0085', '\u2028', '\u2029'] as const;

/**
 * Text that is one line: a title, a name, a tag, a subject, a label, a version. Line breaks are
 * refused (400 naming the field, "must be on one line"); descriptions, messages and notes, which
 * may run over several lines, are plain strings.
 */
export function OneLine(options: Omit<Type.TStringOptions, 'pattern'> = {}) {
  return Type.String({ ...options, pattern: ONE_LINE_PATTERN });
}

export const Uuid = Type.String({ format: 'uuid' });
export const Timestamp = Type.String({ format: 'date-time' });

export const PageQuery = Type.Object({
  cursor: Type.Optional(Type.String({ maxLength: 512 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
});

export function Page<T extends Type.TSchema>(item: T) {
  return Type.Object({
    items: Type.Array(item),
    next_cursor: Type.Union([Type.String(), Type.Null()]),
  });
}

export const Ok = Type.Object({ ok: Type.Literal(true) });
