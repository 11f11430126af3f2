import { defineConfig } from 'vitest/config';

/**
 * `npm test` runs the pure packages once and the server suite on PGlite; with TEST_DATABASE_URL set
 * it runs the server suite a second time on PostgreSQL.
 */
const serverProject = (kind: 'pglite' | 'postgres') => ({
  extends: true as const,
  test: {
    name: `server-${kind}`,
    include: ['apps/server/**/*.test.ts'],
    globalSetup: [`apps/server/test/global-setup-${kind}.ts`],
    env: { TEST_DB_KIND: kind },
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'packages', include: ['packages/**/*.test.ts'] } },
      { extends: true, test: { name: 'web', include: ['apps/web/src/**/*.test.ts'], environment: 'node' } },
      serverProject('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('postgres')] : []),
    ],
  },
});
