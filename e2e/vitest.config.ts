import { defineConfig } from 'vitest/config';

// Browser suite: real Chromium against the real server, one file at a time.
export default defineConfig({
  test: {
    name: 'browser',
    root: new URL('.', import.meta.url).pathname,
    include: ['**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    sequence: { concurrent: false },
  },
});
