import { defineConfig } from 'vitest/config';

// Unit and integration suites of every workspace; the browser suite has its
// own config in e2e/ and runs after the web app is built (scripts/test.mjs).
export default defineConfig({
  test: {
    // Two workers on two cores: most suites wait on their servers, stores and
    // child processes, so a second file runs in the first one's waits (the suite
    // took 24 minutes with one worker, 13 with two). Suites share nothing that
    // collides: each has its own PostgreSQL schema (whose introspection sees that
    // schema alone, kernel/db/working-schema-dialect.ts), cluster name, ports and
    // temporary directories.
    maxWorkers: 2,
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
          // Some tests start processes (the operator's command line, clusters), slow on a
          // busy two-core machine: generous bounds.
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
      'apps/web',
    ],
  },
});
