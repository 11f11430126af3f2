import { defineConfig } from 'vitest/config';

/**
 * Browser tests: one file at a time (each starts a server and a browser), generous time-outs for a
 * cold browser on a shared 2-core machine. They need `npm run build` first for apps/web/dist.
 */
export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    exclude: ['**/node_modules/**', '.artifacts/**'],
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
