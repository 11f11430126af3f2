import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ArenaSettings } from '@platform/contracts/cockfight';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openJournal } from '../journal.ts';
import { type PlatformClient, PlatformUnreachable } from '../platform-client.ts';
import type { TableRefused } from '../table-wallet.ts';
import { fakeWallet } from '../wallet.test-support.ts';
import { type CockfightEntry, type CockfightEvent, createCockfightArena } from './cockfight-arena.ts';

/**
 * Every figure below is worked out by hand from the published rules (docs/sportsbook.md,
 * "Cockfight"), not read from the engine: per 100 on a side S = (M + W)(1 − c)/S × 100 truncated
 * to hundredths; a winning bet returns stake × per100/100 rounded down; a side at 107.00 or less
 * cancels the fight at close; a draw pays 8 to 1 on draw bets and refunds Meron and Wala.
 */
const player = (name: string) => ({ username: name, token: `tok-${name}`, currency: 'VND' });
const [A, B, C, D] = ['alice', 'bobby', 'carol', 'david'].map(player) as [
  ReturnType<typeof player>,
  ReturnType<typeof player>,
  ReturnType<typeof player>,
  ReturnType<typeof player>,
];
const START = 100_000;
const defaults: ArenaSettings = {
  name: '',
  mode: 'pari-mutuel',
  commissionBp: 500,
  odds: { meron: 1_850, wala: 2_050 },
  streamUrl: '',
  limits: { min: 100, max: 50_000, drawMax: 5_000 },
};

describe('a cockfight arena', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'cockfight-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  /** An arena on the journal of this test; `kill` drops the process (its calls fail, its journal closes). */
  function arenaOn(
    wallet: ReturnType<typeof fakeWallet>,
    hooks: {
      before?: (call: string) => Promise<void>;
      /** True: the platform took the call but its answer never comes back. */
      loseAnswer?: (call: string) => boolean;
    } = {},
  ) {
    const journal = openJournal<CockfightEntry>(join(dir, 'arena.jsonl'));
    let isDead = false;
    const platform: PlatformClient = {
      call: async (call, body) => {
        if (isDead) throw new PlatformUnreachable('the process is gone');
        await hooks.before?.(call);
        if (isDead) throw new PlatformUnreachable('the process is gone');
        const answer = await wallet.client.call(call, body);
        if (hooks.loseAnswer?.(call)) await new Promise(() => undefined);
        return answer;
      },
      callRaw: wallet.client.callRaw,
    };
    const arena = createCockfightArena({
      gameCode: 'cockfight',
      arenaId: 'a1',
      defaults,
      journal,
      platform,
      now: Date.now,
      pushIntervalMs: 250,
    });
    const kill = () => {
      isDead = true;
      journal.close();
    };
    return { arena, kill };
  }
  const balancesOf = (wallet: ReturnType<typeof fakeWallet>) => [A, B, C, D].map((p) => wallet.balances[p.token]);
  const newWallet = () => fakeWallet(Object.fromEntries([A, B, C, D].map((p) => [p.token, START])));
  const creditsOf = (wallet: ReturnType<typeof fakeWallet>, call = 'credit') =>
    wallet.calls.filter((c) => c.call === call).map((c) => c.body.transactionId as string);

  it('pari-mutuel: live pools and returns per 100, commission on the winning side, draw bets lose', async () => {
    const wallet = newWallet();
    const { arena } = arenaOn(wallet);
    await arena.recover();
    arena.openFight();
    await arena.placeBet(A, { side: 'meron', stake: 10_000 });
    await arena.placeBet(B, { side: 'wala', stake: 10_000 });
    // Equal pools at 5%: 20,000 × 0.95 / 10,000 × 100 = 190.00 on each side.
    expect(arena.view().fight?.per100).toEqual({ meron: 19_000, wala: 19_000 });
    await arena.placeBet(C, { side: 'meron', stake: 1_000 });
    await arena.placeBet(D, { side: 'draw', stake: 2_000 });
    // Meron 11,000, Wala 10,000: Meron 21,000 × 0.95 / 11,000 × 100 = 181.3636… → 181.36; Wala 199.50.
    expect(arena.view().fight?.per100).toEqual({ meron: 18_136, wala: 19_950 });
    expect(arena.view().fight?.pools).toEqual({ meron: 11_000, wala: 10_000, draw: 2_000 });
    expect(balancesOf(wallet)).toEqual([90_000, 90_000, 99_000, 98_000]);
    await arena.closeBetting();
    await arena.declare('meron');
    // A: 10,000 × 181.36 / 100 = 18,136; C: 1,000 × 1.8136 = 1,813 (rounded down); B and D lose.
    expect(balancesOf(wallet)).toEqual([90_000 + 18_136, 90_000, 99_000 + 1_813, 98_000]);
    const fight = arena.view().history[0];
    expect(fight).toMatchObject({ fight: 1, result: 'meron', phase: 'settled', staked: 23_000, paid: 19_949 });
    // The house keeps the commission and the rounding: 21,000 Meron/Wala staked, 19,949 paid, draw 2,000 lost.
    expect(arena.fightRecord(1)?.bets.map((b) => [b.player, b.side, b.paid])).toEqual([
      ['a***e', 'meron', 18_136],
      ['b***y', 'wala', 0],
      ['c***l', 'meron', 1_813],
      ['d***d', 'draw', 0],
    ]);
  });

  it('pari-mutuel: a side at 107 or less per 100 cancels the fight as betting closes and refunds every bet', async () => {
    const wallet = newWallet();
    const { arena } = arenaOn(wallet);
    await arena.recover();
    arena.openFight();
    await arena.placeBet(A, { side: 'meron', stake: 18_000 });
    await arena.placeBet(B, { side: 'wala', stake: 2_000 });
    await arena.placeBet(C, { side: 'draw', stake: 500 });
    // Meron: 20,000 × 0.95 / 18,000 × 100 = 105.55 ≤ 107.00.
    expect(arena.view().fight?.per100.meron).toBe(10_555);
    await arena.closeBetting();
    expect(arena.view().fight).toMatchObject({ phase: 'settled', result: 'cancelled', declared: 'cancelled' });
    expect(balancesOf(wallet)).toEqual([START, START, START, START]);
    expect(creditsOf(wallet)).toEqual([]);
    expect(creditsOf(wallet, 'rollback')).toHaveLength(3);
    const refused = (result: 'meron' | 'cancelled') => arena.declare(result).catch((e: TableRefused) => e.code);
    expect(await refused('meron')).toBe('ALREADY_DECLARED');
    await arena.declare('cancelled');
    expect(balancesOf(wallet)).toEqual([START, START, START, START]);
    expect(creditsOf(wallet, 'rollback')).toHaveLength(3);
  });

  it('pari-mutuel: just above 107 the fight stands; one-sided betting is cancelled', async () => {
    const wallet = newWallet();
    const { arena } = arenaOn(wallet);
    await arena.recover();
    arena.changeSettings({ commissionBp: 0 });
    arena.openFight();
    await arena.placeBet(A, { side: 'meron', stake: 10_000 });
    await arena.placeBet(B, { side: 'wala', stake: 701 });
    // No commission: Meron 10,701 / 10,000 × 100 = 107.01 > 107.00, so the fight stands.
    await arena.closeBetting();
    expect(arena.view().fight?.phase).toBe('closed');
    await arena.declare('meron');
    // A: 10,000 × 107.01 / 100 = 10,701: the whole pool.
    expect(balancesOf(wallet).slice(0, 2)).toEqual([START + 701, START - 701]);
    arena.openFight();
    await arena.placeBet(C, { side: 'wala', stake: 5_000 });
    await arena.closeBetting();
    expect(arena.view().fight?.result).toBe('cancelled');
    expect(wallet.balances[C.token]).toBe(START);
  });

  it('a draw pays 8 to 1 on draw bets and gives Meron and Wala their stakes back (pari-mutuel)', async () => {
    const wallet = newWallet();
    const { arena } = arenaOn(wallet);
    await arena.recover();
    arena.openFight();
    await arena.placeBet(A, { side: 'meron', stake: 4_000 });
    await arena.placeBet(B, { side: 'wala', stake: 3_000 });
    await arena.placeBet(C, { side: 'draw', stake: 1_000 });
    await arena.placeBet(D, { side: 'draw', stake: 250 });
    await arena.closeBetting();
    await arena.declare('draw');
    // Draw: 1,000 × 9 = 9,000 back (8,000 won); 250 × 9 = 2,250; Meron and Wala refunded in the credit.
    expect(balancesOf(wallet)).toEqual([START, START, START + 8_000, START + 2_000]);
    expect(arena.view().fight).toMatchObject({ result: 'draw', paid: 4_000 + 3_000 + 9_000 + 2_250 });
  });

  it('fixed odds: each bet keeps the price it was placed at; a draw pays 8 to 1; other draw bets lose on a side win', async () => {
    const wallet = newWallet();
    const { arena } = arenaOn(wallet);
    await arena.recover();
    arena.changeSettings({ mode: 'fixed', odds: { meron: 1_850, wala: 2_050 } });
    arena.openFight();
    expect(arena.view().fight?.terms.mode).toBe('fixed');
    await arena.placeBet(A, { side: 'meron', stake: 10_000 });
    // The operator shortens Meron while betting is open: later bets take 1.70.
    arena.changeSettings({ odds: { meron: 1_700, wala: 2_250 } });
    await arena.placeBet(B, { side: 'meron', stake: 10_000 });
    await arena.placeBet(C, { side: 'wala', stake: 3_333 });
    await arena.placeBet(D, { side: 'draw', stake: 1_000 });
    // No 107 rule in fixed odds: a one-sided book still stands.
    await arena.closeBetting();
    expect(arena.view().fight?.phase).toBe('closed');
    await arena.declare('meron');
    // A: 10,000 × 1.85 = 18,500; B: 10,000 × 1.70 = 17,000; C and D lose.
    expect(balancesOf(wallet)).toEqual([START + 8_500, START + 7_000, START - 3_333, START - 1_000]);
    expect(arena.fightRecord(1)?.bets.map((b) => b.price)).toEqual([1_850, 1_700, 2_250, 9_000]);

    arena.openFight();
    await arena.placeBet(A, { side: 'wala', stake: 3_333 });
    await arena.placeBet(B, { side: 'draw', stake: 700 });
    await arena.closeBetting();
    await arena.declare('wala');
    // 3,333 × 2.25 = 7,499.25 → 7,499.
    expect(wallet.balances[A.token]).toBe(START + 8_500 - 3_333 + 7_499);
    arena.openFight();
    await arena.placeBet(C, { side: 'draw', stake: 100 });
    await arena.placeBet(D, { side: 'meron', stake: 1_000 });
    await arena.closeBetting();
    await arena.declare('draw');
    expect(wallet.balances[C.token]).toBe(START - 3_333 + 800);
    expect(wallet.balances[D.token]).toBe(START - 1_000);
  });

  it('a fight settles once: repeated and concurrent declares send one credit per bet', async () => {
    const wallet = newWallet();
    const { arena } = arenaOn(wallet);
    await arena.recover();
    arena.openFight();
    await arena.placeBet(A, { side: 'meron', stake: 5_000 });
    await arena.placeBet(B, { side: 'wala', stake: 5_000 });
    await arena.closeBetting();
    await Promise.all([arena.declare('wala'), arena.declare('wala'), arena.declare('wala')]);
    await arena.declare('wala');
    // Wala: 10,000 × 0.95 / 5,000 = 190.00 → 9,500.
    expect(balancesOf(wallet).slice(0, 2)).toEqual([START - 5_000, START + 4_500]);
    const credits = creditsOf(wallet);
    expect(credits).toHaveLength(2);
    expect(new Set(credits).size).toBe(2);
    expect(await arena.declare('meron').catch((e: TableRefused) => e.code)).toBe('ALREADY_DECLARED');
    expect(creditsOf(wallet)).toHaveLength(2);
  });

  it('refuses what the rules do not allow, and takes nothing for it', async () => {
    const wallet = newWallet();
    const { arena } = arenaOn(wallet);
    await arena.recover();
    const code = (p: Promise<unknown>) => p.then(() => 'OK').catch((e: TableRefused) => e.code);
    expect(await code(arena.placeBet(A, { side: 'meron', stake: 1_000 }))).toBe('BETTING_CLOSED');
    expect(await code(arena.closeBetting())).toBe('NO_FIGHT');
    arena.openFight();
    expect(await code(Promise.resolve().then(() => arena.openFight()))).toBe('FIGHT_OPEN');
    expect(await code(arena.placeBet(A, { side: 'tie', stake: 1_000 }))).toBe('SIDE_INVALID');
    expect(await code(arena.placeBet(A, { side: 'meron', stake: 99 }))).toBe('BELOW_MINIMUM');
    expect(await code(arena.placeBet(A, { side: 'meron', stake: 50_001 }))).toBe('ABOVE_MAXIMUM');
    expect(await code(arena.placeBet(A, { side: 'draw', stake: 5_001 }))).toBe('ABOVE_MAXIMUM');
    expect(await code(arena.placeBet(A, { side: 'meron', stake: 10.5 }))).toBe('STAKE_INVALID');
    expect(await code(arena.placeBet(A, { side: 'meron', stake: START + 1 }))).toBe('ABOVE_MAXIMUM');
    expect(await code(arena.declare('meron'))).toBe('NOT_CLOSED');
    expect(await code(arena.placeBet({ ...A, token: 'tok-poor' }, { side: 'meron', stake: 1_000 }))).toBe('INSUFFICIENT_FUNDS');
    expect(balancesOf(wallet)).toEqual([START, START, START, START]);
    expect(arena.view().fight?.betCount).toBe(0);
  });

  it('after a kill between the debits and the settlement, the restart keeps the fight for the operator and pays it once', async () => {
    const wallet = newWallet();
    const first = arenaOn(wallet);
    await first.arena.recover();
    first.arena.openFight();
    await first.arena.placeBet(A, { side: 'meron', stake: 6_000 });
    await first.arena.placeBet(B, { side: 'wala', stake: 4_000 });
    await first.arena.closeBetting();
    first.kill();

    const second = arenaOn(wallet);
    expect(await second.arena.recover()).toEqual({ fights: 1, bets: 2 });
    expect(second.arena.view().fight).toMatchObject({ fight: 1, phase: 'closed', pools: { meron: 6_000, wala: 4_000, draw: 0 } });
    await second.arena.declare('wala');
    // Wala: 10,000 × 0.95 / 4,000 × 100 = 237.50 → 9,500.
    expect(balancesOf(wallet).slice(0, 2)).toEqual([START - 6_000, START + 5_500]);
    second.kill();

    const third = arenaOn(wallet);
    await third.arena.recover();
    expect(third.arena.view().fight).toBeNull();
    expect(third.arena.view().history[0]).toMatchObject({ fight: 1, result: 'wala' });
    third.arena.openFight();
    expect(third.arena.view().fight?.fight).toBe(2);
    expect(creditsOf(wallet)).toHaveLength(2);
  });

  it('a kill mid-settlement: the restart pays the rest, and nobody is paid twice', async () => {
    const wallet = newWallet();
    let credits = 0;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Every credit after the first hangs: the process dies with one bet paid and the others on their way.
    const first = arenaOn(wallet, {
      before: async (call) => {
        if (call === 'credit' && ++credits >= 2) await held;
      },
    });
    await first.arena.recover();
    first.arena.openFight();
    await first.arena.placeBet(A, { side: 'meron', stake: 3_000 });
    await first.arena.placeBet(B, { side: 'meron', stake: 2_000 });
    await first.arena.placeBet(C, { side: 'wala', stake: 5_000 });
    await first.arena.closeBetting();
    const declared = first.arena.declare('meron').catch(() => undefined);
    const journalFile = join(dir, 'arena.jsonl');
    while (credits < 3 || !readFileSync(journalFile, 'utf8').includes('"t":"settled"'))
      await new Promise((resolve) => setImmediate(resolve));
    first.kill();
    release();
    await declared;
    const paidBefore = creditsOf(wallet);
    expect(paidBefore).toHaveLength(1);

    const second = arenaOn(wallet);
    await second.arena.recover();
    // Meron: 10,000 × 0.95 / 5,000 × 100 = 190.00: A 5,700, B 3,800; C loses.
    expect(balancesOf(wallet).slice(0, 3)).toEqual([START + 2_700, START + 1_800, START - 5_000]);
    const all = creditsOf(wallet);
    // The restart sent the two bets not journaled as settled, never the one already paid.
    expect(all).toHaveLength(3);
    expect(all.filter((id) => id === paidBefore[0])).toHaveLength(1);
    expect(second.arena.view().history[0]).toMatchObject({ fight: 1, result: 'meron', paid: 9_500 });
    second.kill();
    const third = arenaOn(wallet);
    await third.arena.recover();
    expect(creditsOf(wallet)).toHaveLength(3);
    expect(balancesOf(wallet).slice(0, 3)).toEqual([START + 2_700, START + 1_800, START - 5_000]);
  });

  it('a bet whose debit never had an answer is refunded at the restart and left out of the pools', async () => {
    const wallet = newWallet();
    let debits = 0;
    // The second debit reaches the platform, then the process dies before the answer comes back.
    const first = arenaOn(wallet, { loseAnswer: (call) => call === 'debit' && ++debits === 2 });
    await first.arena.recover();
    first.arena.openFight();
    await first.arena.placeBet(A, { side: 'meron', stake: 1_000 });
    void first.arena.placeBet(B, { side: 'wala', stake: 2_000 });
    while (debits < 2) await new Promise((resolve) => setImmediate(resolve));
    first.kill();

    const second = arenaOn(wallet);
    await second.arena.recover();
    expect(wallet.balances[B.token]).toBe(START);
    expect(creditsOf(wallet, 'rollback')).toHaveLength(1);
    expect(second.arena.view().fight).toMatchObject({ phase: 'betting', pools: { meron: 1_000, wala: 0, draw: 0 } });
    await second.arena.placeBet(B, { side: 'wala', stake: 2_000 });
    await second.arena.closeBetting();
    await second.arena.declare('wala');
    // Wala: 3,000 × 0.95 / 2,000 × 100 = 142.50 → 2,850.
    expect(wallet.balances[B.token]).toBe(START + 850);
    expect(wallet.balances[A.token]).toBe(START - 1_000);
  });

  it('the stream address and the settings are kept across a restart', async () => {
    const wallet = newWallet();
    const first = arenaOn(wallet);
    await first.arena.recover();
    first.arena.changeSettings({ streamUrl: 'https://video.example/arena-1', commissionBp: 800 });
    first.kill();
    const second = arenaOn(wallet);
    await second.arena.recover();
    expect(second.arena.view().settings).toMatchObject({
      streamUrl: 'https://video.example/arena-1',
      commissionBp: 800,
      mode: 'pari-mutuel',
    });
  });

  it('closes for good only with no fight under way, keeps its history, refuses fights and settings after, and a restart keeps it closed', async () => {
    const wallet = newWallet();
    const first = arenaOn(wallet);
    await first.arena.recover();
    const code = (f: () => unknown) => {
      try {
        f();
      } catch (err) {
        return (err as TableRefused<string>).code;
      }
      return 'none';
    };
    first.arena.openFight();
    await first.arena.placeBet(A, { side: 'meron', stake: 1_000 });
    await first.arena.placeBet(B, { side: 'wala', stake: 1_000 });
    // Taking bets, then closed for betting: refused, nothing written.
    expect(code(() => first.arena.retire())).toBe('ARENA_BUSY');
    await first.arena.closeBetting();
    expect(code(() => first.arena.retire())).toBe('ARENA_BUSY');
    expect(first.arena.isClosed()).toBe(false);
    await first.arena.declare('meron');
    const closed = first.arena.retire();
    expect(closed.closedAt).toEqual(expect.any(Number));
    expect(first.arena.retire().closedAt).toBe(closed.closedAt);
    expect(code(() => first.arena.openFight())).toBe('ARENA_CLOSED');
    expect(code(() => first.arena.changeSettings({ commissionBp: 300 }))).toBe('ARENA_CLOSED');
    expect(first.arena.fightRecord(1)).toMatchObject({ fight: 1, result: 'meron' });
    first.kill();

    const second = arenaOn(wallet);
    await second.arena.recover();
    expect(second.arena.isClosed()).toBe(true);
    expect(second.arena.view()).toMatchObject({ closedAt: closed.closedAt, history: [{ fight: 1, result: 'meron' }] });
    expect(code(() => second.arena.openFight())).toBe('ARENA_CLOSED');
  });

  it('the same result sent again after a restart answers the settled fight; another result for it is refused', async () => {
    const wallet = newWallet();
    const first = arenaOn(wallet);
    await first.arena.recover();
    first.arena.openFight();
    await first.arena.placeBet(A, { side: 'meron', stake: 6_000 });
    await first.arena.placeBet(B, { side: 'wala', stake: 4_000 });
    await first.arena.closeBetting();
    await first.arena.declare('wala', 1);
    first.kill();

    const second = arenaOn(wallet);
    await second.arena.recover();
    // After the restart the settled fight is history, not the current fight.
    expect(second.arena.view().fight).toBeNull();
    const again = await second.arena.declare('wala', 1);
    expect(again.history[0]).toMatchObject({ fight: 1, result: 'wala', phase: 'settled' });
    // Without the fight's number, the same result is taken as the last fight's.
    expect((await second.arena.declare('wala')).history[0]?.fight).toBe(1);
    const code = (p: Promise<unknown>) => p.then(() => 'OK').catch((e: TableRefused) => e.code);
    expect(await code(second.arena.declare('meron', 1))).toBe('ALREADY_DECLARED');
    expect(await code(second.arena.declare('meron'))).toBe('NO_FIGHT');
    expect(await code(second.arena.declare('wala', 7))).toBe('NO_FIGHT');
    // Wala: 10,000 × 0.95 / 4,000 × 100 = 237.50 → 9,500, paid once.
    expect(balancesOf(wallet).slice(0, 2)).toEqual([START - 6_000, START + 5_500]);
    expect(creditsOf(wallet)).toHaveLength(2);
    // A result for the next fight still needs the fight opened and closed.
    second.arena.openFight();
    expect(await code(second.arena.declare('meron', 2))).toBe('NOT_CLOSED');
  });

  it('coalesces pool updates for the watchers: a burst of bets is one push at the end of the quiet window, phase changes go out at once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const wallet = newWallet();
      const { arena } = arenaOn(wallet);
      await arena.recover();
      const pushes: CockfightEvent[] = [];
      arena.subscribe((event) => pushes.push(event));
      arena.openFight();
      expect(pushes.map((p) => p.arena.fight?.phase)).toEqual(['betting']);
      for (const [p, side, stake] of [
        [A, 'meron', 1_000],
        [B, 'wala', 2_000],
        [C, 'meron', 3_000],
        [D, 'draw', 400],
        [A, 'wala', 500],
      ] as const)
        await arena.placeBet(p, { side, stake });
      // Five bets inside the window opened by the fight's opening: nothing pushed yet.
      expect(pushes).toHaveLength(1);
      vi.advanceTimersByTime(250);
      // One push carrying every bet.
      expect(pushes).toHaveLength(2);
      expect(pushes[1]?.arena.fight).toMatchObject({ betCount: 5, pools: { meron: 4_000, wala: 2_500, draw: 400 } });
      // A quiet window with nothing new pushes nothing.
      vi.advanceTimersByTime(1_000);
      expect(pushes).toHaveLength(2);
      // The next bet after a quiet spell goes out at once.
      await arena.placeBet(B, { side: 'meron', stake: 1_000 });
      expect(pushes).toHaveLength(3);
      expect(pushes[2]?.arena.fight?.betCount).toBe(6);
      // A bet then the close inside one window: the close goes out at once with the bet in it, and
      // the window's end has nothing left to send.
      await arena.placeBet(C, { side: 'wala', stake: 1_000 });
      expect(pushes).toHaveLength(3);
      await arena.closeBetting();
      const afterClose = pushes.length;
      expect(pushes.at(-1)?.arena.fight).toMatchObject({ phase: 'closed', betCount: 7 });
      vi.advanceTimersByTime(250);
      expect(pushes).toHaveLength(afterClose);
      await arena.declare('meron');
      expect(pushes.at(-1)?.arena.fight).toMatchObject({ phase: 'settled', result: 'meron' });
      await arena.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
