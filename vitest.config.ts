import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['apps/**/*.test.ts', 'packages/**/*.test.ts', 'bench/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**', 'e2e/**'],
    pool: 'forks',
    // Vitest's default (cores − 1) is one worker on a 2-core CI box, and most of a test's time is
    // spent waiting on a database, a child server or a timer: two workers there took the PGlite
    // run from 704 s to 517 s, with the same results.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    setupFiles: ['test/no-outbound-network.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Timed assertions never run in CI (bench/ holds those); this keeps the slow 2-core boxes honest.
    slowTestThreshold: 2_000,
  },
});
