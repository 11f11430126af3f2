import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JACKPOT_SEED, jackpotContribution, WHEEL_PAYTABLE, wheelPayout } from '@platform/games/house/jackpot-wheel';
import { replayRound } from '@platform/games/house/verify';
import { commitmentOf } from '@platform/games/rng';
import { afterEach, describe, expect, it } from 'vitest';
import { openJournal } from '../journal.ts';
import { type PlatformClient, PlatformUnreachable } from '../platform-client.ts';
import { fakeWallet } from '../wallet.test-support.ts';
import { createJackpotWheel, type JackpotEntry } from './jackpot-wheel.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function journalPath(): string {
  const dir = mkdtempSync(join(tmpdir(), 'jackpot-'));
  dirs.push(dir);
  return join(dir, 'jackpot.jsonl');
}
const player = (name: string) => ({ username: name, token: `tok-${name}`, currency: 'VND' });

function wheelOn(path: string, platform: PlatformClient, triggerBound?: number) {
  const journal = openJournal<JackpotEntry>(path);
  const wheel = createJackpotWheel({
    gameCode: 'jackpot-wheel',
    journal,
    platform,
    now: Date.now,
    log: () => undefined,
    ...(triggerBound ? { triggerBound } : {}),
  });
  return { wheel, journal };
}

/** Every credit and rollback the wallet saw, by transaction id: each must come at most once in effect. */
const creditsOf = (calls: { call: string; body: Record<string, unknown> }[]) =>
  calls.filter((c) => c.call === 'credit').map((c) => ({ id: c.body.transactionId as string, amount: c.body.amount as number }));

describe('the jackpot wheel', () => {
  it('adds each stake’s contribution to the pool, pays the wheel by the paytable and proves each spin from its seeds', async () => {
    const wallet = fakeWallet({ 'tok-ann': 10_000_000 });
    // A bound no stake reaches in these spins' draws would still be random; the stated one keeps jackpots rare.
    const { wheel } = wheelOn(journalPath(), wallet.client);
    await wheel.recover();
    const before = wheel.snapshot(player('ann'));
    expect(before.pool).toBe(JACKPOT_SEED);
    let staked = 0;
    let paid = 0;
    for (const stake of [1_000, 2_500, 10_000, 99_999]) {
      const commitment = wheel.snapshot(player('ann')).nextCommitment;
      const { spin, nextCommitment } = await wheel.spin(player('ann'), { stake, clientSeed: `mine-${stake}` });
      staked += stake;
      expect(spin.commitment).toBe(commitment);
      expect(commitmentOf(spin.serverSeed)).toBe(commitment);
      expect(nextCommitment).not.toBe(commitment);
      const replay = replayRound({
        game: 'jackpot-wheel',
        serverSeed: spin.serverSeed,
        clientSeed: spin.clientSeed,
        nonce: spin.nonce,
        stake,
        commitment,
      });
      expect(replay.commitmentMatches).toBe(true);
      expect(replay.outcome).toMatchObject({ segment: spin.segment, isJackpot: spin.jackpot > 0 });
      expect(spin.wheelWin).toBe(wheelPayout(stake, WHEEL_PAYTABLE[spin.segment] as number));
      expect(spin.contribution).toBe(jackpotContribution(stake));
      paid += spin.wheelWin + spin.jackpot;
    }
    const [books] = wheel.books();
    expect(books?.contributed).toBe([1_000, 2_500, 10_000, 99_999].reduce((a, s) => a + jackpotContribution(s), 0));
    expect(books?.amount).toBe((books?.seeded ?? 0) + (books?.contributed ?? 0) - (books?.paid ?? 0));
    expect(wallet.balances['tok-ann']).toBe(10_000_000 - staked + paid);
    // Refusals take nothing.
    await expect(wheel.spin(player('ann'), { stake: 999, clientSeed: 'x' })).rejects.toMatchObject({ code: 'STAKE_INVALID' });
    await expect(wheel.spin(player('ann'), { stake: 1_000, clientSeed: '' })).rejects.toMatchObject({ code: 'CLIENT_SEED_INVALID' });
    await expect(wheel.spin(player('bob'), { stake: 1_000, clientSeed: 'x' })).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect(wheel.books()[0]?.contributed).toBe(books?.contributed);
  });

  it('pays each pool once under concurrent stakes: every win takes the pool as it stands and the books reconcile', async () => {
    const names = Array.from({ length: 12 }, (_, i) => `p${i}`);
    const wallet = fakeWallet(Object.fromEntries(names.map((n) => [`tok-${n}`, 1_000_000])));
    // A draw bound of 2,000 makes a 1,000 stake win half the time: several winners race in one burst.
    const path = journalPath();
    const { wheel, journal } = wheelOn(path, wallet.client, 2_000);
    await wheel.recover();
    const spins = await Promise.all(names.map((n) => wheel.spin(player(n), { stake: 1_000, clientSeed: `seed-${n}` })));
    const winners = spins.filter((s) => s.spin.jackpot > 0);
    expect(winners.length).toBeGreaterThan(0);
    const [books] = wheel.books();
    if (!books) throw new Error('no pool');
    // Contributions reconcile with the pool: amount = seeded + contributed − paid.
    expect(books.contributed).toBe(names.length * jackpotContribution(1_000));
    expect(books.paid).toBe(winners.reduce((a, s) => a + s.spin.jackpot, 0));
    expect(books.seeded).toBe(JACKPOT_SEED * (1 + winners.length));
    expect(books.amount).toBe(books.seeded + books.contributed - books.paid);
    // No two winners took the same pool: the jackpots paid add up to the seeds plus the contributions before each win.
    expect(books.paid).toBeLessThanOrEqual(JACKPOT_SEED * winners.length + books.contributed);
    // Every spin's credit went once, with the wheel's win plus its jackpot.
    const credits = creditsOf(wallet.calls);
    expect(new Set(credits.map((c) => c.id)).size).toBe(credits.length);
    for (const s of spins) {
      const credit = credits.find((c) => c.id === `${s.spin.betId}-win`);
      expect(credit?.amount).toBe(s.spin.wheelWin + s.spin.jackpot);
    }
    const money = Object.values(wallet.balances).reduce((a, b) => a + b, 0);
    expect(money).toBe(names.length * 1_000_000 - names.length * 1_000 + spins.reduce((a, s) => a + s.spin.wheelWin + s.spin.jackpot, 0));
    journal.close();

    // A restart replays the same books and pays nothing again.
    const callsBefore = wallet.calls.length;
    const again = wheelOn(path, wallet.client, 2_000);
    expect((await again.wheel.recover()).spins).toBe(0);
    expect(again.wheel.books()).toEqual(wheel.books());
    expect(wallet.calls.length).toBe(callsBefore);
    again.journal.close();
  });

  it('after a kill, credits an accepted spin once (contribution included) and refunds a spin whose debit had no answer', async () => {
    const wallet = fakeWallet({ 'tok-ann': 100_000, 'tok-bob': 100_000 });
    const path = journalPath();
    // The platform takes debits but is unreachable for credits: ann's spin is debited, not paid.
    const creditsDown: PlatformClient = {
      call: (call, body) => (call === 'credit' ? Promise.reject(new PlatformUnreachable('down')) : wallet.client.call(call, body)),
      callRaw: wallet.client.callRaw,
    };
    const first = wheelOn(path, creditsDown, 2_000);
    await first.wheel.recover();
    const ann = await first.wheel.spin(player('ann'), { stake: 1_000, clientSeed: 'a' });
    expect(wallet.balances['tok-ann']).toBe(99_000);
    // Bob's spin is journaled but its debit never left (the process died first).
    first.journal.append({
      t: 'spin',
      betId: 'jw-lost',
      nonce: 99,
      username: 'bob',
      token: 'tok-bob',
      currency: 'VND',
      stake: 1_000,
      seed: 's',
      clientSeed: 'b',
      at: Date.now(),
    });
    first.journal.close();

    for (let restart = 0; restart < 2; restart++) {
      const next = wheelOn(path, wallet.client, 2_000);
      await next.wheel.recover();
      const [books] = next.wheel.books();
      expect(books?.contributed).toBe(jackpotContribution(1_000));
      expect(books?.amount).toBe((books?.seeded ?? 0) + (books?.contributed ?? 0) - (books?.paid ?? 0));
      next.journal.close();
    }
    expect(wallet.balances['tok-ann']).toBe(99_000 + ann.spin.wheelWin + ann.spin.jackpot);
    expect(wallet.balances['tok-bob']).toBe(100_000);
    expect(creditsOf(wallet.calls).filter((c) => c.id === `${ann.spin.betId}-win`).length).toBeGreaterThanOrEqual(1);
    expect(wallet.calls.filter((c) => c.call === 'rollback' && c.body.referenceTransactionId === 'jw-lost-bet')).toHaveLength(1);
  });
});
