import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { identityTag } from '@platform/contracts/identity-tag';
import { baiCaoScore } from '@platform/games/cards-pvp/bai-cao';
import { autoArrange, dealMauBinh, isFouled, settleMauBinh } from '@platform/games/cards-pvp/mau-binh';
import { dealTienLen } from '@platform/games/cards-pvp/tien-len';
import { roundRandom } from '@platform/games/random-source';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openJournal } from '../journal.ts';
import { type PlatformClient, PlatformUnreachable } from '../platform-client.ts';
import { TableRefused } from '../table-wallet.ts';
import { fakeWallet, waitUntil } from '../wallet.test-support.ts';
import { type CardRoomConfig, type CardRoomEntry, createCardRoom } from './card-room.ts';

const SECRET = 'room-test-secret';
const seedOf = (hand: number) => `card-seed-${hand}`.padEnd(64, '0');
const players = ['anna01', 'binh02', 'cuong03', 'dung04'].map((u) => ({ username: u, token: `tok-${u}`, currency: 'VND' }));
const TL: CardRoomConfig = { roomId: 'tl-test', game: 'tien-len', stake: 1_000, minBalance: 5_000, seats: 4, rakeBps: 500 };
const BC: CardRoomConfig = { roomId: 'bc-test', game: 'bai-cao', stake: 1_000, minBalance: 5_000, seats: 6, rakeBps: 500 };
const MB: CardRoomConfig = { roomId: 'mb-test', game: 'mau-binh', stake: 1_000, minBalance: 20_000, seats: 4, rakeBps: 500 };

describe('card room', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'card-room-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  function room(
    wallet: ReturnType<typeof fakeWallet>,
    config: CardRoomConfig,
    timings: { turnMs?: number; awayTurnMs?: number; arrangeMs?: number } = {},
  ) {
    const journal = openJournal<CardRoomEntry>(join(dir, `${config.roomId}.jsonl`));
    let isDead = false;
    const platform: PlatformClient = {
      call: (call, body) => (isDead ? Promise.reject(new PlatformUnreachable('gone')) : wallet.client.call(call, body)),
      callRaw: wallet.client.callRaw,
    };
    const r = createCardRoom({
      config,
      journal,
      platform,
      secret: SECRET,
      now: Date.now,
      turnMs: timings.turnMs ?? 60_000,
      awayTurnMs: timings.awayTurnMs ?? 60_000,
      arrangeMs: timings.arrangeMs ?? 60_000,
      startDelayMs: 20,
      showdownMs: 10,
      serverSeed: seedOf,
    });
    return {
      r,
      kill: () => {
        isDead = true;
        journal.close();
      },
    };
  }

  const balancesOf = (n: number) => Object.fromEntries(players.slice(0, n).map((p) => [p.token, 50_000]));

  it('seats four, deals from the committed seed, plays a hand to the end and pays the pot less the rake', { timeout: 20_000 }, async () => {
    const wallet = fakeWallet(balancesOf(4));
    const { r } = room(wallet, TL);
    await r.recover();
    r.start();
    const unwatch = players.map((p) => r.watch(p.username, () => undefined));
    for (const p of players) await r.join(p);
    // Each player sees only his own cards.
    await waitUntil(() => r.snapshot(players[0]?.username).hand?.phase === 'playing', 'the deal');
    const deal = dealTienLen(roundRandom(seedOf(1), 'tien-len:tl-test:1', 1), [0, 1, 2, 3]);
    for (const [seat, p] of players.entries()) {
      const s = r.snapshot(p.username);
      expect(s.seats[seat]?.cardIds).toEqual(deal[seat]);
      for (const other of [0, 1, 2, 3].filter((o) => o !== seat)) expect(s.seats[other]?.cards).toBeNull();
    }
    // Every ante was debited once: 4 × 1 000.
    expect(wallet.calls.filter((c) => c.call === 'debit')).toHaveLength(4);
    // The test drives the hand: the leader plays his lowest card, the others pass, until one is out.
    await expect(r.act('nobody', null)).rejects.toThrow('NOT_SEATED');
    for (let moves = 0; moves < 200 && r.snapshot().hand; moves++) {
      const h = r.snapshot().hand;
      if (!h || h.turn === null) break;
      const p = players[h.turn] as (typeof players)[number];
      const mine = r.snapshot(p.username).seats[h.turn]?.cardIds as number[];
      if (h.table) {
        const other = players[(h.turn + 1) % 4] as (typeof players)[number];
        await expect(r.act(other.username, null)).rejects.toThrow('NOT_YOUR_TURN');
        await r.act(p.username, null);
      } else {
        await expect(r.act(p.username, null)).rejects.toThrow('CANNOT_PASS_LEAD');
        await r.act(p.username, [mine[0]]);
      }
    }
    await waitUntil(() => r.history().length === 1, 'the hand is settled');
    const item = r.history()[0];
    expect(item?.end).toBe('played');
    expect(item?.winners).toHaveLength(1);
    const winner = item?.winners[0] as number;
    // Pot 4 000, rake 5% = 200, the winner gets 3 800: +2 800 on his 50 000; the others −1 000.
    expect(item?.pot).toBe(4_000);
    expect(item?.rake).toBe(200);
    for (const [seat, p] of players.entries()) expect(wallet.balances[p.token]).toBe(seat === winner ? 52_800 : 49_000);
    const credits = wallet.calls.filter((c) => c.call === 'credit');
    expect(credits).toHaveLength(4);
    const outcome = credits[0]?.body.outcome as { hands: { cards: string[] }[]; summary: string };
    expect(outcome.hands).toHaveLength(4);
    expect(outcome.hands[0]?.cards).toHaveLength(13);
    expect(outcome.summary).toContain('rake 200');
    // The winner of a hand leads the next one.
    await waitUntil(() => r.snapshot().hand?.no === 2 && r.snapshot().hand?.phase === 'playing', 'the next hand');
    expect(r.snapshot().hand?.turn).toBe(winner);
    for (const u of unwatch) u();
    await r.stop();
  });

  it('refuses a full room, a low balance and two accounts of one identity cluster; rejoins the same seat', async () => {
    const wallet = fakeWallet({ ...balancesOf(4), 'tok-poor': 100, 'tok-twin': 50_000, 'tok-e': 50_000 });
    const { r } = room(wallet, { ...TL, roomId: 'tl-rules' });
    await r.recover();
    await expect(r.join({ username: 'poor01', token: 'tok-poor', currency: 'VND' })).rejects.toThrow('BALANCE_TOO_LOW');
    const first = await r.join({ ...(players[0] as (typeof players)[number]), links: [identityTag(SECRET, 'twin09')] });
    // The platform linked anna01 and twin09 (device, IP, bank account or payee): not at one table.
    await expect(r.join({ username: 'twin09', token: 'tok-twin', currency: 'VND' })).rejects.toThrow('IDENTITY_CONFLICT');
    await expect(
      r.join({ username: 'twin09', token: 'tok-twin', currency: 'VND', links: [identityTag(SECRET, 'somebody')] }),
    ).rejects.toThrow('IDENTITY_CONFLICT');
    expect((await r.join({ ...(players[0] as (typeof players)[number]), token: 'tok-anna01' })).seat).toBe(first.seat);
    for (const p of players.slice(1)) await r.join(p);
    await expect(r.join({ username: 'eve05', token: 'tok-e', currency: 'VND' })).rejects.toThrow('ROOM_FULL');
    expect(r.summary().players).toBe(4);
    await r.leave('binh02');
    expect(r.summary().players).toBe(3);
    await r.stop();
  });

  it('auto-plays a player whose timer runs out, and one who closed the page, who can come back to his seat', async () => {
    const wallet = fakeWallet(balancesOf(2));
    const { r } = room(wallet, { ...TL, roomId: 'tl-auto' }, { turnMs: 150, awayTurnMs: 30 });
    await r.recover();
    r.start();
    const [a, b] = players as [(typeof players)[number], (typeof players)[number]];
    const unwatchA = r.watch(a.username, () => undefined);
    let unwatchB = r.watch(b.username, () => undefined);
    await r.join(a);
    await r.join(b);
    await waitUntil(() => r.snapshot().hand?.phase === 'playing', 'the deal');
    const firstTurn = r.snapshot().hand?.turn as number;
    await waitUntil(() => (r.snapshot().hand?.plays.length ?? 0) >= 1, 'an automatic play');
    const auto = r.snapshot().hand?.plays[0];
    expect(auto?.seat).toBe(firstTurn);
    expect(auto?.auto).toBe(true);
    expect(auto?.cards).toHaveLength(1);
    // b closes the page: his turns are played for him at the away timer; he rejoins the same seat.
    unwatchB();
    const bSeat = r.snapshot(b.username).mySeat;
    await waitUntil(() => (r.snapshot().hand?.plays ?? []).some((p) => p.seat === bSeat && p.auto), 'b is auto-played');
    unwatchB = r.watch(b.username, () => undefined);
    expect((await r.join(b)).seat).toBe(bSeat);
    expect(r.snapshot(b.username).seats[bSeat as number]?.isAway).toBe(false);
    unwatchA();
    unwatchB();
    await r.stop();
  });

  it('a hand cut off by a crash is void and every ante refunded once, after the restart', async () => {
    const wallet = fakeWallet(balancesOf(3));
    const first = room(wallet, { ...TL, roomId: 'tl-crash' });
    await first.r.recover();
    first.r.start();
    const watchers = players.slice(0, 3).map((p) => first.r.watch(p.username, () => undefined));
    for (const p of players.slice(0, 3)) await first.r.join(p);
    await waitUntil(() => first.r.snapshot().hand?.phase === 'playing', 'the deal');
    const h = first.r.snapshot().hand;
    const leader = players[h?.turn as number] as (typeof players)[number];
    await first.r.act(leader.username, [first.r.snapshot(leader.username).seats[h?.turn as number]?.cardIds?.[0]]);
    for (const p of players.slice(0, 3)) expect(wallet.balances[p.token]).toBe(49_000);
    first.kill();
    for (const u of watchers) u();
    for (let restart = 0; restart < 2; restart++) {
      const again = room(wallet, { ...TL, roomId: 'tl-crash' });
      await again.r.recover();
      for (const p of players.slice(0, 3)) expect(wallet.balances[p.token]).toBe(50_000);
      expect(again.r.history()[0]?.end).toBe('void');
      expect(again.r.unsettledBets()).toEqual([]);
      again.kill();
    }
    expect(wallet.calls.filter((c) => c.call === 'rollback')).toHaveLength(3);
  });

  it('mậu binh: holds the most a player can lose, takes the rows, auto-arranges the away player and settles every pair', async () => {
    const wallet = fakeWallet(balancesOf(4));
    const { r } = room(wallet, MB, { awayTurnMs: 30 });
    await r.recover();
    r.start();
    // The fourth player never opens the page: he is away and auto-arranged.
    const unwatch = players.slice(0, 3).map((p) => r.watch(p.username, () => undefined));
    for (const p of players) await r.join(p);
    await waitUntil(() => r.snapshot().hand?.phase === 'arranging', 'the deal');
    // Each ante is 3 opponents × a sweep of 6 units × 1 000.
    for (const p of players) expect(wallet.balances[p.token]).toBe(32_000);
    const deal = dealMauBinh(roundRandom(seedOf(1), 'mau-binh:mb-test:1', 1), [0, 1, 2, 3]);
    const hand = (seat: number) => deal.get(seat) as number[];
    expect(r.snapshot(players[0]?.username).seats[0]?.cardIds).toEqual(hand(0));
    expect(r.snapshot(players[0]?.username).seats[1]?.cards).toBeNull();
    const [a, b, c] = players as [(typeof players)[number], (typeof players)[number], (typeof players)[number]];
    const mine = autoArrange(hand(0));
    await expect(r.arrange(a.username, { ...mine, front: hand(1).slice(0, 3) })).rejects.toThrow('CARDS_INVALID');
    await expect(r.arrange(a.username, { back: mine.back, middle: mine.middle })).rejects.toThrow('CARDS_INVALID');
    await r.arrange(a.username, mine);
    await expect(r.arrange(a.username, mine)).rejects.toThrow('ALREADY_ARRANGED');
    expect(r.snapshot(b.username).seats[0]?.rows).toBeNull();
    expect(r.snapshot(a.username).seats[0]?.rows?.back.ids).toEqual(mine.back);
    // The second player swaps his back and middle rows: taken as sent, fouled when the order breaks.
    const auto1 = autoArrange(hand(1));
    const swapped = { back: auto1.middle, middle: auto1.back, front: auto1.front };
    expect((await r.arrange(b.username, swapped)).fouled).toBe(isFouled(swapped));
    await r.arrange(c.username, autoArrange(hand(2)));
    await waitUntil(() => r.history().length === 1, 'the hand is settled');
    const item = r.history()[0];
    expect(item?.end).toBe('played');
    expect(item?.players.map((p) => p.auto)).toEqual([false, false, false, true]);
    expect(item?.players[1]?.fouled).toBe(isFouled(swapped));
    const played = new Map([
      [0, mine],
      [1, swapped],
      [2, autoArrange(hand(2))],
      [3, autoArrange(hand(3))],
    ]);
    const { net, pairs } = settleMauBinh(played);
    expect(item?.pairs).toEqual(pairs);
    let rake = 0;
    for (const [seat, p] of players.entries()) {
      const won = (net.get(seat) ?? 0) * 1_000;
      const cut = won > 0 ? Math.floor(won * 0.05) : 0;
      rake += cut;
      expect(item?.players[seat]?.units).toBe(net.get(seat));
      expect(wallet.balances[p.token]).toBe(50_000 + won - cut);
    }
    expect(item?.pot).toBe(72_000);
    expect(item?.rake).toBe(rake);
    const credits = wallet.calls.filter((x) => x.call === 'credit');
    expect(credits).toHaveLength(4);
    const outcome = credits[0]?.body.outcome as { hands: { cards: string[] }[]; summary: string };
    expect(outcome.hands.map((h) => h.cards.length)).toEqual([13, 13, 13, 13]);
    expect(outcome.summary).toContain(`rake ${rake}`);
    for (const u of unwatch) u();
    await r.stop();
  });

  it('mậu binh: a hand cut off in the arrange phase is void and every held ante refunded once', async () => {
    const wallet = fakeWallet(balancesOf(3));
    const first = room(wallet, { ...MB, roomId: 'mb-crash' });
    await first.r.recover();
    first.r.start();
    const watchers = players.slice(0, 3).map((p) => first.r.watch(p.username, () => undefined));
    for (const p of players.slice(0, 3)) await first.r.join(p);
    await waitUntil(() => first.r.snapshot().hand?.phase === 'arranging', 'the deal');
    const p0 = players[0] as (typeof players)[number];
    await first.r.arrange(p0.username, autoArrange(first.r.snapshot(p0.username).seats[0]?.cardIds as number[]));
    // Two opponents: 12 units held.
    for (const p of players.slice(0, 3)) expect(wallet.balances[p.token]).toBe(38_000);
    first.kill();
    for (const u of watchers) u();
    for (let restart = 0; restart < 2; restart++) {
      const again = room(wallet, { ...MB, roomId: 'mb-crash' });
      await again.r.recover();
      for (const p of players.slice(0, 3)) expect(wallet.balances[p.token]).toBe(50_000);
      expect(again.r.history()[0]?.end).toBe('void');
      again.kill();
    }
    expect(wallet.calls.filter((c) => c.call === 'rollback')).toHaveLength(3);
    expect(wallet.calls.filter((c) => c.call === 'credit')).toHaveLength(0);
  });

  it('mậu binh: the rows not sent when the timer ends are auto-arranged', async () => {
    const wallet = fakeWallet(balancesOf(2));
    const { r } = room(wallet, { ...MB, roomId: 'mb-timer' }, { arrangeMs: 150 });
    await r.recover();
    r.start();
    const unwatch = players.slice(0, 2).map((p) => r.watch(p.username, () => undefined));
    for (const p of players.slice(0, 2)) await r.join(p);
    await waitUntil(() => r.history().length === 1, 'the hand is settled');
    const item = r.history()[0];
    expect(item?.players.map((p) => [p.auto, p.fouled])).toEqual([
      [true, false],
      [true, false],
    ]);
    expect((item?.players[0]?.units ?? 0) + (item?.players[1]?.units ?? 0)).toBe(0);
    // Two players: the ante is one sweep, 6 000.
    expect(item?.pot).toBe(12_000);
    for (const u of unwatch) u();
    await r.stop();
  });

  it('bài cào: three cards each, the best score takes the pot less the rake, ties share', async () => {
    const wallet = fakeWallet(balancesOf(3));
    const { r } = room(wallet, BC);
    await r.recover();
    r.start();
    const watchers = players.slice(0, 3).map((p) => r.watch(p.username, () => undefined));
    for (const p of players.slice(0, 3)) await r.join(p);
    await waitUntil(() => r.history().length >= 1, 'the showdown');
    const item = r.history()[0];
    const scores = item?.players.map((p) => ({ seat: p.seat, score: p.score })) ?? [];
    const best = Math.max(...scores.map((s) => s.score));
    const winners = scores.filter((s) => s.score === best).map((s) => s.seat);
    expect(item?.winners).toEqual(winners);
    const hands = item?.players.map((p) => p.cards) ?? [];
    for (const [i, p] of (item?.players ?? []).entries()) {
      expect(p.cards).toHaveLength(3);
      expect(baiCaoScore(hands[i]?.map(cardIndex) ?? [])).toBe(p.score);
    }
    // Pot 3 000, rake 150: 2 850 shared.
    expect(item?.rake).toBe(150);
    expect(item?.players.reduce((s, p) => s + p.payout, 0)).toBe(2_850);
    const total = players.slice(0, 3).reduce((s, p) => s + (wallet.balances[p.token] ?? 0), 0);
    expect(total).toBe(150_000 - 150);
    for (const w of watchers) w();
    await r.stop();
  });

  it('refuses unknown cards and moves out of turn without changing anything', async () => {
    const wallet = fakeWallet(balancesOf(2));
    const { r } = room(wallet, { ...TL, roomId: 'tl-bad' });
    await r.recover();
    r.start();
    const w = players.slice(0, 2).map((p) => r.watch(p.username, () => undefined));
    for (const p of players.slice(0, 2)) await r.join(p);
    await waitUntil(() => r.snapshot().hand?.phase === 'playing', 'the deal');
    const turn = r.snapshot().hand?.turn as number;
    const p = players[turn] as (typeof players)[number];
    await expect(r.act(p.username, ['x'])).rejects.toBeInstanceOf(TableRefused);
    await expect(r.act(p.username, [99])).rejects.toThrow('CARDS_INVALID');
    const notMine = [0, 1, 2].find((c) => !(r.snapshot(p.username).seats[turn]?.cardIds ?? []).includes(c)) as number;
    await expect(r.act(p.username, [notMine])).rejects.toThrow('NOT_YOUR_CARDS');
    expect(r.snapshot().hand?.plays).toEqual([]);
    for (const u of w) u();
    await r.stop();
  });
});

/** "AS" → 39 (cards.ts numbering). */
function cardIndex(name: string): number {
  return 'CDHS'.indexOf(name[1] as string) * 13 + 'A23456789TJQK'.indexOf(name[0] as string);
}
