import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSeedChain, crashPointOf, payoutOf, timeToReach } from '@platform/games/crash/crash';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openJournal } from '../journal.ts';
import { type PlatformClient, PlatformUnreachable } from '../platform-client.ts';
import { createRoundRunner } from '../round-runner.ts';
import { fakeWallet, waitUntil } from '../wallet.test-support.ts';
import { type CrashEntry, CrashRefused, createCrashTable } from './crash-table.ts';

const SALT = 'unit-test-salt';
const RATE = 0.004; // 2.00× after 173 ms

/** A root whose first round crashes between `min` and `max` hundredths. */
function rootWithFirstCrash(min: number, max: number): string {
  for (let i = 0; ; i++) {
    const root = `root-${i}`;
    const c = crashPointOf(buildSeedChain(root, 20)[1] as string, SALT);
    if (c >= min && c <= max) return root;
  }
}

const A = { username: 'alice01', token: 'tok-a', currency: 'VND' };
const B = { username: 'bobby02', token: 'tok-b', currency: 'VND' };
const C = { username: 'carol03', token: 'tok-c', currency: 'VND' };

describe('crash table', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'crash-table-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  function table(wallet: ReturnType<typeof fakeWallet>, root: string, bettingMs = 60_000) {
    const journal = openJournal<CrashEntry>(join(dir, 'crash.jsonl'));
    // `kill()` stands for the process dying: no call of this table reaches the wallet any more.
    let isDead = false;
    const platform: PlatformClient = {
      call: (call, body) => (isDead ? Promise.reject(new PlatformUnreachable('the process is gone')) : wallet.client.call(call, body)),
      callRaw: wallet.client.callRaw,
    };
    const kill = () => {
      isDead = true;
      journal.close();
    };
    const crash = createCrashTable({
      tableId: 'main',
      journal,
      platform,
      now: Date.now,
      bettingMs,
      pauseMs: 60_000,
      ratePerMs: RATE,
      chainLength: 20,
      rootSeed: root,
      salt: SALT,
    });
    const runner = createRoundRunner(crash.game, { now: Date.now, onError: () => undefined });
    return { crash, runner, journal, kill };
  }

  it('plays a round: refusals, a manual and an automatic cash-out, the crash settles the rest with a zero credit', async () => {
    const root = rootWithFirstCrash(300, 500);
    const wallet = fakeWallet({ 'tok-a': 10_000, 'tok-b': 10_000, 'tok-c': 10_000 });
    const { crash, runner, journal } = table(wallet, root, 300);
    await crash.recover();
    runner.start();
    await waitUntil(() => crash.snapshot().phase === 'betting', 'betting opens');
    await expect(crash.placeBet(A, { stake: 0, target: null })).rejects.toEqual(new CrashRefused('STAKE_INVALID'));
    await expect(crash.placeBet(A, { stake: 100, target: 100 })).rejects.toEqual(new CrashRefused('TARGET_INVALID'));
    await expect(crash.placeBet(A, { stake: 20_000, target: null })).rejects.toEqual(new CrashRefused('INSUFFICIENT_FUNDS'));
    await crash.placeBet(A, { stake: 1_000, target: null });
    await expect(crash.placeBet(A, { stake: 1_000, target: null })).rejects.toEqual(new CrashRefused('ALREADY_BET'));
    await crash.placeBet(B, { stake: 777, target: 200 });
    await crash.placeBet(C, { stake: 500, target: 50_000 });
    await expect(crash.cashOut(A)).rejects.toEqual(new CrashRefused('BETTING_CLOSED'));
    await waitUntil(() => crash.snapshot().phase === 'running', 'the round starts');
    await expect(crash.placeBet({ ...A, username: 'late' }, { stake: 1, target: null })).rejects.toEqual(
      new CrashRefused('BETTING_CLOSED'),
    );
    const startedAt = crash.snapshot().startedAt as number;
    await waitUntil(() => Date.now() - startedAt > timeToReach(130, RATE), 'the multiplier passes 1.30×');
    const manual = await crash.cashOut(A);
    const k = manual.cashout?.k as number;
    expect(k).toBeGreaterThanOrEqual(130);
    expect(k).toBeLessThan(200);
    await expect(crash.cashOut(A)).rejects.toEqual(new CrashRefused('ALREADY_CASHED_OUT'));
    await waitUntil(() => crash.history().length === 1, 'the round settles');
    await runner.stop();
    const [round] = crash.history();
    expect(round?.end).toBe('crash');
    expect(round?.crashPoint).toBe(crashPointOf(buildSeedChain(root, 20)[1] as string, SALT));
    // A: stake × k floored; B: exactly 2.00 × 777; C: lost.
    expect(wallet.balances['tok-a']).toBe(10_000 - 1_000 + payoutOf(1_000, k));
    expect(wallet.balances['tok-b']).toBe(10_000 - 777 + 1_554);
    expect(wallet.balances['tok-c']).toBe(9_500);
    expect(wallet.held.size).toBe(0);
    const zero = wallet.calls.filter((c) => c.call === 'credit' && c.body.amount === 0);
    expect(zero.map((c) => c.body.token)).toEqual(['tok-c']);
    journal.close();
    // Every accepted bet was settled once, and the journal says how.
    const reread = openJournal<CrashEntry>(join(dir, 'crash.jsonl'));
    const settled = reread.entries.flatMap((e) => (e.t === 'settled' ? [e.how] : []));
    expect(settled.sort()).toEqual(['lost', 'paid', 'paid']);
    reread.close();
  });

  it('a round cut off mid-flight is recovered from the journal: cash-outs paid, the rest refunded, exactly once', async () => {
    const root = rootWithFirstCrash(5_000, 100_000_000);
    const wallet = fakeWallet({ 'tok-a': 10_000, 'tok-b': 10_000, 'tok-c': 10_000 });
    const first = table(wallet, root, 200);
    await first.crash.recover();
    first.runner.start();
    await waitUntil(() => first.crash.snapshot().phase === 'betting', 'betting opens');
    await first.crash.placeBet(A, { stake: 1_000, target: null });
    await first.crash.placeBet(B, { stake: 1_000, target: 150 });
    await first.crash.placeBet(C, { stake: 1_000, target: null });
    await waitUntil(() => first.crash.snapshot().bets.some((b) => b.cashout?.k === 150), 'the auto cash-out at 1.50×');
    const manual = await first.crash.cashOut(A);
    // The process "dies": from here on only the journal on disk counts (the next table reads it
    // afresh; the child-process test in the server kills a real process with SIGKILL).
    first.kill();
    const before = { ...wallet.balances };
    expect(before['tok-c']).toBe(9_000);

    const second = table(wallet, root, 60_000);
    const recovered = await second.crash.recover();
    expect(recovered).toEqual({ rounds: 1, bets: 3 });
    expect(wallet.balances['tok-a']).toBe(9_000 + payoutOf(1_000, manual.cashout?.k as number));
    expect(wallet.balances['tok-b']).toBe(10_500);
    expect(wallet.balances['tok-c']).toBe(10_000);
    expect(second.crash.history()[0]?.end).toBe('void');
    second.journal.close();

    // A third start finds nothing left to do, and moves nothing.
    const callsBefore = wallet.calls.length;
    const third = table(wallet, root, 60_000);
    expect(await third.crash.recover()).toEqual({ rounds: 0, bets: 0 });
    expect(wallet.calls.length).toBe(callsBefore);
    expect(third.crash.history()[0]?.round).toBe(1);
    // Numbering goes on after the recovered round.
    third.runner.start();
    await waitUntil(() => third.crash.snapshot().round === 2, 'the next round opens');
    await third.runner.stop();
    third.journal.close();
  });
});
