import { defineConfig } from 'vitest/config';

/**
 * Browser tests: two files at a time (each starts its own server on a free port, an in-memory
 * database and a browser), generous time-outs for a cold browser on a shared 2-core machine. They
 * need `npm run build` first for apps/web/dist. E2E_WORKERS=1 runs one file at a time.
 *
 * In CI a failed test runs once more (E2E_RETRY): a browser on a loaded machine sometimes misses a
 * time-out; a defect fails both times. Every retry is printed, so a flaky test stays visible.
 */
export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    // Migrates and seeds one database for the run; each file's site loads a copy (site-server.ts).
    globalSetup: ['./global-setup.ts'],
    exclude: ['**/node_modules/**', '.artifacts/**'],
    pool: 'forks',
    maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
    fileParallelism: true,
    retry: Number(process.env.E2E_RETRY ?? (process.env.CI ? 1 : 0)),
    // A test of several pages takes 60 to 100 s while the unit tests share the machine (CI runs both
    // at once); twice that leaves room for a slow minute without hiding a hang for long.
    testTimeout: 240_000,
    hookTimeout: 180_000,
  },
});
