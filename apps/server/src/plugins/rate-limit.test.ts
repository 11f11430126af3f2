import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTestDatabase } from '../../test/test-database.ts';
import { buildApp } from '../app.ts';
import { parseEnv } from '../env.ts';

/** Like TEST_DATABASE_URL: the Redis-backed cases run when a Redis server is named. */
const REDIS_URL = process.env.TEST_REDIS_URL;
const LIMIT_PER_WINDOW = 3;

/** A test-only route that opts in to rate limiting, as a login or SMS route would. */
function addLimitedRoute(app: FastifyInstance, path: string): void {
  app.get(path, { config: { rateLimit: { max: LIMIT_PER_WINDOW, timeWindow: 60_000 } } }, async () => ({ success: true, value: 'ok' }));
}

async function appWithLimitedRoute(path: string, overrides: Record<string, string>): Promise<TestApp> {
  // The route must exist before the app is ready, so the app is built around it here.
  const database = await createTestDatabase();
  const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', JOBS_ENABLED: 'false', WEB_DIST_DIR: '/nonexistent', ...overrides });
  const app = await buildApp({ env, database, logger: false });
  addLimitedRoute(app, path);
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

describe('rate limiting', () => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    for (const t of apps.splice(0)) await t.close();
  });

  it('answers a limited route with the rate_limited envelope once the limit is spent', async () => {
    const path = '/wps/test-limited';
    const t = await appWithLimitedRoute(path, {});
    apps.push(t);
    const statuses: number[] = [];
    for (let i = 0; i <= LIMIT_PER_WINDOW; i += 1) {
      statuses.push((await t.app.inject({ method: 'GET', url: path, headers: { lang: 'EN' } })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await t.app.inject({ method: 'GET', url: path, headers: { lang: 'EN' } });
    expect(limited.json()).toEqual({ success: false, code: 'rate_limited', message: 'Too many requests, try again later.' });
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('leaves routes that do not opt in unlimited', async () => {
    const t = await buildTestApp();
    apps.push(t);
    const statuses = new Set<number>();
    for (let i = 0; i < 20; i += 1) statuses.add((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode);
    expect([...statuses]).toEqual([200]);
  });

  it.skipIf(!REDIS_URL)('shares one limit across two nodes when Redis holds the counters', async () => {
    // A path of its own per run: Redis keeps counters between runs for the window.
    const path = `/wps/test-limited-${randomBytes(4).toString('hex')}`;
    const nodeA = await appWithLimitedRoute(path, { REDIS_URL: REDIS_URL ?? '' });
    const nodeB = await appWithLimitedRoute(path, { REDIS_URL: REDIS_URL ?? '' });
    apps.push(nodeA, nodeB);
    const statuses: number[] = [];
    for (const node of [nodeA, nodeB, nodeA, nodeB]) {
      statuses.push((await node.app.inject({ method: 'GET', url: path, remoteAddress: '198.51.100.7' })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    // Another client still has its own allowance.
    const other = await nodeB.app.inject({ method: 'GET', url: path, remoteAddress: '198.51.100.8' });
    expect(other.statusCode).toBe(200);
  });

  it('counts per node when no Redis is configured', async () => {
    const path = '/wps/test-limited-local';
    const nodeA = await appWithLimitedRoute(path, {});
    const nodeB = await appWithLimitedRoute(path, {});
    apps.push(nodeA, nodeB);
    const statuses: number[] = [];
    for (const node of [nodeA, nodeB, nodeA, nodeB]) {
      statuses.push((await node.app.inject({ method: 'GET', url: path, remoteAddress: '198.51.100.7' })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200]);
  });
});
