import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['apps/**/*.test.ts', 'packages/**/*.test.ts', 'bench/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**', 'e2e/**'],
    pool: 'forks',
    setupFiles: ['test/no-outbound-network.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Timed assertions never run in CI (bench/ holds those); this keeps the slow 2-core boxes honest.
    slowTestThreshold: 2_000,
  },
});
