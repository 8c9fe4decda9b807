/**
 * Job handlers used by the reliability tests: they record their effects in a table of their own,
 * so a test can count exactly how many times a job ran and how many times it completed.
 */
import { type Kysely, sql } from 'kysely';
import Type, { type TSchema } from 'typebox';
import type { DB } from '../../src/db/schema';
import { newId } from '../../src/platform/ids';
import { defineJob, jobSpec } from '../../src/platform/jobs';

export async function createEffectsTable(db: Kysely<DB>) {
  await sql`CREATE TABLE IF NOT EXISTS test_job_effects (job_id uuid NOT NULL, worker text, kind text NOT NULL, at timestamptz NOT NULL DEFAULT now())`.execute(
    db,
  );
}

export async function effects(db: Kysely<DB>, kind?: string) {
  const rows = await sql<{ job_id: string; worker: string; kind: string }>`
    SELECT job_id, worker, kind FROM test_job_effects ORDER BY at`.execute(db);
  return kind ? rows.rows.filter((r) => r.kind === kind) : rows.rows;
}

export async function insertJobs(
  db: Kysely<DB>,
  type: string,
  count: number,
  payload: Record<string, unknown> = {},
  maxAttempts = 3,
) {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = newId();
    ids.push(id);
    await db
      .insertInto('jobs')
      .values({
        id,
        type,
        payload: JSON.stringify(payload),
        steps: JSON.stringify([{ name: 'work', status: 'pending', progress: 0 }]),
        artefacts: '{}',
        max_attempts: maxAttempts,
      })
      .execute();
  }
  return ids;
}

const record = (db: Kysely<DB>, jobId: string, worker: string, kind: string) =>
  sql`INSERT INTO test_job_effects (job_id, worker, kind) VALUES (${jobId}, ${worker}, ${kind})`.execute(db);

/** A test kind of work that takes no payload (insertJobs writes `{}`) and returns `result`. */
export function testJob<R extends TSchema>(type: string, result: R, steps: readonly string[] = ['work']) {
  return jobSpec({ type, payload: Type.Object({}), result, steps });
}

/** Runs once, quickly; its completion effect is written in the fenced completion transaction. */
export function countingHandler(db: Kysely<DB>, worker: string) {
  return defineJob(testJob('test_count', Type.Object({ worker: Type.String() })), {
    async run(ctx) {
      await ctx.step('work', async () => {
        await record(db, ctx.job.id, worker, 'ran');
      });
      return { worker };
    },
    async onSucceeded(trx, job) {
      await record(trx, job.id, worker, 'completed');
    },
  });
}

/** The first attempt hangs for a long time (a worker that will be killed); later attempts are quick. */
export function slowFirstAttemptHandler(db: Kysely<DB>, worker: string) {
  return defineJob(testJob('test_slow', Type.Object({ finished_by: Type.String() })), {
    async run(ctx) {
      await record(db, ctx.job.id, worker, `started:${ctx.job.attempts}`);
      await ctx.step('work', async () => {
        const ms = ctx.job.attempts === 1 ? 30_000 : 50;
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(resolve, ms);
          ctx.signal.addEventListener('abort', () => {
            clearTimeout(timer);
            reject(ctx.signal.reason);
          });
        });
      });
      return { finished_by: worker };
    },
    async onSucceeded(trx, job) {
      await record(trx, job.id, worker, 'completed');
    },
  });
}

/** Three steps of a few hundred milliseconds each, recording each step it starts. */
export function threeStepHandler(db: Kysely<DB>, worker: string, stepMs = 300) {
  return defineJob(testJob('test_steps', Type.Object({}), ['one', 'two', 'three']), {
    async run(ctx) {
      for (const name of ['one', 'two', 'three']) {
        await ctx.step(name, async () => {
          await record(db, ctx.job.id, worker, `step:${name}`);
          await new Promise((r) => setTimeout(r, stepMs));
        });
      }
      return {};
    },
  });
}
