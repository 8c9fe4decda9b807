import path from 'node:path';
import { defineConfig } from 'vitest/config';

// The launch smoke's own test (`npm run test:smoke`): it starts the real server and drives
// Chromium, so it is kept out of `npm test` and run by `.ci/run` after the browser tests, when the
// web app is already built. Each test is bounded by the smoke's own step timeouts; these budgets
// only stop a hung run (the server's first start may build the web app).
export default defineConfig({
  test: {
    root: path.resolve(import.meta.dirname, '..'),
    include: ['smoke/test/**/*.test.ts'],
    testTimeout: 600_000,
    hookTimeout: 600_000,
    fileParallelism: false,
  },
});
