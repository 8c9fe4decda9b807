/**
 * A separate worker process for the reliability tests: it connects to the test's PostgreSQL
 * schema and runs the slow test job until it is killed.
 */

import { openDatabase } from '../../src/db/connection';
import { createJobQueue } from '../../src/modules/jobs/queue';
import { createLogger } from '../../src/platform/logging';
import { createJobRunner } from '../../src/workers/job-runner';
import { slowFirstAttemptHandler } from './test-jobs';

const database = await openDatabase({
  url: process.env.DATABASE_URL ?? null,
  dataDir: '',
  schema: process.env.DATABASE_SCHEMA ?? null,
  poolSize: 3,
});
const runner = createJobRunner({
  queue: createJobQueue(database.db),
  jobs: [slowFirstAttemptHandler(database.db, 'child')],
  logger: createLogger('silent'),
  leaseMs: Number(process.env.LEASE_MS ?? 1000),
  concurrency: 1,
  pollMs: 50,
  workerId: 'child-worker',
});
runner.start();
process.stdout.write('worker ready\n');
