import { defineConfig } from 'vitest/config';
import { svelte } from '@sveltejs/vite-plugin-svelte';

/** Test runner settings. Real servers, real SQLite files, real clips: tests are slow-ish, not flaky. */
export default defineConfig({
  // Compiles the renderer's *.svelte.ts stores ($state/$derived runes) for their unit tests.
  plugins: [svelte({ configFile: false })],
  test: {
    include: ['main/**/*.test.ts', 'preload/**/*.test.ts', 'renderer/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 180_000,
    hookTimeout: 180_000,
    pool: 'forks',
    maxWorkers: 2,
    reporters: ['default', './test/support/summary-reporter.ts'],
  },
});
