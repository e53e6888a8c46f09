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
        },
      },
      { test: { name: 'web', include: ['apps/web/src/**/*.test.ts', 'apps/web/build/**/*.test.ts'], passWithNoTests: true } },
    ],
  },
});
