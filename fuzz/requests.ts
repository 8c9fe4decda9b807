/**
 * One request to an operation of the OpenAPI document: its path, query and body drawn from the
 * operation's own schemas (fast-check arbitraries of arbitraries.ts), mixed with hostile values.
 */
import fc from 'fast-check';
import { hostileValue, type JsonSchema, objectFor, textFor, validFor } from './arbitraries';

/** An operation as the document describes it. */
export interface Operation {
  method: string;
  path: string;
  id: string;
  params: Array<{ name: string; in: 'path' | 'query' | 'header'; schema: JsonSchema; required?: boolean }>;
  body: JsonSchema | null;
  bodyType: string | null;
  responses: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}

/** What was sent, for the report of a failure. */
export interface Sent {
  method: string;
  url: string;
  body?: unknown;
  headers: Record<string, string>;
}

/** The operations of an OpenAPI document, in its order. */
export function operationsOf(doc: {
  paths: Record<string, Record<string, Record<string, unknown>>>;
}): Operation[] {
  const operations: Operation[] = [];
  for (const [p, methods] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(methods)) {
      const content = (op.requestBody as { content?: Record<string, { schema?: JsonSchema }> } | undefined)
        ?.content;
      const bodyType = content ? (Object.keys(content)[0] ?? null) : null;
      operations.push({
        method: method.toUpperCase(),
        path: p,
        id: String(op.operationId ?? `${method} ${p}`),
        params: (op.parameters as Operation['params'] | undefined) ?? [],
        body: bodyType ? (content?.[bodyType]?.schema ?? null) : null,
        bodyType,
        responses: op.responses as Operation['responses'],
      });
    }
  return operations;
}

/**
 * Percent-encodes text for a path, lone surrogates included: they go as the bytes a careless
 * client would send (their WTF-8 form, invalid UTF-8), which the server must refuse cleanly.
 */
function encodeLoosely(text: string): string {
  // A segment of only dots is a dot segment: clients resolve it away and routers may too, so it
  // never names a parameter; another value is sent instead.
  if (/^\.+$/.test(text)) return `x${text}`;
  return [...text]
    .map((ch) => {
      const unit = ch.charCodeAt(0);
      if (ch.length === 1 && unit >= 0xd800 && unit <= 0xdfff)
        return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
          .map((b) => `%${b.toString(16).toUpperCase()}`)
          .join('');
      return encodeURIComponent(ch);
    })
    .join('');
}

/** One request to an operation: its path, query and body drawn from its schemas. */
export function requestFor(op: Operation): fc.Arbitrary<Omit<Sent, 'headers'>> {
  const pathParams = op.params.filter((p) => p.in === 'path');
  const queryParams = op.params.filter((p) => p.in === 'query');
  const pathArb = fc.tuple(...pathParams.map((p) => textFor(p.schema)));
  const queryArb = fc.tuple(
    ...queryParams.map((p) => fc.option(textFor(p.schema), { nil: undefined, freq: p.required ? 20 : 2 })),
  );
  const bodyArb: fc.Arbitrary<unknown> = !op.bodyType
    ? fc.constant(undefined)
    : op.bodyType !== 'application/json'
      ? fc.oneof(fc.constant('a=1&b=%00'), fc.string({ maxLength: 200 }))
      : fc.oneof(
          {
            weight: 6,
            arbitrary: op.body?.type === 'object' ? objectFor(op.body) : validFor(op.body ?? undefined),
          },
          { weight: 1, arbitrary: hostileValue },
        );
  return fc.tuple(pathArb, queryArb, bodyArb).map(([pathValues, queryValues, body]) => {
    let url = op.path;
    pathParams.forEach((p, i) => {
      url = url.replace(`{${p.name}}`, encodeLoosely(pathValues[i] ?? '') || 'x');
    });
    const query = new URLSearchParams();
    queryParams.forEach((p, i) => {
      const v = queryValues[i];
      if (v !== undefined) query.append(p.name, v);
    });
    const qs = query.toString();
    return { method: op.method, url: qs ? `${url}?${qs}` : url, ...(body === undefined ? {} : { body }) };
  });
}
