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
