import { defineConfig } from 'vitest/config';

// npm run test:topology: the cross-process suite against `startTopology` (scripts/topology): nginx,
// two API and two worker processes, s3rver, PostgreSQL at 127.0.0.1:5432. Not part of `npm test`
// (it needs PostgreSQL and nginx); `.ci/run` runs it after the PostgreSQL integration stage.
export default defineConfig({
  test: {
    name: 'topology',
    include: ['scripts/topology/suite/**/*.test.ts'],
    testTimeout: 240_000,
    hookTimeout: 600_000,
    fileParallelism: false,
  },
});
