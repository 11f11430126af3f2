import { defineConfig } from 'vitest/config';

/**
 * `npm test` runs the pure packages once and the server suite on PGlite; with TEST_DATABASE_URL set
 * it runs the server suite a second time on PostgreSQL.
 *
 * The server suite runs without per-file isolation (ADR 0016): each of the two workers imports the
 * app once and runs file after file in it. Every file still gets its own database, and nothing in a
 * test file may change what another file imports (no module mocks, no process-wide state).
 */
const serverProject = (kind: 'pglite' | 'postgres') => ({
  extends: true as const,
  test: {
    name: `server-${kind}`,
    include: ['apps/server/**/*.test.ts'],
    globalSetup: [`apps/server/test/global-setup-${kind}.ts`],
    isolate: false,
    // Passwords hash with argon2id's smallest cost here (lib/password.ts); password.test.ts checks the production cost.
    env: { TEST_DB_KIND: kind, PASSWORD_HASH_COST: 'minimal' },
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: 2,
    // In CI a failed test runs once more: a defect fails twice, a time-out on a loaded machine passes.
    retry: process.env.CI ? 1 : 0,
    projects: [
      { extends: true, test: { name: 'packages', include: ['packages/**/*.test.ts'] } },
      { extends: true, test: { name: 'house-games', include: ['apps/house-games/**/*.test.ts'] } },
      {
        extends: true,
        test: {
          name: 'web',
          // Pure functions (.test.ts) and components (.test.tsx) in one DOM environment and one set-up.
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          // One DOM and one module graph per worker, not per file: the set-up resets the page, storage,
          // cookies and fetch after every test, and each test sets the store state it relies on.
          isolate: false,
          // Lazy page chunks load slowly while the server suite shares the machine's two cores.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'admin',
          // The operator console (apps/admin): components in one DOM environment, as the web project.
          include: ['apps/admin/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['apps/admin/src/test/setup.ts'],
          testTimeout: 30_000,
        },
      },
      serverProject('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('postgres')] : []),
    ],
  },
});
