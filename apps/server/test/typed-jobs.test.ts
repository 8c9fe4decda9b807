/**
 * Typed jobs (issue 43): a kind of work is declared with TypeBox schemas of its payload and result
 * (platform/jobs.ts jobSpec/defineJob). A stored payload that does not match fails the job at once
 * and safely (JOB_PAYLOAD_INVALID: not retried, no detail shown, the handler never runs); a result
 * that does not match fails it the same way (JOB_RESULT_INVALID) and nothing is stored; both are
 * logged by path without the values. Enqueueing a payload of the wrong shape does not compile.
 */
import { sql } from 'kysely';
import Type from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobQueue } from '../src/modules/jobs/queue';
import { mediaPurgeJob } from '../src/modules/media/purge-job';
import { newId } from '../src/platform/ids';
import { defineJob, type JobEnqueuer, jobSpec } from '../src/platform/jobs';
import { createLogger } from '../src/platform/logging';
import { createJobRunner } from '../src/workers/job-runner';
import { register } from './support/auth-helpers';
import { drain, job } from './support/create-helpers';
import { createTestApp, type TestApp } from './support/test-app';
import { insertJobs } from './support/test-jobs';

const doubling = jobSpec({
  type: 'test_typed',
  payload: Type.Object({ count: Type.Integer(), label: Type.String() }),
  result: Type.Object({ doubled: Type.Integer() }),
  steps: ['work'],
});

/**
 * Never called: `npm run typecheck` checks it. Each `@ts-expect-error` must meet an error, or the
 * compiler reports the directive itself as unused.
 */
export function enqueueIsTyped(jobs: JobEnqueuer) {
  const base = { ownerUserId: null, resource: null, idempotencyKey: null, correlationId: null };
  void jobs.enqueue(mediaPurgeJob, { ...base, payload: { keys: ['uploads/a'] } });
  // @ts-expect-error: a media_purge payload is { keys: string[] }, not one key
  void jobs.enqueue(mediaPurgeJob, { ...base, payload: { keys: 'uploads/a' } });
  // @ts-expect-error: nor anything without its keys
  void jobs.enqueue(mediaPurgeJob, { ...base, payload: { key: 'uploads/a' } });
  // @ts-expect-error: the app queues only the job types of the contracts
  void jobs.enqueue(doubling, { ...base, payload: { count: 1, label: 'x' } });
}

describe('typed jobs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('checks the stored payload before running and the result before storing it; a mismatch fails safely', async () => {
    const ran: string[] = [];
    const succeeded: string[] = [];
    const failed: Array<{ label: string; code: string }> = [];
    const crashes: string[] = [];
    const lines: string[] = [];
    const definition = defineJob(doubling, {
      async run(ctx) {
        ran.push(ctx.payload.label);
        // A bug for the "half" job: 1.5 is a number, so it compiles, but not an integer.
        const doubled = ctx.payload.label === 'half' ? ctx.payload.count / 2 : ctx.payload.count * 2;
        return ctx.step('work', async () => ({ doubled }));
      },
      async onSucceeded(_trx, row, result) {
        succeeded.push(`${row.payload.label}:${result.doubled}`);
      },
      async onFailed(_trx, row, error) {
        failed.push({ label: row.payload.label, code: error.code });
      },
    });
    const [good] = await insertJobs(t.database.db, 'test_typed', 1, { count: 2, label: 'good' });
    // Stored by older code or by hand: three attempts allowed, none of them may be spent on it.
    const [garbled] = await insertJobs(
      t.database.db,
      'test_typed',
      1,
      { count: 'two', label: 'secret-label-7' },
      3,
    );
    const [half] = await insertJobs(t.database.db, 'test_typed', 1, { count: 3, label: 'half' }, 3);
    const runner = createJobRunner({
      queue: createJobQueue(t.database.db),
      jobs: [definition],
      logger: createLogger('info', { write: (line: string) => void lines.push(line) }),
      leaseMs: 5000,
      concurrency: 1,
      onCrash: (err) => crashes.push(err instanceof Error ? err.message : String(err)),
    });
    while (await runner.runOnce()) {}

    const rows = await t.database.db
      .selectFrom('jobs')
      .select(['id', 'status', 'attempts', 'error_code', 'error_message', 'error_retryable', 'artefacts'])
      .where('id', 'in', [good as string, garbled as string, half as string])
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(good as string)).toMatchObject({ status: 'succeeded', artefacts: { doubled: 4 } });
    expect(succeeded).toEqual(['good:4']);

    const badPayload = byId.get(garbled as string);
    expect(badPayload).toMatchObject({
      status: 'failed',
      attempts: 1,
      error_code: 'JOB_PAYLOAD_INVALID',
      error_retryable: false,
      artefacts: {},
    });
    // The handler never saw it, and its failure effects had no payload to act on.
    expect(ran).not.toContain('secret-label-7');
    expect(failed.map((f) => f.label)).not.toContain('secret-label-7');

    const badResult = byId.get(half as string);
    expect(badResult).toMatchObject({
      status: 'failed',
      attempts: 1,
      error_code: 'JOB_RESULT_INVALID',
      error_retryable: false,
      // Nothing of the bad result was kept.
      artefacts: {},
    });
    expect(ran).toContain('half');
    expect(succeeded).not.toContain('half:1.5');
    // The handler's failure effects ran, with its typed payload.
    expect(failed).toEqual([{ label: 'half', code: 'JOB_RESULT_INVALID' }]);

    // What the owner sees is safe: no path, no value, no schema words.
    for (const row of [badPayload, badResult]) {
      expect(row?.error_message).toBeTruthy();
      expect(row?.error_message).not.toMatch(/count|doubled|secret|schema|integer|\//i);
    }
    // Operations see where it went wrong (by path), never the values.
    const logged = lines.map(
      (l) => JSON.parse(l) as { msg: string; error_code?: string; problems?: string[] },
    );
    const payloadLog = logged.find((l) => l.msg === 'job payload does not match its schema');
    expect(payloadLog).toMatchObject({ error_code: 'JOB_PAYLOAD_INVALID' });
    expect(payloadLog?.problems?.join(' ')).toContain('/count');
    const resultLog = logged.find((l) => l.msg === 'job result does not match its schema');
    expect(resultLog).toMatchObject({ error_code: 'JOB_RESULT_INVALID' });
    expect(resultLog?.problems?.join(' ')).toContain('/doubled');
    expect(lines.join('\n')).not.toContain('secret-label-7');
    // Both are bugs somewhere: reported to the error tracker.
    expect(crashes).toHaveLength(2);
    expect(crashes.join('\n')).not.toContain('secret-label-7');
  });

  it('fails an app job whose stored payload is not its kind’s, and its owner reads a safe error', async () => {
    const { access_token: token, user } = await register(t.app);
    const id = newId();
    // A model job whose payload lacks the draft it is for (the handler used to read it by a cast).
    await t.database.db
      .insertInto('jobs')
      .values({
        id,
        type: 'model',
        owner_user_id: user.id,
        payload: JSON.stringify({ draft: 'somewhere', size: 'large' }),
        steps: JSON.stringify([{ name: 'fetch_source', status: 'pending', progress: 0 }]),
        artefacts: '{}',
        max_attempts: 3,
      })
      .execute();
    await drain(t);
    const seen = await job(t.app, token, id);
    expect(seen).toMatchObject({
      status: 'failed',
      attempts: 1,
      error: { code: 'JOB_PAYLOAD_INVALID', retryable: false },
      can_retry: false,
      artefacts: {},
    });
    expect(seen.error.message).not.toMatch(/draft|size|schema/i);
    // Like any final failure, it is counted for the owner's funnel with its safe code.
    const event = await t.database.db
      .selectFrom('product_events')
      .select('properties')
      .where('name', '=', 'generation_job_failed')
      .where(sql<boolean>`properties->>'job_id' = ${id}`)
      .executeTakeFirstOrThrow();
    expect(event.properties).toMatchObject({ safe_error_code: 'JOB_PAYLOAD_INVALID', retryable: false });
  });
});
