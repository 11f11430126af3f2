import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLeases, createMemoryLeases, createRedisLeases, type Leases } from './lease.ts';

/** Like the pub/sub's: the Redis cases run when a Redis server is named. */
const REDIS_URL = process.env.TEST_REDIS_URL ?? '';
const withRedis = it.skipIf(REDIS_URL === '');

describe('leases', () => {
  const opened: Leases[] = [];
  afterEach(async () => {
    for (const leases of opened.splice(0)) await leases.close();
  });

  it('in process: one owner at a time, held again by its owner, free once it lapses or is given up', async () => {
    let now = 1_000;
    const leases = createMemoryLeases(() => now);
    opened.push(leases);
    expect(await leases.hold('table:crash', 'node-a', 100)).toBe(true);
    expect(await leases.hold('table:crash', 'node-b', 100)).toBe(false);
    expect(await leases.hold('table:baccarat', 'node-b', 100)).toBe(true);
    now += 99;
    expect(await leases.hold('table:crash', 'node-a', 100)).toBe(true);
    now += 99;
    expect(await leases.hold('table:crash', 'node-b', 100)).toBe(false);
    now += 2;
    expect(await leases.hold('table:crash', 'node-b', 100)).toBe(true);
    expect(await leases.hold('table:crash', 'node-a', 100)).toBe(false);
    await leases.release('table:crash', 'node-a');
    expect(await leases.hold('table:crash', 'node-a', 100)).toBe(false);
    await leases.release('table:crash', 'node-b');
    expect(await leases.hold('table:crash', 'node-a', 100)).toBe(true);
  });

  withRedis('picks Redis when a URL is configured and the in-process map otherwise', async () => {
    const memory = createLeases({ redisUrl: undefined });
    const redis = createLeases({ redisUrl: REDIS_URL });
    opened.push(memory, redis);
    expect([memory.kind, redis.kind]).toEqual(['memory', 'redis']);
  });

  withRedis('in Redis: two nodes, one owner; the other gets it once it lapses or is given up', async () => {
    const key = `test-lease:${randomBytes(4).toString('hex')}`;
    const nodeA = createRedisLeases({ url: REDIS_URL });
    const nodeB = createRedisLeases({ url: REDIS_URL });
    opened.push(nodeA, nodeB);
    expect(await nodeA.hold(key, 'a', 60_000)).toBe(true);
    expect(await nodeB.hold(key, 'b', 60_000)).toBe(false);
    expect(await nodeA.hold(key, 'a', 60_000)).toBe(true);
    await nodeB.release(key, 'b');
    expect(await nodeB.hold(key, 'b', 60_000)).toBe(false);
    await nodeA.release(key, 'a');
    expect(await nodeB.hold(key, 'b', 50)).toBe(true);
    // B stops holding it: it lapses, and A gets it.
    await vi.waitFor(
      async () => {
        if (!(await nodeA.hold(key, 'a', 60_000))) throw new Error('still held by b');
      },
      { timeout: 10_000, interval: 20 },
    );
    expect(await nodeB.hold(key, 'b', 60_000)).toBe(false);
    await nodeA.release(key, 'a');
  });
});
