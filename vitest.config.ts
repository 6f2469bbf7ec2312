import { defineConfig } from 'vitest/config';

// Unit and integration suites of every workspace; the browser suite has its
// own config in e2e/ and runs after the web app is built (scripts/test.mjs).
export default defineConfig({
  test: {
    // Vitest's default worker count (one fewer than the cores) stays: the PostgreSQL suites share
    // one database, and Kysely's migrator reads every schema's tables, so a suite dropping its
    // schema while another migrates fails the other.
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
