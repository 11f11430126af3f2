import type { FastifyInstance, RouteOptions } from 'fastify';
import { buildApp } from '../src/app.ts';
import { parseEnv } from '../src/env.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

export type TestApp = { app: FastifyInstance; database: TestDatabase; close: () => Promise<void> };

/** An app on a fresh migrated database, quiet, with no web build and no background jobs. */
export async function buildTestApp(
  overrides: Record<string, string> = {},
  options: { now?: () => Date; onRoute?: (route: RouteOptions) => void; socialSignInFetch?: typeof fetch } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', JOBS_ENABLED: 'false', WEB_DIST_DIR: '/nonexistent', ...overrides });
  const app = await buildApp({
    env,
    database,
    logger: false,
    ...(options.now ? { now: options.now } : {}),
    ...(options.onRoute ? { onRoute: options.onRoute } : {}),
    ...(options.socialSignInFetch ? { socialSignInFetch: options.socialSignInFetch } : {}),
  });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
