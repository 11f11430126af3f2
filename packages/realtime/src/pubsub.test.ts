import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryPubSub, createPubSub, createRedisPubSub, type PubSub } from './pubsub.ts';

/** Like TEST_DATABASE_URL: the Redis cases run when a Redis server is named. */
const REDIS_URL = process.env.TEST_REDIS_URL ?? '';
const withRedis = it.skipIf(REDIS_URL === '');

function collector() {
  const received: unknown[] = [];
  const handler = (message: unknown) => {
    received.push(message);
  };
  const waitFor = (count: number) =>
    vi.waitFor(
      () => {
        if (received.length < count) throw new Error(`${count} messages: ${received.length} so far`);
      },
      { timeout: 20_000, interval: 10 },
    );
  return { received, handler, waitFor };
}

describe('pub/sub', () => {
  const opened: PubSub[] = [];
  afterEach(async () => {
    for (const pubsub of opened.splice(0)) await pubsub.close();
  });

  withRedis('picks Redis when a URL is configured and the in-process emitter otherwise', async () => {
    const memory = createPubSub({ redisUrl: undefined });
    const redis = createPubSub({ redisUrl: REDIS_URL });
    opened.push(memory, redis);
    expect([memory.kind, redis.kind]).toEqual(['memory', 'redis']);
  });

  it('delivers in process to every subscriber of a channel and stops after unsubscribing', async () => {
    const pubsub = createMemoryPubSub();
    opened.push(pubsub);
    const a = collector();
    const b = collector();
    const other = collector();
    const unsubscribeA = await pubsub.subscribe('balance:1', a.handler);
    await pubsub.subscribe('balance:1', b.handler);
    await pubsub.subscribe('balance:2', other.handler);

    await pubsub.publish('balance:1', { balance: 100 });
    await unsubscribeA();
    await pubsub.publish('balance:1', { balance: 90 });

    expect(a.received).toEqual([{ balance: 100 }]);
    expect(b.received).toEqual([{ balance: 100 }, { balance: 90 }]);
    expect(other.received).toEqual([]);
  });

  withRedis('carries a message published on one node to subscribers on another node through Redis', async () => {
    const channel = `draw:${randomBytes(4).toString('hex')}`;
    const nodeA = createRedisPubSub({ url: REDIS_URL });
    const nodeB = createRedisPubSub({ url: REDIS_URL });
    opened.push(nodeA, nodeB);
    const onA = collector();
    const onB = collector();
    await nodeA.subscribe(channel, onA.handler);
    const unsubscribeB = await nodeB.subscribe(channel, onB.handler);

    await nodeA.publish(channel, { period: '20261122', result: [1, 2, 3] });
    await onA.waitFor(1);
    await onB.waitFor(1);
    expect(onB.received).toEqual([{ period: '20261122', result: [1, 2, 3] }]);

    await unsubscribeB();
    // B stays on a second channel: Redis delivers to a subscriber in publish order, so once the
    // marker sent after the message reaches B, the message would have reached B before it.
    const markerOnB = collector();
    await nodeB.subscribe(`${channel}:marker`, markerOnB.handler);
    await nodeB.publish(channel, { period: '20261123' });
    await nodeB.publish(`${channel}:marker`, { after: '20261123' });
    await onA.waitFor(2);
    await markerOnB.waitFor(1);
    expect(onA.received).toEqual([{ period: '20261122', result: [1, 2, 3] }, { period: '20261123' }]);
    expect(onB.received).toHaveLength(1);
  });

  withRedis('keeps delivering to the other handlers when one handler throws', async () => {
    const channel = `chat:${randomBytes(4).toString('hex')}`;
    const errors: unknown[] = [];
    const node = createRedisPubSub({ url: REDIS_URL, onError: (err) => errors.push(err) });
    opened.push(node);
    const good = collector();
    await node.subscribe(channel, () => {
      throw new Error('handler bug');
    });
    await node.subscribe(channel, good.handler);
    await node.publish(channel, { text: 'xin chào' });
    await good.waitFor(1);
    expect(good.received).toEqual([{ text: 'xin chào' }]);
    expect(errors).toHaveLength(1);
  });
});
