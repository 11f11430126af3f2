import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dealBaccarat } from '@platform/games/house/baccarat';
import { cardName } from '@platform/games/house/cards';
import { replayRound } from '@platform/games/house/verify';
import { roundRandom } from '@platform/games/random-source';
import { commitmentOf } from '@platform/games/rng';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openJournal } from '../journal.ts';
import { createLimitSettings } from '../live/live-tables.ts';
import { type PlatformClient, PlatformUnreachable } from '../platform-client.ts';
import { createRoundRunner } from '../round-runner.ts';
import { TableRefused } from '../table-wallet.ts';
import { fakeWallet, waitUntil } from '../wallet.test-support.ts';
import { type BaccaratEntry, type BaccaratLimits, createBaccaratTable } from './baccarat-table.ts';

const LIMITS: BaccaratLimits = { min: 100, max: { PLAYER: 5_000, BANKER: 5_000, TIE: 1_000, PLAYER_PAIR: 500, BANKER_PAIR: 500 } };
const A = { username: 'alice01', token: 'tok-a', currency: 'VND' };
const B = { username: 'bobby02', token: 'tok-b', currency: 'VND' };
const seedOf = (round: number) => `test-seed-${round}`.padEnd(64, '0');

describe('baccarat table', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'baccarat-table-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  function table(
    wallet: ReturnType<typeof fakeWallet>,
    o: { bettingMs: number; revealStepMs: number; kind?: 'COMMISSION' | 'NO_COMMISSION'; limits?: () => BaccaratLimits },
  ) {
    const journal = openJournal<BaccaratEntry>(join(dir, 'baccarat.jsonl'));
    let isDead = false;
    const platform: PlatformClient = {
      call: (call, body) => (isDead ? Promise.reject(new PlatformUnreachable('the process is gone')) : wallet.client.call(call, body)),
      callRaw: wallet.client.callRaw,
    };
    const kill = () => {
      isDead = true;
      journal.close();
    };
    const bac = createBaccaratTable({
      tableId: 'b1',
      kind: o.kind ?? 'COMMISSION',
      limits: o.limits ?? LIMITS,
      journal,
      platform,
      now: Date.now,
      bettingMs: o.bettingMs,
      revealStepMs: o.revealStepMs,
      pauseMs: 60_000,
      serverSeed: seedOf,
    });
    const runner = createRoundRunner(bac.game, { now: Date.now, onError: () => undefined });
    return { bac, runner, journal, kill };
  }

  it('two players in one round see the same deal, and the wallet and the journal agree with the engine', async () => {
    const wallet = fakeWallet({ 'tok-a': 10_000, 'tok-b': 10_000 });
    const { bac, runner, journal } = table(wallet, { bettingMs: 300, revealStepMs: 1 });
    await bac.recover();
    const cards: string[] = [];
    bac.subscribe((e) => {
      if (e.type === 'card') cards.push(`${e.side[0]}${e.card}`);
    });
    runner.start();
    await waitUntil(() => bac.snapshot().phase === 'betting', 'betting opens');
    const open = bac.snapshot();
    expect(open.commitment).toBe(commitmentOf(seedOf(1)));
    expect(open.result).toBeNull();
    const refused = (spots: unknown) => bac.placeBet(A, { spots }).catch((e: TableRefused) => e.code);
    expect(await refused({ PLAYER: 99 })).toBe('BELOW_MINIMUM');
    expect(await refused({ TIE: 1_001 })).toBe('ABOVE_MAXIMUM');
    expect(await refused({ DRAGON: 100 })).toBe('SPOT_INVALID');
    expect(await refused({})).toBe('STAKE_INVALID');
    expect(await refused({ PLAYER: 5_000, BANKER: 5_000, TIE: 1_000 })).toBe('INSUFFICIENT_FUNDS');
    await bac.placeBet(A, { spots: { PLAYER: 1_000, PLAYER_PAIR: 100 } });
    expect(await refused({ PLAYER: 100 })).toBe('ALREADY_BET');
    await bac.placeBet(B, { spots: { BANKER: 2_000, TIE: 500 } });
    expect(wallet.balances).toEqual({ 'tok-a': 8_900, 'tok-b': 7_500 });
    await waitUntil(() => bac.history().length === 1, 'the round settles');
    expect(await bac.placeBet(A, { spots: { PLAYER: 100 } }).catch((e) => e)).toBeInstanceOf(TableRefused);
    await runner.stop();

    const [item] = bac.history();
    const result = item?.result;
    if (!item || !result) throw new Error('no result');
    // Both players see the one deal; it is the one the published seed gives.
    expect(bac.snapshot(A.username).result).toEqual(bac.snapshot(B.username).result);
    const replay = replayRound({
      game: 'baccarat',
      serverSeed: item.serverSeed,
      clientSeed: item.clientSeed,
      nonce: 1,
      commitment: item.commitment,
    });
    expect(replay.commitmentMatches).toBe(true);
    expect(replay.outcome).toMatchObject({
      winner: result.winner,
      playerTotal: result.playerTotal,
      bankerTotal: result.bankerTotal,
      player: result.player,
    });
    // The cards were revealed one by one in dealing order: player, banker, player, banker, then draws.
    const dealt = dealBaccarat(roundRandom(item.serverSeed, item.clientSeed, 1)).steps.map((s) => `${s.side[0]}${cardName(s.card)}`);
    expect(cards).toEqual(dealt);
    expect(cards.slice(0, 4).map((c) => c[0])).toEqual(['P', 'B', 'P', 'B']);

    // The pays, from the rules (commission table): player 1:1, banker 0.95:1, tie 8:1, pair 11:1, a tie pushes P/B.
    const w = result.winner;
    const paidA = (w === 'PLAYER' ? 2_000 : w === 'TIE' ? 1_000 : 0) + (result.playerPair ? 1_200 : 0);
    const paidB = w === 'BANKER' ? 3_900 : w === 'TIE' ? 2_000 + 4_500 : 0;
    expect(wallet.balances['tok-a']).toBe(8_900 + paidA);
    expect(wallet.balances['tok-b']).toBe(7_500 + paidB);
    expect(wallet.held.size).toBe(0);
    expect(item).toMatchObject({ bets: 2, staked: 3_600, paid: paidA + paidB });
    const credits = wallet.calls.filter((c) => c.call === 'credit').map((c) => [c.body.token, c.body.amount]);
    expect(credits.sort()).toEqual([
      ['tok-a', paidA],
      ['tok-b', paidB],
    ]);
    const outcome = wallet.calls.find((c) => c.call === 'credit')?.body.outcome as { kind: string; hands: { name: string }[] };
    expect(outcome.kind).toBe('cards');
    expect(outcome.hands.map((h) => h.name)).toEqual(['Player', 'Banker']);
    journal.close();
    const reread = openJournal<BaccaratEntry>(join(dir, 'baccarat.jsonl'));
    const settled = reread.entries.flatMap((e) => (e.t === 'settled' ? [e.how] : []));
    expect(settled.sort()).toEqual([paidA > 0 ? 'paid' : 'lost', paidB > 0 ? 'paid' : 'lost'].sort());
    reread.close();
  });

  it('killed while bets are taken: the restart refunds every bet once, and numbering goes on', async () => {
    const wallet = fakeWallet({ 'tok-a': 10_000, 'tok-b': 10_000 });
    const first = table(wallet, { bettingMs: 60_000, revealStepMs: 1 });
    await first.bac.recover();
    first.runner.start();
    await waitUntil(() => first.bac.snapshot().phase === 'betting', 'betting opens');
    await first.bac.placeBet(A, { spots: { PLAYER: 1_000 } });
    await first.bac.placeBet(B, { spots: { BANKER: 2_000, BANKER_PAIR: 100 } });
    first.kill();
    expect(wallet.balances).toEqual({ 'tok-a': 9_000, 'tok-b': 7_900 });

    const second = table(wallet, { bettingMs: 60_000, revealStepMs: 1 });
    expect(await second.bac.recover()).toEqual({ rounds: 1, bets: 2 });
    expect(wallet.balances).toEqual({ 'tok-a': 10_000, 'tok-b': 10_000 });
    expect(second.bac.history()[0]).toMatchObject({ round: 1, end: 'void', result: null });
    expect(wallet.calls.filter((c) => c.call === 'rollback')).toHaveLength(2);
    second.journal.close();

    const callsBefore = wallet.calls.length;
    const third = table(wallet, { bettingMs: 60_000, revealStepMs: 1 });
    expect(await third.bac.recover()).toEqual({ rounds: 0, bets: 0 });
    expect(wallet.calls.length).toBe(callsBefore);
    third.runner.start();
    await waitUntil(() => third.bac.snapshot().round === 2, 'the next round opens');
    await third.runner.stop();
    third.journal.close();
  });

  it('killed mid-deal: the outcome was fixed by the committed seed, so the restart settles on it once', async () => {
    const wallet = fakeWallet({ 'tok-a': 10_000, 'tok-b': 10_000 });
    const first = table(wallet, { bettingMs: 200, revealStepMs: 60_000, kind: 'NO_COMMISSION' });
    await first.bac.recover();
    first.runner.start();
    await waitUntil(() => first.bac.snapshot().phase === 'betting', 'betting opens');
    await first.bac.placeBet(A, { spots: { PLAYER: 1_000 } });
    await first.bac.placeBet(B, { spots: { BANKER: 2_000 } });
    await waitUntil(() => first.bac.snapshot().phase === 'running', 'the deal begins');
    first.kill();

    const second = table(wallet, { bettingMs: 60_000, revealStepMs: 1, kind: 'NO_COMMISSION' });
    expect(await second.bac.recover()).toEqual({ rounds: 1, bets: 2 });
    const result = second.bac.history()[0]?.result;
    if (!result) throw new Error('the round was not settled on its deal');
    const w = result.winner;
    // No-commission table: banker 1:1, except a banker win on 6 pays 1:2.
    const paidA = w === 'PLAYER' ? 2_000 : w === 'TIE' ? 1_000 : 0;
    const paidB = w === 'BANKER' ? (result.bankerTotal === 6 ? 3_000 : 4_000) : w === 'TIE' ? 2_000 : 0;
    expect(wallet.balances).toEqual({ 'tok-a': 9_000 + paidA, 'tok-b': 8_000 + paidB });
    expect(wallet.calls.filter((c) => c.call === 'credit')).toHaveLength(2);
    expect(wallet.calls.filter((c) => c.call === 'rollback')).toHaveLength(0);
    second.journal.close();
  });
  it('takes its limits from the operator settings file when a round opens, like the live tables', async () => {
    const file = join(dir, 'table-limits.json');
    const settings = createLimitSettings(file);
    writeFileSync(file, JSON.stringify({ baccarat: { min: 500, max: { TIE: 600 } } }));
    const wallet = fakeWallet({ 'tok-a': 10_000 });
    const limits = () => settings.limitsOf({ gameCode: 'baccarat', limits: LIMITS }) as BaccaratLimits;
    const { bac, runner } = table(wallet, { bettingMs: 300, revealStepMs: 1, limits });
    await bac.recover();
    runner.start();
    await waitUntil(() => bac.snapshot().phase === 'betting', 'betting opens');
    expect(bac.snapshot().limits).toEqual({ min: 500, max: { ...LIMITS.max, TIE: 600 } });
    const refused = (spots: unknown) => bac.placeBet(A, { spots }).catch((e: TableRefused) => e.code);
    expect(await refused({ PLAYER: 400 })).toBe('BELOW_MINIMUM');
    expect(await refused({ TIE: 700 })).toBe('ABOVE_MAXIMUM');
    await runner.stop();
  });
});
