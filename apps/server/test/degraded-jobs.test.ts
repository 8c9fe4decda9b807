/**
 * The `degraded` job state (issue 19): a Mode B job whose prompt was only partly used ends
 * `degraded` with its reason, is pushed to the owner's socket as such, is never retried, and the
 * draft it made is publishable like a succeeded one; the runner sets the state from what the
 * handler declares; the database refuses a degraded row without a reason. And a prompt asking for
 * a use kits are not allowed for is refused at once (422 with the rule): no draft, no job.
 */
import { sql } from 'kysely';
import Type from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createJobQueue } from '../src/modules/jobs/queue';
import { newId } from '../src/platform/ids';
import { defineJob, jobSpec } from '../src/platform/jobs';
import { createLogger } from '../src/platform/logging';
import { createJobRunner } from '../src/workers/job-runner';
import { bearer, register } from './support/auth-helpers';
import { createDraft, drain, job, PUBLISH_BODY } from './support/create-helpers';
import { createTestApp, type TestApp } from './support/test-app';
import { insertJobs } from './support/test-jobs';

async function until(check: () => Promise<boolean>, what: string) {
  const deadline = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('degraded jobs and refused prompts', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = (await register(t.app)).access_token;
  });
  afterAll(async () => t.close());

  const post = (url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const generate = async (draftId: string) => {
    const started = await post(`/api/design-drafts/${draftId}/model-jobs`);
    expect(started.statusCode).toBe(202);
    await drain(t);
    return job(t.app, token, started.json().id);
  };
  const counts = async () => {
    const r = await sql<{ drafts: number; jobs: number }>`
      SELECT (SELECT count(*)::int FROM design_drafts) AS drafts, (SELECT count(*)::int FROM jobs) AS jobs`.execute(
      t.database.db,
    );
    return r.rows[0];
  };

  it('ends a partly understood prompt’s job degraded, says why, pushes it live, and the draft publishes', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const ws = new WebSocket(`${address.replace('http', 'ws')}/api/ws`);
    const received: Array<{ type: string; topic?: string; data?: { id: string; status: string } }> = [];
    ws.on('message', (d) => received.push(JSON.parse(String(d))));
    await new Promise((r) => ws.once('open', r));
    ws.send(JSON.stringify({ type: 'auth', access_token: token }));
    await until(async () => received.some((m) => m.type === 'ready'), 'ready');

    const draft = await createDraft(t.app, token, {
      mode: 'B',
      prompt: 'a red lighthouse for my desk',
      settings: { size: 16 },
    });
    const done = await generate(draft.id);
    expect(done).toMatchObject({
      status: 'degraded',
      progress: 1,
      error: null,
      can_retry: false,
      can_cancel: false,
    });
    expect(done.degraded_reason).toContain('desk');
    expect(done.artefacts.generation).toMatchObject({ status: 'degraded' });
    expect(done.artefacts.generation.interpretation.ignored).toEqual(['desk']);
    const row = await t.database.db
      .selectFrom('jobs')
      .select(['status', 'degraded_reason', 'error_code', 'finished_at'])
      .where('id', '=', done.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'degraded', error_code: null });
    expect(row.degraded_reason).toBe(done.degraded_reason);
    expect(row.finished_at).not.toBeNull();

    // The owner's socket hears the final state as degraded, not succeeded.
    const mine = () => received.filter((m) => m.topic === 'job' && m.data?.id === done.id);
    await until(async () => mine().some((m) => m.data?.status === 'degraded'), 'degraded event');
    expect(mine().map((m) => m.data?.status)).not.toContain('succeeded');
    ws.close();

    // Finished: no retry, no cancel.
    const retried = await post(`/api/jobs/${done.id}/retry`);
    expect(retried.statusCode).toBe(409);
    expect(retried.json().error).toMatchObject({ code: 'INVALID_STATE', details: { status: 'degraded' } });
    expect((await post(`/api/jobs/${done.id}/cancel`)).statusCode).toBe(409);
    expect((await job(t.app, token, done.id)).status).toBe('degraded');

    // The draft is a usable kit, published exactly like a succeeded one.
    const stored = (
      await t.app.inject({ url: `/api/design-drafts/${draft.id}`, headers: bearer(token) })
    ).json();
    expect(stored).toMatchObject({ stage: 'kit_ready', jobs: { model: done.id } });
    expect(stored.validation.generation.status).toBe('degraded');
    const published = await post(`/api/design-drafts/${draft.id}/publish`, {
      ...PUBLISH_BODY,
      title: 'A red lighthouse',
      description: 'A red lighthouse to stand on a shelf.',
    });
    expect(published.statusCode, published.body).toBe(201);
  });

  it('ends a fully understood prompt’s job succeeded, with no reason', async () => {
    const draft = await createDraft(t.app, token, { mode: 'B', prompt: 'a red arch 20 blocks wide' });
    const done = await generate(draft.id);
    expect(done).toMatchObject({ status: 'succeeded', degraded_reason: null });
    expect(done.artefacts.generation.status).toBe('success');
  });

  it('the runner sets degraded from what the handler declares, and runs its success effects', async () => {
    const seen: string[] = [];
    const degrading = jobSpec({
      type: 'test_degrade',
      payload: Type.Object({ partial: Type.Boolean() }),
      result: Type.Object({ made: Type.Boolean() }),
      steps: ['work'],
    });
    const handler = defineJob(degrading, {
      async run(ctx) {
        await ctx.step('work', async () => {});
        if (ctx.payload.partial) ctx.degrade('  Two of three parts made.  ');
        return { made: true };
      },
      async onSucceeded(_trx, row) {
        seen.push(`${row.id}:${row.status}`);
      },
    });
    const [partial] = await insertJobs(t.database.db, 'test_degrade', 1, { partial: true });
    const [whole] = await insertJobs(t.database.db, 'test_degrade', 1, { partial: false });
    const runner = createJobRunner({
      queue: createJobQueue(t.database.db),
      jobs: [handler],
      logger: createLogger('silent'),
      leaseMs: 5000,
      concurrency: 1,
    });
    while (await runner.runOnce()) {}
    const rows = await t.database.db
      .selectFrom('jobs')
      .select(['id', 'status', 'degraded_reason', 'artefacts', 'attempts'])
      .where('id', 'in', [partial as string, whole as string])
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(partial as string)).toMatchObject({
      status: 'degraded',
      degraded_reason: 'Two of three parts made.',
      artefacts: { made: true },
      attempts: 1,
    });
    expect(byId.get(whole as string)).toMatchObject({ status: 'succeeded', degraded_reason: null });
    expect(seen.sort()).toEqual([`${partial}:degraded`, `${whole}:succeeded`].sort());
  });

  it('the database keeps a reason with exactly the degraded jobs', async () => {
    const insert = (status: string, reason: string | null, finished = true) =>
      t.database.db
        .insertInto('jobs')
        .values({
          id: newId(),
          type: 'model',
          status: status as 'degraded',
          degraded_reason: reason,
          finished_at: finished ? new Date() : null,
        })
        .execute();
    await expect(insert('degraded', null)).rejects.toThrow(/jobs_degraded_reason_check/);
    await expect(insert('degraded', '')).rejects.toThrow(/jobs_degraded_reason_check/);
    await expect(insert('succeeded', 'a reason')).rejects.toThrow(/jobs_degraded_reason_check/);
    await expect(insert('degraded', 'a reason', false)).rejects.toThrow(/jobs_degraded_finished_check/);
    await expect(insert('partly', null)).rejects.toThrow(/jobs_status_check/);
    await expect(insert('degraded', 'Not used: desk.')).resolves.toBeDefined();
  });

  it('refuses a prompt for a use kits are not allowed for at once, with the rule: no draft, no job', async () => {
    const before = await counts();
    for (const [prompt, useCase, rule] of [
      ['a bench for two', 'structural', 'must not carry structural loads such as people'],
      ['a castle to climb on', 'structural', 'must not carry structural loads such as people'],
      ['a toy train for my kids', 'child_use', 'toy-safety standards'],
    ] as const) {
      const refused = await post('/api/design-drafts', { mode: 'B', prompt });
      expect(refused.statusCode, prompt).toBe(422);
      const error = refused.json().error;
      expect(error).toMatchObject({
        code: 'USE_CASE_BLOCKED',
        details: { use_case: useCase, source: 'prompt' },
      });
      expect(error.message).toContain(rule);
      expect(error.details.fields.prompt).toContain(rule);
    }
    expect(await counts()).toEqual(before);
  });

  it('refuses changing a draft’s prompt to a blocked use, and starting a job for an older blocked draft', async () => {
    const draft = await createDraft(t.app, token, { mode: 'B', prompt: 'a small red castle' });
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/design-drafts/${draft.id}`,
      headers: bearer(token),
      payload: { prompt: 'a chair to sit on' },
    });
    expect(patched.statusCode).toBe(422);
    expect(patched.json().error).toMatchObject({
      code: 'USE_CASE_BLOCKED',
      details: { use_case: 'structural' },
    });
    const kept = (
      await t.app.inject({ url: `/api/design-drafts/${draft.id}`, headers: bearer(token) })
    ).json();
    expect(kept.prompt).toBe('a small red castle');

    // Saved before the rule was read at creation: its job is refused before it exists.
    await t.database.db
      .updateTable('design_drafts')
      .set({ prompt: 'a bench for two' })
      .where('id', '=', draft.id)
      .execute();
    const before = await counts();
    for (const kind of ['model-jobs', 'block-kit-jobs']) {
      const started = await post(`/api/design-drafts/${draft.id}/${kind}`);
      expect(started.statusCode, kind).toBe(422);
      expect(started.json().error.code).toBe('USE_CASE_BLOCKED');
    }
    expect(await counts()).toEqual(before);
  });
});
