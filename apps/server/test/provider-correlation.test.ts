/**
 * Provider calls carry the correlation id of the request or job that made them, in their log
 * lines and in the error events their failures leave (issue 13, "Also").
 */
import Type from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CorrelationScope, currentCorrelation } from '../src/platform/correlation';
import { defineJob } from '../src/platform/jobs';
import type { EmailProvider } from '../src/providers/email/email-provider';
import { uniqueName } from './support/auth-helpers';
import { createTestApp, type TestApp } from './support/test-app';
import { insertJobs, testJob } from './support/test-jobs';

describe('provider calls and correlation ids', () => {
  let t: TestApp;
  const refusingEmail: EmailProvider = {
    kind: 'smtp',
    async send() {
      throw new Error('421 service not available');
    },
  };
  beforeAll(async () => {
    t = await createTestApp({ email: refusingEmail });
  });
  afterAll(async () => t.close());

  it('a failed email of a sign-up is logged and recorded under the sign-up request’s id', async () => {
    const username = uniqueName();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: {
        username,
        email: `${username}@example.com`,
        password: 'correct-horse-battery',
        display_name: 'Ada',
      },
    });
    expect(res.statusCode).toBe(201);
    const correlationId = res.headers['x-request-id'] as string;
    await t.flush();
    await expect
      .poll(async () =>
        t.database.db
          .selectFrom('error_events')
          .select(['code', 'route', 'correlation_id', 'source'])
          .where('kind', '=', 'provider')
          .execute(),
      )
      .toEqual([
        {
          code: 'PROVIDER_EMAIL_FAILED',
          route: 'provider:email.send',
          correlation_id: correlationId,
          source: 'server',
        },
      ]);
    const line = t.logs.map((l) => JSON.parse(l)).find((l) => l.msg === 'provider call failed');
    expect(line).toMatchObject({ provider: 'email', operation: 'send', correlation_id: correlationId });
  });

  it('a job’s handler runs under the job’s correlation id', async () => {
    const [jobId] = await insertJobs(t.database.db, 'test_correlated', 1, {}, 1);
    await t.database.db
      .updateTable('jobs')
      .set({ correlation_id: 'from-the-request-1' })
      .where('id', '=', jobId as string)
      .execute();
    let seen: CorrelationScope | null = null;
    const runner = t.createRunner({
      concurrency: 1,
      pollMs: 20,
      leaseMs: 10_000,
      extraJobs: [
        defineJob(testJob('test_correlated', Type.Object({})), {
          async run() {
            await Promise.resolve();
            seen = currentCorrelation();
            return {};
          },
        }),
      ],
    });
    runner.start();
    try {
      await expect.poll(() => seen, { timeout: 10_000 }).not.toBeNull();
    } finally {
      await runner.stop(2000);
    }
    expect(seen).toEqual({ correlationId: 'from-the-request-1', source: 'worker' });
  });
});
