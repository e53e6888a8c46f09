import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // One test file per core (vitest's own default leaves one core idle): the API files wait on
    // PostgreSQL and timers much of their time, and each has a database of its own.
    maxWorkers: availableParallelism(),
    projects: [
      { test: { name: 'contract', include: ['packages/contract/test/**/*.test.ts'] } },
      { test: { name: 'tooling', include: ['scripts/**/*.test.js'] } },
      {
        test: {
          name: 'server',
          include: ['apps/server/test/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // The files of a worker share one import of the app: each builds its own app on its own
          // database and keeps no state in a module. Measured on PostgreSQL, 887 tests: 355 s instead
          // of 471 s, 456 s of CPU instead of 637 s.
          isolate: false,
        },
      },
      { test: { name: 'web', include: ['apps/web/src/**/*.test.ts'], passWithNoTests: true } },
    ],
  },
});
