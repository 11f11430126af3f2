import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { replayRound } from '@platform/games/house/verify';
import { commitmentOf } from '@platform/games/rng';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openJournal } from '../journal.ts';
import { type PlatformClient, PlatformUnreachable } from '../platform-client.ts';
import { createRoundRunner } from '../round-runner.ts';
import type { TableRefused } from '../table-wallet.ts';
import { fakeWallet, waitUntil } from '../wallet.test-support.ts';
import { dragonTigerGame, rouletteGame, sicBoGame } from './live-games.ts';
import { createLiveTable, type LiveEntry, type LiveGame, type LiveLimits } from './live-table.ts';
import { createLimitSettings, LIVE_TABLES, mergeLimits } from './live-tables.ts';

const A = { username: 'alice01', token: 'tok-a', currency: 'VND' };
const B = { username: 'bobby02', token: 'tok-b', currency: 'VND' };
const seedOf = (round: number) => `live-seed-${round}`.padEnd(64, '0');
const RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);

describe('live-style tables (dragon tiger, sic bo, roulette)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'live-table-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  function table<O>(
    wallet: ReturnType<typeof fakeWallet>,
    game: LiveGame<O>,
    o: { bettingMs: number; revealStepMs: number; limits: LiveLimits | (() => LiveLimits); seed?: (round: number) => string },
  ) {
    const journal = openJournal<LiveEntry>(join(dir, 'table.jsonl'));
    let isDead = false;
    const platform: PlatformClient = {
      call: (call, body) => (isDead ? Promise.reject(new PlatformUnreachable('the process is gone')) : wallet.client.call(call, body)),
      callRaw: wallet.client.callRaw,
    };
    const limits = o.limits;
    const live = createLiveTable({
      gameCode: 'test-game',
      tableId: 't1',
      game,
      limits: typeof limits === 'function' ? limits : () => limits,
      journal,
      platform,
      now: Date.now,
      bettingMs: o.bettingMs,
      revealStepMs: o.revealStepMs,
      pauseMs: 60_000,
      serverSeed: o.seed ?? seedOf,
    });
    const runner = createRoundRunner(live.game, { now: Date.now, onError: () => undefined });
    const kill = () => {
      isDead = true;
      journal.close();
    };
    return { live, runner, journal, kill };
  }

  it('roulette: two players, one spin revealed to both, pays 36/n of the stake on a win, the proof recomputes it', async () => {
    const wallet = fakeWallet({ 'tok-a': 100_000, 'tok-b': 100_000 });
    const limits = LIVE_TABLES.find((t) => t.gameCode === 'roulette')?.limits as LiveLimits;
    const { live, runner } = table(wallet, rouletteGame, { bettingMs: 300, revealStepMs: 1, limits: { ...limits, min: 100 } });
    await live.recover();
    const steps: string[] = [];
    live.subscribe((e) => {
      if (e.type === 'step') steps.push(e.step);
    });
    runner.start();
    await waitUntil(() => live.snapshot().phase === 'betting', 'betting opens');
    expect(live.snapshot().commitment).toBe(commitmentOf(seedOf(1)));
    const refused = (spots: unknown) => live.placeBet(A, { spots }).catch((e: TableRefused) => e.code);
    expect(await refused({ SPLIT_1_5: 100 })).toBe('SPOT_INVALID');
    expect(await refused({ STRAIGHT_37: 100 })).toBe('SPOT_INVALID');
    expect(await refused({ STRAIGHT_7: 99 })).toBe('BELOW_MINIMUM');
    expect(await refused({ STRAIGHT_7: 150_001 })).toBe('ABOVE_MAXIMUM');
    expect(await refused({ RED: 1.5 })).toBe('STAKE_INVALID');
    // A: a number, a split, a corner, a six line, red. B: zero's trio, a dozen, a column, high.
    await live.placeBet(A, {
      spots: { STRAIGHT_17: 100, SPLIT_17_20: 200, CORNER_13_14_16_17: 300, SIX_LINE_13_14_15_16_17_18: 600, RED: 1_000 },
    });
    await live.placeBet(B, { spots: { STREET_0_1_2: 300, DOZEN_2: 1_200, COLUMN_3: 1_200, HIGH: 1_000, STRAIGHT_0: 100 } });
    expect(await refused({ RED: 100 })).toBe('ALREADY_BET');
    expect(wallet.balances).toEqual({ 'tok-a': 97_800, 'tok-b': 96_200 });
    await waitUntil(() => live.history().length === 1, 'the round settles');
    await runner.stop();

    const item = live.history()[0];
    if (!item?.result) throw new Error('no result');
    const pocket = item.result.pocket as number;
    expect(steps).toEqual([String(pocket)]);
    const replay = replayRound({
      game: 'roulette',
      serverSeed: item.serverSeed,
      clientSeed: item.clientSeed,
      nonce: 1,
      commitment: item.commitment,
    });
    expect(replay).toMatchObject({ commitmentMatches: true, outcome: { pocket } });
    // From the layout: a bet on n numbers returns 36/n times its stake when the pocket is among them.
    const on = (stake: number, numbers: number[]) => (numbers.includes(pocket) ? (stake * 36) / numbers.length : 0);
    const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);
    const paidA = on(100, [17]) + on(200, [17, 20]) + on(300, [13, 14, 16, 17]) + on(600, range(13, 18)) + on(1_000, [...RED]);
    const paidB =
      on(300, [0, 1, 2]) +
      on(1_200, range(13, 24)) +
      on(
        1_200,
        range(1, 12).map((k) => 3 * k),
      ) +
      on(1_000, range(19, 36)) +
      on(100, [0]);
    expect(wallet.balances).toEqual({ 'tok-a': 97_800 + paidA, 'tok-b': 96_200 + paidB });
    expect(item).toMatchObject({ bets: 2, staked: 6_000, paid: paidA + paidB, end: 'revealed' });
    expect(wallet.held.size).toBe(0);
    const outcome = wallet.calls.find((c) => c.call === 'credit')?.body.outcome as { kind: string; numbers: string[] };
    expect(outcome).toMatchObject({ kind: 'numbers', numbers: [String(pocket)] });
  });

  it('sic bo: the dice come one by one and every kind of bet pays as the paytable says', async () => {
    const wallet = fakeWallet({ 'tok-a': 100_000 });
    const { live, runner } = table(wallet, sicBoGame, {
      bettingMs: 200,
      revealStepMs: 1,
      limits: { min: 100, max: { EVEN_MONEY: 10_000, TOTAL: 1_000, TRIPLE: 1_000, DOUBLE: 1_000, SINGLE: 1_000, COMBO: 1_000 } },
    });
    await live.recover();
    const steps: string[] = [];
    live.subscribe((e) => {
      if (e.type === 'step') steps.push(e.step);
    });
    runner.start();
    await waitUntil(() => live.snapshot().phase === 'betting', 'betting opens');
    expect(await live.placeBet(A, { spots: { TOTAL_3: 100 } }).catch((e: TableRefused) => e.code)).toBe('SPOT_INVALID');
    expect(await live.placeBet(A, { spots: { COMBO_2_2: 100 } }).catch((e: TableRefused) => e.code)).toBe('SPOT_INVALID');
    const spots = {
      BIG: 1_000,
      SMALL: 1_000,
      ODD: 500,
      TOTAL_10: 100,
      TOTAL_11: 100,
      ANY_TRIPLE: 100,
      DOUBLE_3: 100,
      SINGLE_4: 100,
      COMBO_1_6: 100,
    };
    await live.placeBet(A, { spots });
    await waitUntil(() => live.history().length === 1, 'the round settles');
    await runner.stop();
    const item = live.history()[0];
    const dice = item?.result?.dice as number[];
    expect(steps.map(Number)).toEqual(dice);
    const total = dice.reduce((s, d) => s + d, 0);
    const triple = dice[0] === dice[1] && dice[1] === dice[2];
    const count = (f: number) => dice.filter((d) => d === f).length;
    const TOTALS: Record<number, number> = { 10: 6, 11: 6 };
    const paid =
      (!triple && total >= 11 ? 2_000 : 0) +
      (!triple && total <= 10 ? 2_000 : 0) +
      (!triple && total % 2 === 1 ? 1_000 : 0) +
      (total === 10 || total === 11 ? 100 * ((TOTALS[total] as number) + 1) : 0) +
      (triple ? 3_100 : 0) +
      (count(3) >= 2 ? 1_100 : 0) +
      (count(4) > 0 ? 100 * (count(4) + 1) : 0) +
      (count(1) > 0 && count(6) > 0 ? 600 : 0);
    expect(wallet.balances['tok-a']).toBe(100_000 - 3_100 + paid);
    expect(item?.result).toMatchObject({ total, triple, size: triple ? 'TRIPLE' : total >= 11 ? 'BIG' : 'SMALL' });
  });

  it('dragon tiger: killed while bets are taken, the restart refunds once; killed mid-reveal, it settles on the committed cards once', async () => {
    const limits: LiveLimits = { min: 100, max: { MAIN: 5_000, TIE: 1_000, SUITED_TIE: 500 } };
    const wallet = fakeWallet({ 'tok-a': 10_000, 'tok-b': 10_000 });
    const first = table(wallet, dragonTigerGame, { bettingMs: 60_000, revealStepMs: 1, limits });
    await first.live.recover();
    first.runner.start();
    await waitUntil(() => first.live.snapshot().phase === 'betting', 'betting opens');
    await first.live.placeBet(A, { spots: { DRAGON: 1_000 } });
    first.kill();
    const second = table(wallet, dragonTigerGame, { bettingMs: 200, revealStepMs: 60_000, limits });
    expect(await second.live.recover()).toEqual({ rounds: 1, bets: 1 });
    expect(wallet.balances['tok-a']).toBe(10_000);
    expect(second.live.history()[0]).toMatchObject({ round: 1, end: 'void', result: null });

    second.runner.start();
    await waitUntil(() => second.live.snapshot().round === 2 && second.live.snapshot().phase === 'betting', 'round 2 opens');
    await second.live.placeBet(A, { spots: { DRAGON: 1_000, TIE: 100 } });
    await second.live.placeBet(B, { spots: { TIGER: 2_000, SUITED_TIE: 100 } });
    await waitUntil(() => second.live.snapshot().phase === 'running', 'the reveal begins');
    second.kill();
    const creditsBefore = wallet.calls.filter((c) => c.call === 'credit').length;
    const third = table(wallet, dragonTigerGame, { bettingMs: 60_000, revealStepMs: 1, limits });
    expect(await third.live.recover()).toEqual({ rounds: 1, bets: 2 });
    const r = third.live.history()[0]?.result;
    if (!r) throw new Error('round 2 was not settled on its cards');
    // Dragon/tiger 1:1, half back on a tie; tie 8:1; suited tie 50:1.
    const w = r.winner;
    const paidA = (w === 'DRAGON' ? 2_000 : w === 'TIE' ? 500 : 0) + (w === 'TIE' ? 900 : 0);
    const paidB = (w === 'TIGER' ? 4_000 : w === 'TIE' ? 1_000 : 0) + (r.suited ? 5_100 : 0);
    expect(wallet.balances).toEqual({ 'tok-a': 8_900 + paidA, 'tok-b': 7_900 + paidB });
    expect(wallet.calls.filter((c) => c.call === 'credit').length - creditsBefore).toBe(2);
    const fourth = table(wallet, dragonTigerGame, { bettingMs: 60_000, revealStepMs: 1, limits });
    third.journal.close();
    expect(await fourth.live.recover()).toEqual({ rounds: 0, bets: 0 });
    fourth.journal.close();
  });

  it('limits come from the settings file when a round opens; a bad file leaves the limits in force', async () => {
    const config = LIVE_TABLES.find((t) => t.gameCode === 'dragon-tiger');
    if (!config) throw new Error('no dragon tiger table');
    expect(() => mergeLimits(config, { max: { STRAIGHT: 100 } })).toThrow(/not a limit group/);
    expect(() => mergeLimits(config, { min: 0 })).toThrow(/min/);
    expect(() => mergeLimits(config, { min: 600_000 })).toThrow(/below the minimum/);
    expect(mergeLimits(config, { max: { TIE: 200_000 } })).toEqual({ min: config.limits.min, max: { ...config.limits.max, TIE: 200_000 } });

    const file = join(dir, 'table-limits.json');
    const settings = createLimitSettings(file);
    expect(settings.limitsOf(config)).toEqual(config.limits);
    writeFileSync(file, JSON.stringify({ 'dragon-tiger': { min: 2_000, max: { MAIN: 3_000 } } }));
    const wallet = fakeWallet({ 'tok-a': 100_000 });
    const { live, runner } = table(wallet, dragonTigerGame, { bettingMs: 100, revealStepMs: 1, limits: () => settings.limitsOf(config) });
    await live.recover();
    runner.start();
    await waitUntil(() => live.snapshot().phase === 'betting', 'betting opens');
    expect(live.snapshot().limits).toMatchObject({ min: 2_000, max: { MAIN: 3_000 } });
    expect(await live.placeBet(A, { spots: { DRAGON: 1_000 } }).catch((e: TableRefused) => e.code)).toBe('BELOW_MINIMUM');
    expect(await live.placeBet(A, { spots: { DRAGON: 3_001 } }).catch((e: TableRefused) => e.code)).toBe('ABOVE_MAXIMUM');
    writeFileSync(file, '{ not json');
    utimesSync(file, new Date(), new Date(Date.now() + 5_000));
    expect(() => settings.limitsOf(config)).toThrow();
    await runner.stop();
    runner.start();
    await waitUntil(() => live.snapshot().round === 2, 'the next round opens');
    expect(live.snapshot().limits).toMatchObject({ min: 2_000, max: { MAIN: 3_000 } });
    await runner.stop();
  });
});
