import { defineConfig } from 'vitest/config';

// Browser tests: the real server with the built console, driven in Debian's Chromium.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 90_000,
  },
});
