import { defineConfig } from 'vitest/config';

// Browser suite: real Chromium against the real server, two files at a time
// (each its own server on a free port, data folder and browser): a file spends
// much of its time waiting on its server and its pages, so two on two cores
// finish in about half the time of one after the other.
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
    fileParallelism: true,
    maxWorkers: 2,
    sequence: { concurrent: false },
  },
});
