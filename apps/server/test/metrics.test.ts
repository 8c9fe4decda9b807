import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/platform/ids';
import { createTestApp, type TestApp } from './support/test-app';

describe('GET /api/metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: 'metrics-token-for-tests' } });
  });
  afterAll(async () => t.close());

  it('refuses without the token and with a wrong one', async () => {
    const none = await t.app.inject('/api/metrics');
    expect(none.statusCode).toBe(401);
    expect(none.json().error.code).toBe('UNAUTHENTICATED');
    const wrong = await t.app.inject({ url: '/api/metrics', headers: { authorization: 'Bearer nope' } });
    expect(wrong.statusCode).toBe(403);
  });

  it('exposes request latency by route, error counts and job queue depth', async () => {
    await t.app.inject('/api/health');
    await t.app.inject('/api/health');
    await t.app.inject('/api/nowhere');
    for (let i = 0; i < 3; i++) {
      await t.database.db
        .insertInto('jobs')
        .values({ id: newId(), type: 'test', payload: '{}', steps: '[]', artefacts: '{}' })
        .execute();
    }
    const res = await t.app.inject({
      url: '/api/metrics',
      headers: { authorization: 'Bearer metrics-token-for-tests' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/health",status="200"\} 2/,
    );
    expect(text).toMatch(/http_errors_total\{route="unmatched",code="NOT_FOUND"\} 1/);
    expect(text).toMatch(/job_queue_depth\{status="queued"\} 3/);
    expect(text).toMatch(/job_queue_depth\{status="dead"\} 0/);
  });
});
