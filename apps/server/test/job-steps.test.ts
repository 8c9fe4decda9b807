/**
 * A job's steps as its owner sees them: the current step only moves forward and agrees with the
 * overall progress. A block-kit build's pipeline enters its stages itself and then stores the kit
 * in a step of its own; that step used to leave the stage before it "running" at 0 % while the
 * job read "Step 6 of 6".
 */
import Type from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobQueue } from '../src/modules/jobs/queue';
import { newId } from '../src/platform/ids';
import { defineJob } from '../src/platform/jobs';
import { createLogger } from '../src/platform/logging';
import { createJobRunner } from '../src/workers/job-runner';
import { createTestApp, type TestApp } from './support/test-app';
import { testJob } from './support/test-jobs';

interface Seen {
  current: string | null;
  progress: number;
  steps: { name: string; status: string; progress: number }[];
}

describe('job steps', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('entering stages and then running a step: the stage before is done, a stage never entered is skipped', async () => {
    const names = ['fetch_source', 'voxelise', 'layout', 'validate', 'preview', 'store'];
    const id = newId();
    await t.database.db
      .insertInto('jobs')
      .values({
        id,
        type: 'test_stages',
        payload: '{}',
        steps: JSON.stringify(names.map((name) => ({ name, status: 'pending', progress: 0 }))),
        artefacts: '{}',
        max_attempts: 1,
      })
      .execute();
    const seen: Seen[] = [];
    const read = async () => {
      const row = await t.database.db
        .selectFrom('jobs')
        .select(['current_step', 'progress', 'steps'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      seen.push({
        current: row.current_step,
        progress: Number(row.progress),
        steps: row.steps as Seen['steps'],
      });
    };
    const handler = defineJob(testJob('test_stages', Type.Object({}), names), {
      async run(ctx) {
        await ctx.step('fetch_source', read);
        await ctx.enter('voxelise');
        ctx.progress(0.5);
        await ctx.enter('layout');
        await read();
        // The pipeline reports no "validate" stage here, then enters "preview" and finishes it.
        await ctx.enter('preview');
        await read();
        await ctx.step('store', read);
        return {};
      },
    });
    const runner = createJobRunner({
      queue: createJobQueue(t.database.db),
      jobs: [handler],
      logger: createLogger('silent'),
      leaseMs: 5000,
      concurrency: 1,
      pollMs: 20,
      workerId: 'steps',
    });
    expect((await runner.runOnce())?.id).toBe(id);

    const atStore = seen.at(-1) as Seen;
    expect(atStore.current).toBe('store');
    expect(atStore.steps.map((s) => s.status)).toEqual([
      'done',
      'done',
      'done',
      'skipped',
      'done',
      'running',
    ]);
    expect(atStore.steps.filter((s) => s.status === 'running')).toHaveLength(1);
    // Five of six steps behind it: the bar agrees with "Step 6 of 6".
    expect(atStore.progress).toBeCloseTo(5 / 6, 5);
    // Forward only: the current step's place and the progress never go back.
    const places = seen.map((s) => names.indexOf(s.current ?? ''));
    expect([...places].sort((a, b) => a - b)).toEqual(places);
    const progress = seen.map((s) => s.progress);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
    const done = await t.database.db
      .selectFrom('jobs')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(done.status).toBe('succeeded');
  });
});
