import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Two projects: fast unit tests beside the code, and integration tests that build the real app on a
// real database (PGlite by default, PostgreSQL when DATABASE_URL is set). `.ci/run` runs the
// integration project a second time against PostgreSQL.
const integration = ['apps/server/test/**/*.test.ts', 'packages/sdk/test/**/*.test.ts'];

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one worker on the two-core CI machine,
    // where the integration files spend much of their time waiting on child processes, sockets and
    // the database. Two workers there: every file has its own database (a PGlite copy or a schema)
    // and picks free ports, so files do not share state.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'packages/*/test/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'apps/web/src/**/*.test.ts',
          ],
          exclude: [...integration, '**/node_modules/**'],
          // One module registry per worker here too (the mesher's code stays loaded and warm from
          // file to file): 138 -> 70 s, the same 618 tests passing (docs/decisions.md, "CI's time").
          isolate: false,
          unstubGlobals: true,
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: integration,
          globalSetup: ['apps/server/test/support/global-setup.ts'],
          // The files share a worker's loaded modules instead of importing the whole server again
          // each (2-4 s a file): every file builds its own app, database and ports, and no module
          // keeps state between apps. 781 -> 562 s for this project on PGlite (docs/decisions.md, "CI's time").
          isolate: false,
          unstubGlobals: true,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
