import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';

/**
 * Fan-out of events (balance changes, draw results, chat) to every server node. With one node an
 * in-process emitter is enough; with several, Redis carries each message to all of them.
 * Messages are JSON values; delivery is at most once (a node that is down misses them).
 */
export type MessageHandler = (message: unknown) => void;

export type PubSub = {
  readonly kind: 'memory' | 'redis';
  publish: (channel: string, message: unknown) => Promise<void>;
  /** Resolves once the subscription is active; the returned function ends it. */
  subscribe: (channel: string, handler: MessageHandler) => Promise<() => Promise<void>>;
  close: () => Promise<void>;
};

/** Listeners per channel; a busy channel (one per online member) stays well under it. */
const LISTENERS_PER_CHANNEL_MAX = 10_000;

export function createMemoryPubSub(): PubSub {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(LISTENERS_PER_CHANNEL_MAX);
  return {
    kind: 'memory',
    async publish(channel, message) {
      // A round trip through JSON gives subscribers the same copy Redis would, never a shared object.
      const copy: unknown = JSON.parse(JSON.stringify(message));
      emitter.emit(channel, copy);
    },
    async subscribe(channel, handler) {
      emitter.on(channel, handler);
      return async () => {
        emitter.off(channel, handler);
      };
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

export type RedisPubSubOptions = {
  url: string;
  /** Called when a message is not JSON or a handler throws; the other handlers still run. */
  onError?: (err: unknown, channel: string) => void;
};

export function createRedisPubSub(options: RedisPubSubOptions): PubSub {
  // A connection in subscriber mode can do nothing else, so publishing needs a second one.
  const publisher = new Redis(options.url, { lazyConnect: false, maxRetriesPerRequest: 3 });
  const subscriber = new Redis(options.url, { lazyConnect: false, maxRetriesPerRequest: 3 });
  const handlers = new Map<string, Set<MessageHandler>>();
  const activations = new Map<string, Promise<unknown>>();
  const onError = options.onError ?? (() => {});
  // ioredis writes a SUBSCRIBE at once while a new connection says hello (before its ready check),
  // which puts the connection in subscriber mode and fails that check: subscribe once it is ready.
  const whenReady = () =>
    subscriber.status === 'ready' ? Promise.resolve() : new Promise<void>((resolve) => subscriber.once('ready', () => resolve()));

  subscriber.on('message', (channel: string, text: string) => {
    const set = handlers.get(channel);
    if (!set) return;
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch (err) {
      onError(err, channel);
      return;
    }
    for (const handler of set) {
      try {
        handler(message);
      } catch (err) {
        onError(err, channel);
      }
    }
  });
  // Connection errors are retried by ioredis; without a listener they would crash the process.
  publisher.on('error', (err) => onError(err, '*'));
  subscriber.on('error', (err) => onError(err, '*'));

  return {
    kind: 'redis',
    async publish(channel, message) {
      await publisher.publish(channel, JSON.stringify(message));
    },
    async subscribe(channel, handler) {
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        activations.set(
          channel,
          whenReady().then(() => subscriber.subscribe(channel)),
        );
      }
      set.add(handler);
      // A second subscriber to a new channel also waits until Redis confirms the subscription.
      await activations.get(channel);
      return async () => {
        const current = handlers.get(channel);
        if (!current?.delete(handler) || current.size > 0) return;
        handlers.delete(channel);
        activations.delete(channel);
        await subscriber.unsubscribe(channel);
      };
    },
    async close() {
      handlers.clear();
      await Promise.allSettled([subscriber.quit(), publisher.quit()]);
    },
  };
}

export function createPubSub(options: { redisUrl?: string | undefined; onError?: (err: unknown, channel: string) => void }): PubSub {
  return options.redisUrl
    ? createRedisPubSub({ url: options.redisUrl, ...(options.onError ? { onError: options.onError } : {}) })
    : createMemoryPubSub();
}
