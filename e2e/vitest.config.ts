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
    // What a user sees arrives over the socket: on a loaded two-core machine a
    // second is too short to wait for it (the suite runs beside the server).
    expect: { poll: { timeout: 5_000 } },
    fileParallelism: false,
    sequence: { concurrent: false },
  },
});
