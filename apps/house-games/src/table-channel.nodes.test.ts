import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signLaunchParams } from '@platform/contracts/vendor-protocol';
import { type BaccaratBet, dealBaccarat, resolveBaccarat } from '@platform/games/house/baccarat';
import { roundRandom } from '@platform/games/random-source';
import { createMemoryLeases, type Leases } from '@platform/realtime/lease';
import { createMemoryPubSub, type PubSub } from '@platform/realtime/pubsub';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHouseGames, HOUSE_VENDOR_CODE, type HouseGames } from './house-games.ts';
import { CHANNEL_CLOSE } from './table-channel.ts';
import { type ChannelMessage, followTable } from './table-channel-client.ts';
import { fakeWallet } from './wallet.test-support.ts';

/**
 * Two game-server nodes (ADR 0048): node A runs the tables, node B relays them and asks A. Once over
 * the in-process pub/sub the two nodes share, and once over a real Redis when `TEST_REDIS_URL` names
 * one (each run under its own channel prefix).
 */
const SECRET = 'two-node-channel-test-secret';
const REDIS_URL = process.env.TEST_REDIS_URL ?? '';
const GAME = 'baccarat';

/** The platform's seamless calls answered by the in-memory wallet. */
function platformFetch(wallet: ReturnType<typeof fakeWallet>): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const call = String(input).split('/').pop() as 'balance' | 'debit' | 'credit' | 'rollback';
    const answer = await wallet.client.call(call, JSON.parse(String(init?.body)) as Record<string, unknown>);
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
}

/** Opens the game from a signed launch URL, as the site's frame does, and returns the page's session. */
async function openGame(base: string, username: string): Promise<string> {
  const params: Record<string, string> = {
    token: `tok-${username}`,
    user: username,
    currency: 'VND',
    lang: 'en',
    return: 'http://site.invalid/',
    exp: String(Date.now() + 60_000),
  };
  params.sig = signLaunchParams(SECRET, HOUSE_VENDOR_CODE, GAME, params);
  const page = await (await fetch(`${base}/game/${GAME}?${new URLSearchParams(params)}`)).text();
  const session = /data-session="([^"]+)"/.exec(page)?.[1];
  if (!session) throw new Error('the game page carries no session');
  return session;
}

const until = (condition: () => boolean, what: string) =>
  vi.waitFor(
    () => {
      if (!condition()) throw new Error(`waiting for ${what}`);
    },
    { timeout: 30_000, interval: 10 },
  );

type Kind = { name: string; channels: () => { redisUrl: string } | { pubsub: PubSub; leases: Leases } };
const sharedPubSub = createMemoryPubSub();
const sharedLeases = createMemoryLeases();
const kinds: Kind[] = [
  { name: 'the in-process pub/sub and leases', channels: () => ({ pubsub: sharedPubSub, leases: sharedLeases }) },
  ...(REDIS_URL ? [{ name: 'Redis', channels: () => ({ redisUrl: REDIS_URL }) }] : []),
];

describe.each(kinds)('two game-server nodes over $name', (kind) => {
  const opened: { house: HouseGames; dir: string }[] = [];
  afterEach(async () => {
    for (const { house, dir } of opened.splice(0)) {
      await house.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  async function node(prefix: string, runsTables: boolean, wallet: ReturnType<typeof fakeWallet>, askTimeoutMs?: number) {
    const leaseMs = 600;
    const dir = mkdtempSync(join(tmpdir(), 'house-channel-'));
    const house = createHouseGames({
      platformUrl: 'http://platform.invalid',
      secret: SECRET,
      dataDir: dir,
      siteOrigins: [],
      fetchImpl: platformFetch(wallet),
      crash: { bettingMs: 600_000, pauseMs: 60_000 },
      baccarat: { bettingMs: 2_500, revealStepMs: 20, pauseMs: 100 },
      live: { bettingMs: 600_000, revealStepMs: 1, pauseMs: 60_000 },
      sportsbook: { simulation: null },
      channels: { ...kind.channels(), prefix, runsTables, leaseMs, ...(askTimeoutMs ? { askTimeoutMs } : {}) },
    });
    opened.push({ house, dir });
    return { house, base: await house.listen(0) };
  }

  it('a watcher on node B sees node A’s round in order, bets through B reach A, and a reconnect gets the round and its own bet', async () => {
    const prefix = `test-${randomBytes(4).toString('hex')}:`;
    const wallet = fakeWallet({ 'tok-alice01': 100_000, 'tok-bobby02': 100_000 });
    const a = await node(prefix, true, wallet);
    const b = await node(prefix, false, wallet);
    const aliceOnB = await openGame(b.base, 'alice01');
    const bobOnA = await openGame(a.base, 'bobby02');
    await b.house.start();
    await a.house.start();
    const onB = followTable(b.base, GAME, aliceOnB);
    const onA = followTable(a.base, GAME, bobOnA);
    await Promise.all([onB.opened, onA.opened]);
    await until(() => onB.messages[0]?.type === 'state' && onA.messages[0]?.type === 'state', 'the snapshots');
    const firstRound = onB.messages[0]?.data.round as number;
    // The next round, from its betting window on.
    const next = firstRound + 1;
    const fromNext = (messages: ChannelMessage[]) => {
      const start = messages.findIndex((m) => m.type === 'betting' && m.data.round === next);
      return start < 0 ? [] : messages.slice(start);
    };
    await until(() => fromNext(onB.messages).length > 0, 'the next betting window on B');

    const post = async (base: string, action: string, body: Record<string, unknown>) => {
      const response = await fetch(`${base}/game/${GAME}/${action}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { httpStatus: response.status, ...((await response.json()) as Record<string, unknown>) } as Record<string, unknown>;
    };
    const aliceBet = await post(b.base, 'bet', { session: aliceOnB, spots: { PLAYER: 1_000 } });
    expect(aliceBet).toMatchObject({ httpStatus: 200, status: 'OK', stake: 1_000, balance: 99_000 });
    expect(await post(b.base, 'bet', { session: aliceOnB, spots: { BANKER: 1_000 } })).toMatchObject({
      httpStatus: 409,
      status: 'ALREADY_BET',
    });
    expect(await post(a.base, 'bet', { session: bobOnA, spots: { BANKER: 2_000 } })).toMatchObject({ httpStatus: 200, status: 'OK' });

    // Alice's page loses its connection mid-round and comes back on B: the round as it stands, with her bet.
    const again = followTable(b.base, GAME, aliceOnB);
    await until(() => again.messages.length > 0, 'the snapshot after the reconnect');
    const snapshot = again.messages[0]?.data as { round: number; mine: { betId: string } | null; bets: unknown[] };
    expect(snapshot).toMatchObject({ type: 'state', round: next, mine: { betId: aliceBet.betId, stake: 1_000 } });
    expect(snapshot.bets).toHaveLength(2);
    // B's own state call is answered by A too.
    expect(await post(b.base, 'state', { session: aliceOnB })).toMatchObject({ round: next, mine: { betId: aliceBet.betId } });

    const settled = (messages: ChannelMessage[]) => messages.some((m) => m.type === 'settled' && m.data.round === next);
    await until(() => settled(onB.messages) && settled(onA.messages) && settled(again.messages), 'the settlement on both nodes');
    const roundOf = (messages: ChannelMessage[]) => fromNext(messages).filter((m) => m.data.round === next);
    const onBRound = roundOf(onB.messages);
    const types = onBRound.map((m) => m.type);
    const cards = types.filter((t) => t === 'card').length;
    expect(types).toEqual(['betting', 'bet', 'bet', 'closed', ...Array<string>(cards).fill('card'), 'end', 'settled']);
    expect(cards).toBeGreaterThanOrEqual(4);
    // Every watcher, on either node, saw the same events.
    expect(roundOf(onA.messages).map((m) => m.data)).toEqual(onBRound.map((m) => m.data));
    const afterReconnect = again.messages.slice(1).filter((m) => m.data.round === next);
    expect(afterReconnect.map((m) => m.data)).toEqual(onBRound.slice(onBRound.length - afterReconnect.length).map((m) => m.data));

    // The reveal is the deal the round committed to, and the wallet moved by what the engine pays.
    const end = onBRound.find((m) => m.type === 'end')?.data.item as { serverSeed: string; clientSeed: string; round: number };
    const deal = dealBaccarat(roundRandom(end.serverSeed, end.clientSeed, end.round));
    const shown = onBRound.filter((m) => m.type === 'card').map((m) => m.data.card);
    expect(shown).toHaveLength(deal.steps.length);
    const pay = (spot: BaccaratBet, stake: number) => resolveBaccarat(deal, spot, 'COMMISSION', stake);
    await until(() => wallet.held.size === 0, 'the round paid');
    expect(wallet.balances).toEqual({ 'tok-alice01': 99_000 + pay('PLAYER', 1_000), 'tok-bobby02': 98_000 + pay('BANKER', 2_000) });
    // The round's history is the runner's, read through B.
    const rounds = (await (await fetch(`${b.base}/api/${GAME}/rounds`)).json()) as { rounds: { round: number }[] };
    expect(rounds.rounds.map((r) => r.round)).toContain(next);
    for (const channel of [onA, onB, again]) channel.close();
  }, 60_000);

  it('when the node running the tables shuts down, another takes them over and its watchers follow its rounds', async () => {
    const prefix = `test-${randomBytes(4).toString('hex')}:`;
    const wallet = fakeWallet({ 'tok-alice01': 100_000 });
    const a = await node(prefix, true, wallet);
    const b = await node(prefix, true, wallet);
    const aliceOnB = await openGame(b.base, 'alice01');
    await a.house.start();
    await b.house.start();
    expect([a.house.channels.runs(GAME), b.house.channels.runs(GAME)]).toEqual([true, false]);
    const onB = followTable(b.base, GAME, aliceOnB);
    await until(() => onB.messages.length > 0, 'the snapshot from A');

    // A shuts down: it ends its round, gives its leases up, and B runs the tables from its own journal.
    const nodeA = opened.shift();
    await nodeA?.house.close();
    if (nodeA) rmSync(nodeA.dir, { recursive: true, force: true });
    await until(() => b.house.channels.runs(GAME), 'B takes the table over');
    // The watcher on B cannot place B's first event after A's: it gets B's table whole, then B's events.
    await until(() => onB.messages.slice(1).some((m) => m.type === 'state'), 'a fresh snapshot from B');
    await until(() => b.house.baccarat.get(GAME)?.snapshot().phase === 'betting', 'a betting window on B');
    const post = await fetch(`${b.base}/game/${GAME}/bet`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ session: aliceOnB, spots: { PLAYER: 1_000 } }),
    });
    const bet = (await post.json()) as { status: string; betId: string };
    expect(bet.status).toBe('OK');
    await until(() => onB.messages.some((m) => m.type === 'bet' && (m.data.bet as { betId: string }).betId === bet.betId), 'the bet on B');
    onB.close();
  }, 60_000);

  it('a relay whose runner is not there says so: the call answers 503 and the channel closes to be tried again', async () => {
    const wallet = fakeWallet({ 'tok-alice01': 100_000 });
    const b = await node(`test-${randomBytes(4).toString('hex')}:`, false, wallet, 100);
    await b.house.start();
    const session = await openGame(b.base, 'alice01');
    const bet = await fetch(`${b.base}/game/${GAME}/bet`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ session, spots: { PLAYER: 1_000 } }),
    });
    expect(bet.status).toBe(503);
    const channel = followTable(b.base, GAME, session);
    expect(await channel.closed).toBe(CHANNEL_CLOSE.tryAgain);
    expect(channel.messages).toEqual([]);
    expect(wallet.calls.filter((c) => c.call !== 'balance')).toEqual([]);
  });

  it('refuses a channel without a session of that game', async () => {
    const wallet = fakeWallet({ 'tok-alice01': 100_000 });
    const a = await node(`test-${randomBytes(4).toString('hex')}:`, true, wallet);
    const session = await openGame(a.base, 'alice01');
    await expect(followTable(a.base, GAME, 'not-a-session').opened).rejects.toThrow('401');
    await expect(followTable(a.base, 'crash', session).opened).rejects.toThrow('404');
    await expect(followTable(a.base, 'tien-len', session).opened).rejects.toThrow('404');
  });
});
