/**
 * /api/openapi.json is a valid OpenAPI 3.1 document by a validator that is not the one that
 * generated it (@seriousme/openapi-schema-validator checks the official 3.1 JSON schema).
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';

describe('the OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('is valid OpenAPI 3.1', async () => {
    const doc = (await t.app.inject('/api/openapi.json')).json();
    expect(doc.openapi).toMatch(/^3\.1\./);
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });
});
