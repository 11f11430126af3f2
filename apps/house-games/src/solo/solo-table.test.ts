import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { actBlackjack, basicStrategy, resolveBlackjack, stakedMinor, startBlackjack } from '@platform/games/house/blackjack';
import { cardName, Shoe } from '@platform/games/house/cards';
import { resolveDiceTarget, rollDiceTarget } from '@platform/games/house/dice-target';
import { minesMultiplier, placeMines } from '@platform/games/house/mines';
import { dropPlinko, resolvePlinko } from '@platform/games/house/plinko';
import { replayRound } from '@platform/games/house/verify';
import { dealVideoPoker, drawVideoPoker, resolveVideoPoker } from '@platform/games/house/video-poker';
import { roundRandom } from '@platform/games/random-source';
import { commitmentOf } from '@platform/games/rng';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openJournal } from '../journal.ts';
import { type PlatformClient, PlatformUnreachable } from '../platform-client.ts';
import { fakeWallet } from '../wallet.test-support.ts';
import { blackjackGame, diceGame, hiLoGame, minesGame, plinkoGame, type SoloGame, videoPokerGame } from './solo-games.ts';
import { createSoloTable, type SoloEntry } from './solo-table.ts';

const A = { username: 'alice01', token: 'tok-a', currency: 'VND' };
const seeds = () => {
  let n = 0;
  return () => `solo-seed-${++n}`.padEnd(64, '0');
};

describe('single-player house games (solo table)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'solo-table-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  function table(wallet: ReturnType<typeof fakeWallet>, game: SoloGame<unknown, unknown>, o: { now?: () => number; idleMs?: number } = {}) {
    const journal = openJournal<SoloEntry>(join(dir, `${game.code}.jsonl`));
    let isDead = false;
    const platform: PlatformClient = {
      call: (call, body) => (isDead ? Promise.reject(new PlatformUnreachable('the process is gone')) : wallet.client.call(call, body)),
      callRaw: wallet.client.callRaw,
    };
    const solo = createSoloTable({ game, journal, platform, now: o.now ?? Date.now, idleMs: o.idleMs ?? 60_000, serverSeed: seeds() });
    return {
      solo,
      kill: () => {
        isDead = true;
        journal.close();
      },
      /** The platform stops answering (the process lives on). */
      cut: () => {
        isDead = true;
      },
      journal,
    };
  }

  const sumOf = (calls: { call: string; body: Record<string, unknown> }[], call: string) =>
    calls.filter((c) => c.call === call).reduce((s, c) => s + (c.body.amount as number), 0);

  it('plays dice: the commitment shown before, one debit, one credit from the rules, the seed revealed after', async () => {
    const wallet = fakeWallet({ 'tok-a': 100_000 });
    const { solo } = table(wallet, diceGame);
    const before = solo.snapshot(A.username).fair;
    const answer = await solo.start(A, { stake: 1_000, direction: 'UNDER', target: 5_000 });
    expect(answer.round.isOver).toBe(true);
    expect(answer.round.commitment).toBe(before.commitment);
    expect(commitmentOf(answer.round.serverSeed as string)).toBe(before.commitment);
    const roll = rollDiceTarget(roundRandom(answer.round.serverSeed as string, before.clientSeed, before.nonce));
    const payout = resolveDiceTarget(roll, { direction: 'UNDER', target: 5_000 }, 1_000);
    expect(answer.round.view.roll).toBe(roll);
    expect(answer.round.payout).toBe(payout);
    expect(wallet.calls.map((c) => c.call)).toEqual(['debit', 'credit']);
    expect(wallet.calls[1]?.body.amount).toBe(payout);
    expect(wallet.calls[1]?.body.outcome).toMatchObject({ kind: 'numbers', numbers: [String(roll)] });
    expect(wallet.balances['tok-a']).toBe(100_000 - 1_000 + payout);
    // A new seed is committed for the next round; the nonce moves on.
    expect(answer.fair.commitment).not.toBe(before.commitment);
    expect(answer.fair.nonce).toBe(before.nonce + 1);
    // The published round replays to the same roll.
    const replay = replayRound({
      game: 'dice',
      serverSeed: answer.round.serverSeed as string,
      clientSeed: before.clientSeed,
      nonce: before.nonce,
      commitment: before.commitment,
    });
    expect(replay).toMatchObject({ commitmentMatches: true, outcome: { roll: (roll / 100).toFixed(2) } });
    expect(solo.snapshot(A.username).history[0]).toMatchObject({ payout, serverSeed: answer.round.serverSeed });
  });

  it('refuses bad choices and stakes with nothing taken, and keeps the seed pair after a refused debit', async () => {
    const wallet = fakeWallet({ 'tok-a': 500 });
    const { solo } = table(wallet, diceGame);
    const codeOf = (p: Promise<unknown>) =>
      p.then(
        () => 'OK',
        (e: { code: string }) => e.code,
      );
    expect(await codeOf(solo.start(A, { stake: 100, direction: 'UNDER', target: 50 }))).toBe('TARGET_INVALID');
    expect(await codeOf(solo.start(A, { stake: 100, direction: 'SIDEWAYS', target: 5000 }))).toBe('TARGET_INVALID');
    expect(await codeOf(solo.start(A, { stake: 0, direction: 'UNDER', target: 5000 }))).toBe('STAKE_INVALID');
    expect(await codeOf(solo.start(A, { stake: 1.5, direction: 'UNDER', target: 5000 }))).toBe('STAKE_INVALID');
    const fair = solo.snapshot(A.username).fair;
    expect(await codeOf(solo.start(A, { stake: 1_000, direction: 'UNDER', target: 5000 }))).toBe('INSUFFICIENT_FUNDS');
    expect(solo.snapshot(A.username).fair).toEqual(fair);
    expect(wallet.balances['tok-a']).toBe(500);
    expect(await codeOf(Promise.resolve().then(() => solo.setClientSeed(A.username, 'has space')))).toBe('CLIENT_SEED_INVALID');
    expect(solo.setClientSeed(A.username, 'my-lucky.seed').fair.clientSeed).toBe('my-lucky.seed');
  });

  it('plays plinko: the ball path and slot from the seeds, paid by the table', async () => {
    const wallet = fakeWallet({ 'tok-a': 100_000 });
    const { solo } = table(wallet, plinkoGame);
    const fair = solo.snapshot(A.username).fair;
    const answer = await solo.start(A, { stake: 10_000, rows: 16, risk: 'HIGH' });
    const drop = dropPlinko(roundRandom(answer.round.serverSeed as string, fair.clientSeed, fair.nonce), 16, 'HIGH');
    expect(answer.round.view).toMatchObject({ path: drop.path, slot: drop.slot });
    expect(answer.round.payout).toBe(resolvePlinko(drop, 10_000));
    expect(wallet.calls[1]?.body).toMatchObject({ amount: resolvePlinko(drop, 10_000), outcome: { kind: 'wheel', segment: drop.slot } });
    const codeOf = (p: Promise<unknown>) =>
      p.then(
        () => 'OK',
        (e: { code: string }) => e.code,
      );
    expect(await codeOf(solo.start(A, { stake: 100, rows: 7, risk: 'HIGH' }))).toBe('ROWS_INVALID');
    expect(await codeOf(solo.start(A, { stake: 100, rows: 8, risk: 'WILD' }))).toBe('RISK_INVALID');
  });

  it('plays mines: safe picks raise the multiplier, a cash-out pays it, a mine pays nothing, mines stay hidden until the end', async () => {
    const wallet = fakeWallet({ 'tok-a': 100_000 });
    const { solo } = table(wallet, minesGame);
    const fair = solo.snapshot(A.username).fair;
    const started = await solo.start(A, { stake: 1_000, mines: 5 });
    expect(started.round.isOver).toBe(false);
    expect(started.round.view).not.toHaveProperty('minePositions');
    const mines = placeMines(roundRandom(seedOfRound(1), fair.clientSeed, fair.nonce), 5);
    const safe = Array.from({ length: 25 }, (_, i) => i).filter((c) => !mines.includes(c));
    await solo.act(A, { roundId: started.round.roundId, action: 'REVEAL', cell: safe[0] });
    const two = await solo.act(A, { roundId: started.round.roundId, action: 'REVEAL', cell: safe[1] });
    expect(two.round.view.multiplier).toBeCloseTo(Number(minesMultiplier(5, 2).numerator) / Number(minesMultiplier(5, 2).denominator), 10);
    const codeOf = (p: Promise<unknown>) =>
      p.then(
        () => 'OK',
        (e: { code: string }) => e.code,
      );
    expect(await codeOf(solo.act(A, { roundId: started.round.roundId, action: 'REVEAL', cell: safe[1] }))).toBe('ACTION_INVALID');
    expect(await codeOf(solo.start(A, { stake: 1_000, mines: 5 }))).toBe('ROUND_OPEN');
    const cashed = await solo.act(A, { roundId: started.round.roundId, action: 'CASHOUT' });
    const { numerator, denominator } = minesMultiplier(5, 2);
    expect(cashed.round.payout).toBe(Number((1_000n * numerator) / denominator));
    expect(cashed.round.view.minePositions).toEqual(mines);
    expect(wallet.calls.filter((c) => c.call === 'credit').map((c) => c.body.amount)).toEqual([cashed.round.payout]);

    // The next round: a mine loses the stake.
    const fair2 = solo.snapshot(A.username).fair;
    const next = await solo.start(A, { stake: 1_000, mines: 24 });
    const mines2 = placeMines(roundRandom(seedOfRound(2), fair2.clientSeed, fair2.nonce), 24);
    const lost = await solo.act(A, { roundId: next.round.roundId, action: 'REVEAL', cell: mines2[0] });
    expect(lost.round).toMatchObject({ isOver: true, payout: 0 });
    expect(wallet.balances['tok-a']).toBe(100_000 - 2_000 + (cashed.round.payout as number));
  });

  it('plays hi-lo: each right call multiplies by 13 over its winning ranks, a cash-out pays 97% of that', async () => {
    const wallet = fakeWallet({ 'tok-a': 100_000 });
    const { solo } = table(wallet, hiLoGame);
    const fair = solo.snapshot(A.username).fair;
    const started = await solo.start(A, { stake: 1_000 });
    const random = roundRandom(seedOfRound(1), fair.clientSeed, fair.nonce);
    const first = random(52);
    expect(started.round.view.cards).toEqual([cardName(first)]);
    // Call the likelier side until the first wrong call or three right ones, then cash out.
    let round = started.round;
    let current = first;
    let product = 1;
    for (let i = 0; i < 3 && !round.isOver; i++) {
      const rank = (current % 13) + 1;
      const guess = rank <= 7 ? 'HIGHER_OR_SAME' : 'LOWER_OR_SAME';
      const next = random(52);
      const win = guess === 'HIGHER_OR_SAME' ? (next % 13) + 1 >= rank : (next % 13) + 1 <= rank;
      round = (await solo.act(A, { roundId: round.roundId, action: 'GUESS', guess })).round;
      expect((round.view.cards as string[]).at(-1)).toBe(cardName(next));
      if (!win) {
        expect(round).toMatchObject({ isOver: true, payout: 0 });
        return;
      }
      product *= 13 / (guess === 'HIGHER_OR_SAME' ? 14 - rank : rank);
      current = next;
    }
    const cashed = await solo.act(A, { roundId: round.roundId, action: 'CASHOUT' });
    expect(cashed.round.payout).toBe(Math.floor(1_000 * 0.97 * product + 1e-9));
  });

  it('plays video poker: deal, hold, draw as one round with one debit and one credit', async () => {
    const wallet = fakeWallet({ 'tok-a': 100_000 });
    const { solo } = table(wallet, videoPokerGame);
    const fair = solo.snapshot(A.username).fair;
    const started = await solo.start(A, { stake: 1_000 });
    const deal = dealVideoPoker(roundRandom(seedOfRound(1), fair.clientSeed, fair.nonce));
    expect(started.round.view.hand).toEqual(deal.hand.map(cardName));
    const holds = [true, false, true, false, false];
    const drawn = await solo.act(A, { roundId: started.round.roundId, action: 'DRAW', holds });
    const final = drawVideoPoker(deal, holds);
    expect(drawn.round.view.final).toEqual(final.map(cardName));
    expect(drawn.round.payout).toBe(resolveVideoPoker(final, 1_000));
    expect(wallet.calls.map((c) => c.call)).toEqual(['debit', 'credit']);
    expect(sumOf(wallet.calls, 'credit')).toBe(resolveVideoPoker(final, 1_000));
  });

  it('plays blackjack by basic strategy: doubles and splits take a further debit each, the credit is the rules’ payout', async () => {
    const wallet = fakeWallet({ 'tok-a': 10_000_000 });
    const { solo } = table(wallet, blackjackGame);
    let doublesOrSplits = 0;
    for (let n = 1; n <= 40; n++) {
      const fair = solo.snapshot(A.username).fair;
      const callsBefore = wallet.calls.length;
      const started = await solo.start(A, { stake: 1_000 });
      const shoe = new Shoe(6, roundRandom(seedOfRound(n), fair.clientSeed, fair.nonce));
      let mirror = startBlackjack(shoe, 1_000);
      let round = started.round;
      expect(round.view.holeHidden).toBe(!round.isOver);
      while (!round.isOver) {
        const action = basicStrategy(mirror);
        if (action === 'DOUBLE' || action === 'SPLIT') doublesOrSplits++;
        mirror = actBlackjack(mirror, action, shoe);
        round = (await solo.act(A, { roundId: round.roundId, action })).round;
      }
      const calls = wallet.calls.slice(callsBefore);
      expect(sumOf(calls, 'debit')).toBe(stakedMinor(mirror));
      expect(calls.filter((c) => c.call === 'credit').map((c) => c.body.amount)).toEqual([resolveBlackjack(mirror)]);
      expect(round.payout).toBe(resolveBlackjack(mirror));
    }
    expect(doublesOrSplits).toBeGreaterThan(0);
  });

  it('keeps a round cut by a crash for the player, finishes it once when left idle, and rolls back a debit with no answer', async () => {
    let clock = 1_000_000;
    const now = () => clock;
    const wallet = fakeWallet({ 'tok-a': 100_000 });
    const first = table(wallet, minesGame, { now, idleMs: 60_000 });
    const fair = first.solo.snapshot(A.username).fair;
    const started = await first.solo.start(A, { stake: 1_000, mines: 3 });
    const mines = placeMines(roundRandom(seedOfRound(1), fair.clientSeed, fair.nonce), 3);
    const safe = Array.from({ length: 25 }, (_, i) => i).filter((c) => !mines.includes(c));
    await first.solo.act(A, { roundId: started.round.roundId, action: 'REVEAL', cell: safe[0] });
    first.kill();

    // Restart: the round is still the player's, with its pick.
    const second = table(wallet, minesGame, { now, idleMs: 60_000 });
    await second.solo.recover();
    const resumed = second.solo.snapshot(A.username).round;
    expect(resumed).toMatchObject({ roundId: started.round.roundId, isOver: false, view: { revealed: [safe[0]] } });
    // Left alone past the idle time: cashed out for the player, once.
    clock += 61_000;
    await second.solo.sweep();
    await second.solo.sweep();
    const { numerator, denominator } = minesMultiplier(3, 1);
    const credits = wallet.calls.filter((c) => c.call === 'credit');
    expect(credits.map((c) => c.body.amount)).toEqual([Number((1_000n * numerator) / denominator)]);
    expect(second.solo.snapshot(A.username).round).toBeNull();
    second.kill();

    // A debit sent with no answer (the platform unreachable): rolled back, the round void.
    const third = table(wallet, minesGame, { now, idleMs: 60_000 });
    await third.solo.recover();
    third.cut();
    const codeOf = (p: Promise<unknown>) =>
      p.then(
        () => 'OK',
        (e: { code: string }) => e.code,
      );
    expect(await codeOf(third.solo.start(A, { stake: 1_000, mines: 3 }))).toBe('PLATFORM_UNREACHABLE');
    third.kill();
    const fourth = table(wallet, minesGame, { now, idleMs: 60_000 });
    await fourth.solo.recover();
    const balance = wallet.balances['tok-a'];
    expect(balance).toBe(100_000 - 1_000 + Number((1_000n * numerator) / denominator));
    expect(wallet.held.size).toBe(0);
    // A third start settles nothing more.
    const callsBefore = wallet.calls.length;
    fourth.kill();
    const fifth = table(wallet, minesGame, { now, idleMs: 60_000 });
    await fifth.solo.recover();
    expect(wallet.calls.slice(callsBefore).filter((c) => c.call !== 'rollback')).toEqual([]);
    expect(wallet.balances['tok-a']).toBe(balance);
  });

  it('a double paid just before a crash is played on restart, not charged twice', async () => {
    const wallet = fakeWallet({ 'tok-a': 10_000_000 });
    // Find a round whose basic strategy doubles first.
    for (let n = 1; n <= 200; n++) {
      rmSync(join(dir, 'blackjack.jsonl'), { force: true });
      const t = table(wallet, blackjackGame);
      const fair = t.solo.setClientSeed(A.username, `try-${n}`).fair;
      const shoe = new Shoe(6, roundRandom(seedOfRound(1), fair.clientSeed, fair.nonce));
      const mirror = startBlackjack(shoe, 1_000);
      if (mirror.phase !== 'PLAYER' || basicStrategy(mirror) !== 'DOUBLE') {
        t.kill();
        continue;
      }
      const started = await t.solo.start(A, { stake: 1_000 });
      // The crash: the double's debit is taken and journaled, its action not yet.
      const journal = openJournal<SoloEntry>(join(dir, 'blackjack.jsonl'));
      journal.append({ t: 'extra', roundId: started.round.roundId, n: 2, amount: 1_000, action: { type: 'DOUBLE' } });
      await wallet.client.call('debit', {
        token: 'tok-a',
        roundId: started.round.roundId,
        gameCode: 'blackjack',
        transactionId: `${started.round.roundId}-bet2`,
        amount: 1_000,
      });
      journal.append({ t: 'debit-ok', roundId: started.round.roundId, n: 2 });
      journal.close();
      t.kill();
      const restarted = table(wallet, blackjackGame);
      await restarted.solo.recover();
      const expected = actBlackjack(mirror, 'DOUBLE', shoe);
      const debits = wallet.calls.filter((c) => c.call === 'debit' && c.body.roundId === started.round.roundId);
      expect(debits.map((c) => c.body.amount)).toEqual([1_000, 1_000]);
      const credits = wallet.calls.filter((c) => c.call === 'credit' && c.body.roundId === started.round.roundId);
      expect(credits.map((c) => c.body.amount)).toEqual([resolveBlackjack(expected)]);
      return;
    }
    throw new Error('no doubling deal in 200 tries');
  });
});

/** The n-th server seed the test's tables draw. */
function seedOfRound(n: number): string {
  return `solo-seed-${n}`.padEnd(64, '0');
}
