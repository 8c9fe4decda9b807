/**
 * Request values from JSON schemas (the OpenAPI document's), as fast-check arbitraries: mostly
 * values the schema allows, so requests reach the code behind validation, mixed with hostile
 * ones that probe the edges (NUL and other controls, lone surrogates, right-to-left overrides,
 * 100 KB strings, deep nesting, wrong types, huge and odd numbers).
 */
import fc from 'fast-check';

export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
  pattern?: string;
  additionalProperties?: boolean | JsonSchema;
}

/** Strings no well-behaved client sends. */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0007\u001b[31mred',
  '\uD800',
  'x\uDFFFy',
  '\u202Eevil\u202C',
  '\uFEFF',
  '../../etc/passwd',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '=HYPERLINK("http://evil.example")',
  '%00',
  '0x10',
  '1e309',
  '-0',
  'NaN',
  'null',
  'true',
  '{}',
  '😀'.repeat(200),
  'a'.repeat(5000),
  'b'.repeat(100_000),
];

const HOSTILE_NUMBERS: readonly unknown[] = [
  -1,
  0,
  1.5,
  -2147483649,
  2 ** 53 + 1,
  1e308,
  Number.MAX_SAFE_INTEGER,
  '12',
  true,
  null,
];

function nested(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

/** Any hostile value, of any type. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.constantFrom(...HOSTILE_NUMBERS),
  fc.constantFrom([], [[[[]]]], {}, { $ref: '#' }, { __proto__: { admin: true } }, nested(40), nested(2000)),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.jsonValue({ maxDepth: 3 }),
);

function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 40, Math.max(min, 60));
  switch (schema.format) {
    case 'uuid':
      return fc.uuid({ version: 7 });
    case 'date-time':
      return fc
        .date({
          min: new Date('2020-01-01T00:00:00Z'),
          max: new Date('2030-01-01T00:00:00Z'),
          noInvalidDate: true,
        })
        .map((d) => d.toISOString());
    case 'email':
      return fc.emailAddress();
    case 'uri':
      return fc.webUrl();
    default:
  }
  if (schema.pattern) {
    try {
      return fc
        .stringMatching(new RegExp(schema.pattern))
        .filter((s) => s.length >= min && s.length <= (schema.maxLength ?? Number.POSITIVE_INFINITY));
    } catch {
      // A pattern fast-check cannot read: plain strings instead.
    }
  }
  return fc.string({ minLength: min, maxLength: max });
}

/** Values the schema allows (as far as a generator can tell), 20% of the time something hostile. */
export function arbitraryFor(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 4, arbitrary: validFor(schema, depth) }, { weight: 1, arbitrary: hostileValue });
}

export function validFor(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema) return fc.jsonValue({ maxDepth: 2 });
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return fc.oneof(...variants.map((v) => validFor(v, depth)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return stringFor(schema);
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000 });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(depth > 4 ? fc.constant(null) : arbitraryFor(schema.items, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 4, 6),
      });
    case 'object':
      return objectFor(schema, depth);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** An object with the required properties and some of the optional ones, each arbitrary. */
export function objectFor(schema: JsonSchema, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const props = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, prop] of Object.entries(props))
    model[name] = depth > 4 ? fc.constant(null) : arbitraryFor(prop, depth + 1);
  return fc.record(model, { requiredKeys: Object.keys(props).filter((k) => required.has(k)) });
}

/** Text for a query or path value: the schema's value written as text, or a hostile string. */
export function textFor(schema: JsonSchema | undefined): fc.Arbitrary<string> {
  return fc.oneof(
    {
      weight: 4,
      arbitrary: validFor(schema).map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))),
    },
    { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_STRINGS.filter((s) => s.length < 9000)) },
  );
}
