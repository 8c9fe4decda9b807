/**
 * npm run fuzz [-- --requests N --seed S --role all|anonymous,visitor,user,staff,founder --phase A|A.5]
 *
 * Drives every operation of /api/openapi.json with property-based requests (fast-check values
 * derived from each operation's schemas, mixed with hostile ones) as each role in turn (nobody, a
 * visitor session, a signed-up user, a member of staff, a founder: roles.ts), N requests per role,
 * against the real app on a fresh embedded database, and checks each answer (checks.ts):
 *   - never a 5xx;
 *   - the status is one the document lists for that operation;
 *   - an error is in the envelope ({ error: { code, message, correlation_id } });
 *   - a JSON success matches the documented response schema (Ajv, against the document);
 * and, before any request, that the document is valid OpenAPI 3.1 (an independent validator).
 * Prints per role the requests, the answers by status, the 5xx, undocumented statuses, errors
 * outside the envelope, schema mismatches and refusals (401/403), then the first failures with
 * what was sent; exits 1 on any failure. The same seed sends the same requests.
 *
 * The operations that change the ground the others run on (feature flags, gate evidence, phase
 * decisions, roles, erasing an account) are sent last, and the flags a founder's requests switched
 * are put back after each operation, so the run stays the same run whatever those requests did.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { FEATURE_FLAGS, PHASE_GATES } from '@kitwright/contracts';
import { Validator } from '@seriousme/openapi-schema-validator';
import fc from 'fast-check';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase, openPglite } from '../apps/server/src/db/connection';
import { migrate } from '../apps/server/src/db/migrate';
import { OPERATOR } from '../apps/server/src/platform/audit';
import { createLogger } from '../apps/server/src/platform/logging';
import { createFsStorage } from '../apps/server/src/providers/storage/fs-storage';
import { createChecker, emptyStats, type Failure, type RoleStats } from './checks';
import { operationsOf, requestFor, type Sent } from './requests';
import { type FuzzRole, identityFor, ROLES } from './roles';

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
const roles: FuzzRole[] =
  values.role === 'all' ? [...ROLES] : (values.role ?? '').split(',').map((r) => r.trim() as FuzzRole);
const unknownRole = roles.find((r) => !ROLES.includes(r));
if (unknownRole) {
  console.error(`unknown role ${unknownRole}: one of ${ROLES.join(', ')}, or all`);
  process.exit(64);
}

/** Each role its own stream of values (anonymous and user keep the ones they had before the others). */
const SEED_OFFSET: Record<FuzzRole, number> = { anonymous: 0, user: 1, visitor: 2, staff: 3, founder: 4 };

/** Sent last, in this order: each changes what the operations after it meet. */
const GROUND_CHANGING = ['setFlag', 'recordGate', 'decidePhase', 'changeRole', 'deleteAccount'];

const started = performance.now();
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
    await controls.recordGate({ gate, passed: true, version: 'fuzz', evidence: 'fuzz run' }, OPERATOR);
  await controls.decidePhase('A.5', 'fuzz run', OPERATOR, 'phase-a5-preorder-20261127.1');
  await controls.setFlag('phaseA5Preorders', true, OPERATOR);
}
const flagsAtStart = (await controls.snapshot()).flags;

const doc = (await app.inject('/api/openapi.json')).json() as {
  paths: Record<string, Record<string, Record<string, unknown>>>;
};
// The document itself first: valid OpenAPI 3.1 by a validator other than the one that wrote it.
const documentCheck = await new Validator().validate(doc as Parameters<Validator['validate']>[0]);
if (!documentCheck.valid) {
  console.error('/api/openapi.json is not valid OpenAPI 3.1:', JSON.stringify(documentCheck.errors, null, 1));
  process.exit(1);
}
const last = (id: string) => {
  const i = GROUND_CHANGING.indexOf(id);
  return i < 0 ? -1 : i;
};
// A stable sort: the document's order, with the ground-changing operations moved to the end.
const operations = operationsOf(doc)
  .map((op, index) => ({ op, index }))
  .sort((a, b) => last(a.op.id) - last(b.op.id) || a.index - b.index);

/** Puts back the feature flags a request switched; how many it put back. */
async function restoreFlags(): Promise<number> {
  const now = (await controls.snapshot()).flags;
  let restored = 0;
  for (const flag of FEATURE_FLAGS)
    if (now[flag] !== flagsAtStart[flag]) {
      await controls.setFlag(flag, flagsAtStart[flag], OPERATOR);
      restored++;
    }
  return restored;
}

const check = createChecker();
const failures: Failure[] = [];
const summary: Partial<Record<FuzzRole, RoleStats>> = {};
let flagsRestored = 0;
const fuzzStarted = performance.now();
for (const role of roles) {
  const stats = emptyStats();
  summary[role] = stats;
  const identity = identityFor(role, app, database.db);
  const perOp = Math.max(1, Math.ceil(perRole / operations.length));
  for (const { op, index } of operations) {
    const headers = await identity.headers();
    const samples = fc.sample(requestFor(op), {
      numRuns: perOp,
      seed: seed + index * 7919 + SEED_OFFSET[role],
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
      for (const problem of check(op, res, stats))
        failures.push({
          role,
          op: op.id,
          problem,
          sent,
          status: res.statusCode,
          answer: res.body.slice(0, 300),
        });
    }
    if (await identity.settle()) stats.recoveredAfter.push(op.id);
    flagsRestored += await restoreFlags();
  }
}
const fuzzSeconds = (performance.now() - fuzzStarted) / 1000;

await close();
await lite.close();
await fs.rm(dataDir, { recursive: true, force: true });

const totalSeconds = (performance.now() - started) / 1000;
console.log(
  `\nfuzz: ${operations.length} operations, seed ${seed}, phase ${values.phase}; ` +
    `requests ${fuzzSeconds.toFixed(1)} s, with the app's start ${totalSeconds.toFixed(1)} s`,
);
console.log(
  `  ${'role'.padEnd(9)} ${'requests'.padStart(8)} ${'5xx'.padStart(4)} ${'undoc'.padStart(5)} ${'envel'.padStart(5)} ` +
    `${'schema'.padStart(6)} ${'401/403'.padStart(7)} ${'re-sign'.padStart(7)}  by status`,
);
for (const [role, s] of Object.entries(summary))
  console.log(
    `  ${role.padEnd(9)} ${String(s.requests).padStart(8)} ${String(s.serverErrors).padStart(4)} ` +
      `${String(s.undocumented).padStart(5)} ${String(s.outsideEnvelope).padStart(5)} ` +
      `${String(s.schemaMismatches).padStart(6)} ${String(s.refused).padStart(7)} ${String(s.recoveredAfter.length).padStart(7)}  ` +
      Object.entries(s.byStatus)
        .map(([k, v]) => `${k}×${v}`)
        .join(' '),
  );
for (const [role, s] of Object.entries(summary))
  if (s.recoveredAfter.length > 0)
    console.log(`  ${role} signed in again after: ${s.recoveredAfter.join(', ')}`);
if (flagsRestored > 0)
  console.log(`  feature flags put back after a request switched them: ${flagsRestored}`);
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
