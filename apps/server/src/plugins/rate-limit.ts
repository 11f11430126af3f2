import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';

/** Keys in Redis start with this, so other data in the same Redis never collides with counters. */
const RATE_LIMIT_KEY_PREFIX = 'rate-limit:';
const REDIS_CONNECT_TIMEOUT_MS = 2_000;

/**
 * Rate limits are opt-in per route (`config.rateLimit`). With Redis the counters are shared by all
 * nodes behind the load balancer; without it each process counts on its own. A 429 goes through the
 * error handler, which answers with the `rate_limited` envelope.
 */
export async function registerRateLimit(app: FastifyInstance, options: { redisUrl: string | undefined }): Promise<void> {
  const redis = options.redisUrl
    ? new Redis(options.redisUrl, { connectTimeout: REDIS_CONNECT_TIMEOUT_MS, maxRetriesPerRequest: 1 })
    : undefined;
  if (redis) {
    redis.on('error', (err) => app.log.warn({ err }, 'rate limit store: redis error'));
    app.addHook('onClose', async () => {
      await redis.quit();
    });
  }
  await app.register(fastifyRateLimit, {
    global: false,
    // A Redis outage lets requests through (logged) rather than taking every limited route down.
    skipOnError: true,
    ...(redis ? { redis, nameSpace: RATE_LIMIT_KEY_PREFIX } : {}),
  });
}
