/**
 * How requests are validated against the operation schemas. Bodies are JSON and must carry the
 * types the schema names: no coercion (`"title": 12345` is a 400, not the string "12345";
 * `true` is not a display name). Query strings and path parameters are text by nature and are
 * read into the schema's types, but a number there must be written in decimal (`limit=0x10`,
 * `1e3` or ` 16` are refused instead of being read as 16).
 */
import { AjvCompiler, type BuildCompilerFromPool } from '@fastify/ajv-compiler';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { AppError } from './errors';

const SHARED = { removeAdditional: true, useDefaults: true, allErrors: true } as const;

type RouteCompiler = ReturnType<BuildCompilerFromPool>;

function twoValidators(...[externalSchemas, options]: Parameters<BuildCompilerFromPool>): RouteCompiler {
  const pool = AjvCompiler();
  const plugins = options && 'plugins' in options ? (options.plugins ?? []) : [];
  const strict = pool(externalSchemas, { customOptions: { ...SHARED, coerceTypes: false }, plugins });
  const reading = pool(externalSchemas, { customOptions: { ...SHARED, coerceTypes: 'array' }, plugins });
  // At run time Fastify calls the compiler with the route (method, url, httpPart, schema), which
  // @fastify/ajv-compiler's own typings describe as a schema; its function is called the same way.
  return (route) => (typeof route === 'object' && route.httpPart === 'body' ? strict : reading)(route);
}

/** One Ajv that coerces nothing for bodies, one that reads query and path text into types. */
export const buildValidator: BuildCompilerFromPool = twoValidators;

const DECIMAL_INTEGER = /^-?(0|[1-9][0-9]*)$/;
const DECIMAL_NUMBER = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?$/;

type Numeric = 'integer' | 'number';

/** The query and path fields a schema types as numbers, by name. */
function numericFields(schema: unknown): Map<string, Numeric> {
  const fields = new Map<string, Numeric>();
  const properties = (
    schema as { properties?: Record<string, { type?: unknown; anyOf?: unknown[] }> } | undefined
  )?.properties;
  for (const [name, prop] of Object.entries(properties ?? {})) {
    const types = [prop.type, ...(prop.anyOf ?? []).map((p) => (p as { type?: unknown }).type)];
    if (types.includes('integer')) fields.set(name, 'integer');
    else if (types.includes('number')) fields.set(name, 'number');
  }
  return fields;
}

/** Refuses numbers in a query or path that are not written in decimal, before validation. */
export function installDecimalNumbers(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const schema = route.schema as (FastifySchema & { querystring?: unknown }) | undefined;
    if (!schema) return;
    const query = numericFields(schema.querystring);
    const params = numericFields(schema.params);
    if (query.size === 0 && params.size === 0) return;
    route.config = { ...route.config, decimalNumbers: { query, params } };
  });
  app.addHook('preValidation', async (request) => {
    const rule = (
      request.routeOptions.config as {
        decimalNumbers?: { query: Map<string, Numeric>; params: Map<string, Numeric> };
      }
    ).decimalNumbers;
    if (!rule) return;
    for (const [part, fields] of [
      [request.query, rule.query],
      [request.params, rule.params],
    ] as const) {
      for (const [name, kind] of fields) {
        const raw = (part as Record<string, unknown> | undefined)?.[name];
        for (const value of Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]) {
          if (typeof value !== 'string') continue;
          if (!(kind === 'integer' ? DECIMAL_INTEGER : DECIMAL_NUMBER).test(value))
            throw new AppError('VALIDATION_FAILED', undefined, {
              location: part === request.query ? 'querystring' : 'params',
              fields: {
                [name]:
                  kind === 'integer'
                    ? 'must be a whole number written in decimal'
                    : 'must be a number written in decimal',
              },
            });
        }
      }
    }
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The query and path fields typed as numbers, checked for decimal writing (validation.ts). */
    decimalNumbers?: { query: Map<string, 'integer' | 'number'>; params: Map<string, 'integer' | 'number'> };
  }
}
