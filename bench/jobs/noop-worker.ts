/** A worker process for the queue benchmark: claims and completes no-op jobs as fast as it can. */

import Type from 'typebox';
import { openDatabase } from '../../apps/server/src/db/connection';
import { createJobQueue } from '../../apps/server/src/modules/jobs/queue';
import { defineJob, jobSpec } from '../../apps/server/src/platform/jobs';
import { createLogger } from '../../apps/server/src/platform/logging';
import { createJobRunner } from '../../apps/server/src/workers/job-runner';

const database = await openDatabase({
  url: process.env.DATABASE_URL ?? null,
  dataDir: '',
  schema: process.env.DATABASE_SCHEMA ?? null,
  poolSize: Number(process.env.CONCURRENCY ?? 4) + 2,
});
const runner = createJobRunner({
  queue: createJobQueue(database.db),
  jobs: [
    defineJob(
      jobSpec({ type: 'bench_noop', payload: Type.Object({}), result: Type.Object({}), steps: ['work'] }),
      {
        async run(ctx) {
          await ctx.step('work', async () => {});
          return {};
        },
      },
    ),
  ],
  logger: createLogger('silent'),
  leaseMs: 30_000,
  concurrency: Number(process.env.CONCURRENCY ?? 4),
  pollMs: 20,
});
runner.start();
process.stdout.write('worker ready\n');
process.once('SIGTERM', async () => {
  await runner.stop(1000);
  await database.close();
  process.exit(0);
});
