import { defineConfig } from 'vitest/config';

/** Test runner settings. Real servers, real SQLite files, real clips: tests are slow-ish, not flaky. */
export default defineConfig({
  test: {
    include: ['main/**/*.test.ts', 'preload/**/*.test.ts', 'renderer/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 180_000,
    hookTimeout: 180_000,
    pool: 'forks',
    maxWorkers: 2,
    reporters: ['default'],
  },
});
