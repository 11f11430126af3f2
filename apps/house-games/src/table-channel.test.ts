import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMemoryPubSub, type PubSub } from '@platform/realtime/pubsub';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CHANNEL_CLOSE,
  type ChannelTable,
  createTableChannels,
  type TableAsk,
  type TableChannels,
  TableNotAnswering,
} from './table-channel.ts';
import { followTable } from './table-channel-client.ts';
import { waitUntil } from './wallet.test-support.ts';

/** A table with one round whose bets the test adds; every change is an event, as the real tables do. */
function fakeTable() {
  const listeners = new Set<(event: { type: string }) => void>();
  const bets: { username: string; stake: number }[] = [];
  let round = 1;
  const emit = (event: { type: string } & Record<string, unknown>) => {
    for (const listener of listeners) listener(event);
  };
  const table: ChannelTable = {
    snapshot: (username?: string) => ({ round, bets: bets.map((b) => b.stake), mine: bets.find((b) => b.username === username) ?? null }),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return {
    table,
    bet(username: string, stake: number) {
      bets.push({ username, stake });
      emit({ type: 'bet', round, stake });
    },
    nextRound() {
      round += 1;
      bets.length = 0;
      emit({ type: 'betting', round });
    },
  };
}

type Node = { channels: TableChannels; url: string; server: Server };

describe('table channels over the in-process pub/sub', () => {
  const nodes: Node[] = [];
  const pubsubs: PubSub[] = [];
  afterEach(async () => {
    for (const node of nodes.splice(0)) {
      await node.channels.close();
      await new Promise<void>((resolve) => node.server.close(() => resolve()));
    }
    for (const pubsub of pubsubs.splice(0)) await pubsub.close();
  });

  async function node(
    pubsub: PubSub,
    runsTables: boolean,
    table: ChannelTable,
    serve: (game: string, ask: TableAsk) => Promise<{ statusCode: number; body: unknown }> = async () => ({ statusCode: 404, body: null }),
    askTimeoutMs?: number,
  ): Promise<Node> {
    const channels = createTableChannels({
      pubsub,
      prefix: 'test:',
      runs: () => runsTables,
      serve,
      log: () => undefined,
      ...(askTimeoutMs === undefined ? {} : { askTimeoutMs }),
    });
    channels.register('t1', table);
    await channels.start();
    // The member's name rides in the session parameter here; the game server reads it from its session.
    const server = createServer((_request, response) => response.writeHead(404).end());
    server.on('upgrade', (request, socket, head) => {
      const username = new URL(request.url ?? '/', 'http://x').searchParams.get('session') ?? '';
      channels.accept(request, socket, head, { game: 't1', username });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const made = { channels, server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
    nodes.push(made);
    return made;
  }

  it('sends the snapshot first, then the events in order, to watchers on the runner and on a relay alike', async () => {
    const pubsub = createMemoryPubSub();
    pubsubs.push(pubsub);
    const fake = fakeTable();
    const runner = await node(pubsub, true, fake.table);
    const relay = await node(pubsub, false, fakeTable().table);
    fake.bet('alice', 100);
    const onRunner = followTable(runner.url, 't1', 'bob');
    const onRelay = followTable(relay.url, 't1', 'alice');
    await Promise.all([onRunner.opened, onRelay.opened]);
    await waitUntil(() => onRunner.messages.length === 1 && onRelay.messages.length === 1, 'the snapshots');
    fake.bet('bob', 200);
    fake.nextRound();
    fake.bet('alice', 300);
    await waitUntil(() => onRunner.messages.length === 4 && onRelay.messages.length === 4, 'the events');
    const types = (m: { type: string }[]) => m.map((x) => x.type);
    expect(types(onRunner.messages)).toEqual(['state', 'bet', 'betting', 'bet']);
    expect(types(onRelay.messages)).toEqual(['state', 'bet', 'betting', 'bet']);
    expect(onRunner.messages.slice(1).map((m) => m.data)).toEqual(onRelay.messages.slice(1).map((m) => m.data));
    // The relay's snapshot came from the runner's table: the round, its bets, the member's own bet.
    expect(onRelay.messages[0]?.data).toEqual({ type: 'state', round: 1, bets: [100], mine: { username: 'alice', stake: 100 } });
    expect(onRunner.messages[0]?.data).toMatchObject({ mine: null });
    onRunner.close();
    onRelay.close();
  });

  it('a reconnecting watcher gets the round as it stands and its own bet, not the events it missed', async () => {
    const pubsub = createMemoryPubSub();
    pubsubs.push(pubsub);
    const fake = fakeTable();
    await node(pubsub, true, fake.table);
    const relay = await node(pubsub, false, fakeTable().table);
    const first = followTable(relay.url, 't1', 'alice');
    await first.opened;
    fake.bet('alice', 100);
    await waitUntil(() => first.messages.length === 2, 'the bet');
    first.close();
    await first.closed;
    fake.bet('bob', 200);
    const again = followTable(relay.url, 't1', 'alice');
    await waitUntil(() => again.messages.length === 1, 'the snapshot');
    expect(again.messages[0]?.data).toEqual({ type: 'state', round: 1, bets: [100, 200], mine: { username: 'alice', stake: 100 } });
    fake.bet('carol', 300);
    await waitUntil(() => again.messages.length === 2, 'the next event');
    expect(again.messages[1]?.data).toMatchObject({ type: 'bet', stake: 300 });
    again.close();
  });

  it('sends a fresh snapshot instead of an event after a gap (a lost message or a runner that restarted)', async () => {
    const pubsub = createMemoryPubSub();
    pubsubs.push(pubsub);
    const fake = fakeTable();
    const runner = await node(pubsub, true, fake.table);
    const watcher = followTable(runner.url, 't1', 'alice');
    await waitUntil(() => watcher.messages.length === 1, 'the snapshot');
    fake.bet('alice', 100);
    await waitUntil(() => watcher.messages.length === 2, 'the bet');
    // Another run of the table's runner (a new epoch): the watcher cannot place it after what it has.
    await pubsub.publish('test:table:t1:events', { epoch: 'another-run', seq: 7, event: { type: 'bet', stake: 999 } });
    await waitUntil(() => watcher.messages.length === 3, 'the fresh snapshot');
    expect(watcher.messages[2]?.data).toEqual({ type: 'state', round: 1, bets: [100], mine: { username: 'alice', stake: 100 } });
    // The runner's next event follows the fresh snapshot.
    fake.bet('bob', 200);
    await waitUntil(() => watcher.messages.length === 4, 'the next bet');
    expect(watcher.messages.map((m) => m.data.stake ?? null)).toEqual([null, 100, null, 200]);
    watcher.close();
  });

  it('a relay asks the runner for a call, and says so when no runner answers, on the call and on the channel', async () => {
    const pubsub = createMemoryPubSub();
    pubsubs.push(pubsub);
    const asked: TableAsk[] = [];
    await node(pubsub, true, fakeTable().table, async (game, ask) => {
      asked.push(ask);
      return { statusCode: 200, body: { status: 'OK', game } };
    });
    const relay = await node(pubsub, false, fakeTable().table);
    const ask: TableAsk = { action: 'bet', player: { username: 'alice', token: 't', currency: 'VND', isTrial: false }, body: { stake: 5 } };
    expect(await relay.channels.ask('t1', ask)).toEqual({ statusCode: 200, body: { status: 'OK', game: 't1' } });
    expect(asked).toEqual([ask]);

    // A relay on a deployment whose runner is gone: no answer is an answer.
    const lonely = createMemoryPubSub();
    pubsubs.push(lonely);
    const orphan = await node(lonely, false, fakeTable().table, undefined, 50);
    await expect(orphan.channels.ask('t1', ask)).rejects.toBeInstanceOf(TableNotAnswering);
    const watcher = followTable(orphan.url, 't1', 'alice');
    expect(await watcher.closed).toBe(CHANNEL_CLOSE.tryAgain);
    expect(watcher.messages).toEqual([]);
  });
});
