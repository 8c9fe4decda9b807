/**
 * /api/openapi.json is a valid OpenAPI 3.1 document by a validator that is not the one that
 * generated it (@seriousme/openapi-schema-validator checks the official 3.1 JSON schema), and it
 * says what the server really answers: the media type of answers that are not JSON, 429 wherever a
 * rate limit applies, 431 on every operation, 413 and 415 wherever a body may be sent.
 */
import { FOUNDER_TABLES, OPERATIONS, type OperationName } from '@kitwright/contracts';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoUsers } from '../src/seed/demo';
import { bearer, login } from './support/auth-helpers';
import { createTestApp, type TestApp } from './support/test-app';

interface Doc {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      { operationId: string; responses: Record<string, { content?: Record<string, { schema: unknown }> }> }
    >
  >;
}

/** An operation of the document by its id. */
function find(doc: Doc, name: OperationName) {
  for (const methods of Object.values(doc.paths))
    for (const op of Object.values(methods)) if (op.operationId === name) return op;
  throw new Error(`${name} is not in the document`);
}

/**
 * Every operation that may answer 429, by the limits in platform/rate-limits.ts and where they
 * are applied: sign-in and account limits, the per-address limit on new visitor sessions (made by
 * any operation that works without an account and keeps something for the visitor), the hourly
 * job budget (starting and retrying jobs), and the per-feature limits.
 */
const RATE_LIMITED: readonly OperationName[] = [
  // Accounts: registrations per address, sign-in attempts, emails per address, password checks.
  'register',
  'login',
  'resendVerification',
  'forgotPassword',
  'changePassword',
  'deleteAccount',
  'exportAccount',
  // A visitor session made for someone without one.
  'startVisitorSession',
  'setAnalyticsConsent',
  'saveListing',
  'reserveInterest',
  'createSupportConversation',
  'submitBetaFeedback',
  // Uploads and the hourly job budget.
  'uploadMedia',
  'startModelJob',
  'startBlockKitJob',
  'retryJob',
  // Per-feature limits.
  'shareListing',
  'reportClientError',
  'replySupportConversation',
  'redeemBetaInvitation',
];

describe('the OpenAPI document', () => {
  let t: TestApp;
  let doc: Doc;
  beforeAll(async () => {
    // One new visitor session per address and hour, so the 429 it documents can be seen.
    t = await createTestApp({ env: { VISITOR_SESSIONS_PER_IP_PER_HOUR: '1' } });
    doc = (await t.app.inject('/api/openapi.json')).json();
  });
  afterAll(async () => t.close());

  it('is valid OpenAPI 3.1', async () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    const result = await new Validator().validate((await t.app.inject('/api/openapi.json')).json());
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('documents the media type of the answers that are not JSON, and the server sends it', async () => {
    const types = (name: OperationName, status: string) =>
      Object.keys(find(doc, name).responses[status]?.content ?? {});
    expect(types('metrics', '200')).toEqual(['text/plain; version=0.0.4']);
    expect(types('exportDemand', '200')).toEqual(['text/csv']);
    expect(types('exportFounderTable', '200')).toEqual(['text/csv']);
    expect(types('mediaContent', '200')).toEqual(['*/*']);
    // Their errors are still JSON, in the envelope.
    expect(types('metrics', '401')).toEqual(['application/json']);
    expect(types('exportDemand', '403')).toEqual(['application/json']);
    expect(types('getJob', '200')).toEqual(['application/json']);

    const metrics = await t.app.inject({
      url: '/api/metrics',
      headers: bearer(t.config.secrets.metricsToken),
    });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    await seedDemoUsers(t.database.db);
    const staff = (await login(t.app, 'staff', 'kitwright-demo')).json().access_token;
    const founder = (await login(t.app, 'founder', 'kitwright-demo')).json().access_token;
    const demand = await t.app.inject({
      url: '/api/admin/interest-reservations/export.csv',
      headers: bearer(staff),
    });
    expect(demand.statusCode).toBe(200);
    expect(demand.headers['content-type']).toMatch(/^text\/csv/);
    const table = await t.app.inject({
      url: `/api/admin/beta/export/${FOUNDER_TABLES[0]}.csv`,
      headers: bearer(founder),
    });
    expect(table.statusCode).toBe(200);
    expect(table.headers['content-type']).toMatch(/^text\/csv/);
  });

  it('documents 429 on every operation under a rate limit', () => {
    const missing = RATE_LIMITED.filter((name) => !('429' in find(doc, name).responses));
    expect(missing).toEqual([]);
    const envelope = find(doc, 'startVisitorSession').responses['429']?.content?.['application/json'];
    expect(envelope?.schema).toMatchObject({ properties: { error: expect.any(Object) } });
  });

  it('answers 429 where the document says it may: a new visitor session over the address limit', async () => {
    const first = await t.app.inject({ method: 'POST', url: '/api/v1/auth/anonymous' });
    expect(first.statusCode).toBe(201);
    const again = await t.app.inject({ method: 'POST', url: '/api/v1/auth/anonymous' });
    expect(again.statusCode).toBe(429);
    expect(again.json().error.code).toBe('RATE_LIMITED');
    // Consent without an account or a session makes one: the same limit.
    const consent = await t.app.inject({
      method: 'PUT',
      url: '/api/analytics/consent',
      payload: { consent: 'granted' },
    });
    expect(consent.statusCode, consent.body).toBe(429);
  });

  it('documents 431 on every operation, and 413 and 415 on every one a body may be sent to', async () => {
    const statuses = (name: OperationName) => Object.keys(find(doc, name).responses);
    for (const name of Object.keys(OPERATIONS) as OperationName[]) {
      expect(statuses(name), name).toContain('431');
      const withBody = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(OPERATIONS[name].method);
      if (withBody) expect(statuses(name), name).toEqual(expect.arrayContaining(['413', '415']));
    }
    // Fastify reads a body sent to any such route, one it takes or not: a type it has no reader for is 415.
    const xml = { 'content-type': 'application/xml' };
    const unsave = await t.app.inject({
      method: 'DELETE',
      url: '/api/listings/0193c2a4-0000-7000-8000-000000000000/save',
      headers: xml,
      payload: '<x/>',
    });
    expect(unsave.statusCode).toBe(415);
    expect(statuses('unsaveListing')).toContain('415');
  });
});
