/**
 * npm run fuzz [-- --requests N --seed S --role anonymous|user|all --phase A|A.5]
 *
 * Drives every operation of /api/openapi.json with property-based requests (fast-check values
 * derived from each operation's schemas, mixed with hostile ones), unauthenticated and as a
 * signed-in user, against the real app on a fresh embedded database, and checks each answer:
 *   - never a 5xx;
 *   - the status is one the document lists for that operation;
 *   - an error is in the envelope ({ error: { code, message, correlation_id } });
 *   - a JSON success matches the documented response schema (Ajv, against the document);
 * and, before any request, that the document is valid OpenAPI 3.1 (an independent validator).
 * Prints a summary per role and the first failures with what was sent; exits 1 on any failure.
 * The same seed sends the same requests.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PHASE_GATES } from '@kitwright/contracts';
import { Validator } from '@seriousme/openapi-schema-validator';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase, openPglite } from '../apps/server/src/db/connection';
import { migrate } from '../apps/server/src/db/migrate';
import { OPERATOR } from '../apps/server/src/platform/audit';
import { createLogger } from '../apps/server/src/platform/logging';
import { createFsStorage } from '../apps/server/src/providers/storage/fs-storage';
import { hostileValue, type JsonSchema, objectFor, textFor, validFor } from './arbitraries';

interface Operation {
  method: string;
  path: string;
  id: string;
  params: Array<{ name: string; in: 'path' | 'query' | 'header'; schema: JsonSchema; required?: boolean }>;
  body: JsonSchema | null;
  bodyType: string | null;
  responses: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}

interface Sent {
  method: string;
  url: string;
  body?: unknown;
  headers: Record<string, string>;
}

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '10000' },
    seed: { type: 'string', default: '20261127' },
    role: { type: 'string', default: 'all' },
    // A.5 opens Phase A.5 (every gate recorded, the decision, the pre-order flag) before fuzzing.
    phase: { type: 'string', default: 'A' },
  },
  allowPositionals: false,
});
const perRole = Number(values.requests);
const seed = Number(values.seed);
const roles = values.role === 'all' ? ['anonymous', 'user'] : [values.role as string];

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kitwright-fuzz-'));
const config = loadConfig(
  {
    APP_ENV: 'local',
    LOG_LEVEL: 'silent',
    SEED_ON_START: 'false',
    GALLERY_CACHE_MS: '0',
    PUBLIC_BASE_URL: 'http://localhost:3000',
    DATA_DIR: dataDir,
    // The fuzzer signs up and asks for visitor sessions from one address, many times.
    REGISTRATIONS_PER_IP_PER_HOUR: '100000',
    VISITOR_SESSIONS_PER_IP_PER_HOUR: '100000',
  },
  dataDir,
);
const lite = await openPglite(null);
const database = await openDatabase({ url: null, dataDir: '', schema: null, poolSize: 1 }, lite);
await migrate(database.db);
const { app, close, controls } = await buildApp({
  config,
  database,
  logger: createLogger('silent'),
  storage: createFsStorage(config.storage.dir),
});
await app.ready();
if (values.phase === 'A.5') {
  for (const gate of PHASE_GATES['A.5'])
    await controls.recordGate({ gate, passed: true, version: 'fuzz', evidence: 'fuzz run' }, OPERATOR, null);
  await controls.decidePhase('A.5', 'fuzz run', OPERATOR, null, 'phase-a5-preorder-20261127.1');
  await controls.setFlag('phaseA5Preorders', true, OPERATOR, null);
}

const doc = (await app.inject('/api/openapi.json')).json() as {
  paths: Record<string, Record<string, Record<string, unknown>>>;
};
// The document itself first: valid OpenAPI 3.1 by a validator other than the one that wrote it.
const documentCheck = await new Validator().validate(doc as Parameters<Validator['validate']>[0]);
if (!documentCheck.valid) {
  console.error('/api/openapi.json is not valid OpenAPI 3.1:', JSON.stringify(documentCheck.errors, null, 1));
  process.exit(1);
}
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

const ajv = new Ajv({ strict: false, allErrors: false, validateFormats: true });
addFormats(ajv);
const validators = new Map<string, ValidateFunction | null>();
function responseValidator(op: Operation, status: number): ValidateFunction | null {
  const key = `${op.id} ${status}`;
  if (!validators.has(key)) {
    const schema = op.responses[String(status)]?.content?.['application/json']?.schema;
    validators.set(key, schema ? ajv.compile(schema) : null);
  }
  return validators.get(key) ?? null;
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
function requestFor(op: Operation): fc.Arbitrary<Omit<Sent, 'headers'>> {
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

interface Failure {
  role: string;
  op: string;
  problem: string;
  sent: Sent;
  status: number;
  answer: string;
}

const failures: Failure[] = [];
const summary: Record<string, { requests: number; byStatus: Record<string, number> }> = {};

async function signIn(): Promise<Record<string, string>> {
  const username = `fuzz${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/register',
    payload: {
      username,
      email: `${username}@example.com`,
      password: 'fuzzing-password-1',
      display_name: 'Fuzz',
    },
  });
  if (res.statusCode !== 201) throw new Error(`could not sign up the fuzzing user: ${res.body}`);
  return { authorization: `Bearer ${res.json().access_token}` };
}

const envelopeOk = (body: unknown) => {
  const e = (body as { error?: Record<string, unknown> } | null)?.error;
  return Boolean(
    e && typeof e.code === 'string' && typeof e.message === 'string' && typeof e.correlation_id === 'string',
  );
};

const started = performance.now();
for (const role of roles) {
  const stats = { requests: 0, byStatus: {} as Record<string, number> };
  summary[role] = stats;
  const perOp = Math.max(1, Math.ceil(perRole / operations.length));
  for (const [index, op] of operations.entries()) {
    // A fresh person for each operation: an earlier one may have signed out or deleted the last.
    const headers = role === 'user' ? await signIn() : {};
    const samples = fc.sample(requestFor(op), {
      numRuns: perOp,
      seed: seed + index * 7919 + (role === 'user' ? 1 : 0),
    });
    for (const req of samples) {
      const sent: Sent = { ...req, headers: { ...headers, origin: 'http://localhost:3000' } };
      const isJson = op.bodyType === 'application/json' && 'body' in req;
      const res = await app.inject({
        method: req.method as 'GET',
        url: req.url,
        headers: {
          ...sent.headers,
          ...(isJson
            ? { 'content-type': 'application/json' }
            : op.bodyType
              ? { 'content-type': op.bodyType }
              : {}),
        },
        ...(req.body === undefined ? {} : { payload: isJson ? JSON.stringify(req.body) : String(req.body) }),
      });
      stats.requests++;
      stats.byStatus[res.statusCode] = (stats.byStatus[res.statusCode] ?? 0) + 1;
      const fail = (problem: string) =>
        failures.push({
          role,
          op: op.id,
          problem,
          sent,
          status: res.statusCode,
          answer: res.body.slice(0, 300),
        });
      if (res.statusCode >= 500) {
        fail('server error');
        continue;
      }
      if (!(String(res.statusCode) in op.responses)) fail(`status ${res.statusCode} is not documented`);
      const type = String(res.headers['content-type'] ?? '');
      if (!type.includes('application/json')) continue;
      let body: unknown;
      try {
        body = res.json();
      } catch {
        fail('the JSON answer does not parse');
        continue;
      }
      if (res.statusCode >= 400) {
        if (!envelopeOk(body)) fail('an error outside the envelope');
        continue;
      }
      const validate = responseValidator(op, res.statusCode);
      if (validate && !validate(body))
        fail(`the answer does not match its schema: ${ajv.errorsText(validate.errors).slice(0, 200)}`);
    }
  }
}
const seconds = (performance.now() - started) / 1000;

await close();
await lite.close();
await fs.rm(dataDir, { recursive: true, force: true });

console.log(`\nfuzz: ${operations.length} operations, seed ${seed}, ${seconds.toFixed(1)} s`);
for (const [role, s] of Object.entries(summary))
  console.log(
    `  ${role.padEnd(9)} ${String(s.requests).padStart(6)} requests  ${Object.entries(s.byStatus)
      .map(([k, v]) => `${k}×${v}`)
      .join(' ')}`,
  );
const distinct = new Map<string, Failure>();
for (const f of failures) distinct.set(`${f.role} ${f.op} ${f.problem.slice(0, 60)}`, f);
if (failures.length === 0) {
  console.log('  no failures');
  process.exit(0);
}
console.log(`\n${failures.length} failures (${distinct.size} distinct):`);
for (const f of [...distinct.values()].slice(0, 40))
  console.log(
    `- [${f.role}] ${f.op}: ${f.problem}\n    ${f.sent.method} ${f.sent.url.slice(0, 200)}${
      f.sent.body === undefined ? '' : `\n    body ${JSON.stringify(f.sent.body)?.slice(0, 200)}`
    }\n    → ${f.status} ${f.answer.slice(0, 200)}`,
  );
process.exit(1);
