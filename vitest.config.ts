import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Unit and integration suites of every workspace; the browser suite has its
// own config in e2e/ and runs after the web app is built (scripts/test.mjs).
export default defineConfig({
  test: {
    // Vitest's default leaves one core idle; on a two-core machine that halves the suite's pace.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        test: {
          name: 'core',
          include: ['packages/core/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'engine',
          include: ['packages/engine/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      'apps/web',
    ],
  },
});
