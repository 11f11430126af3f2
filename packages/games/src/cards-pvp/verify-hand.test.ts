import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { commitmentOf } from '../rng.ts';
import { replayCardHand } from './verify-hand.ts';

// The deal written out from docs/games.md ("Provably fair" and "Card rooms"), not from the engine:
// the HMAC stream of (serverSeed, clientSeed, hand), 32-bit big-endian words, rejection sampling,
// a 52-card deck in its fixed order (card = suit × 13 + rank − 1; suits C D H S; ace low), a
// Fisher–Yates run from the end, dealt seat after seat in ascending order.
function documentedDeal(serverSeed: string, clientSeed: string, nonce: number, count: number): string[] {
  let block = 0;
  let bytes = Buffer.alloc(0);
  let at = 0;
  const word = () => {
    if (at + 4 > bytes.length) {
      bytes = createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}:${block}`).digest();
      block += 1;
      at = 0;
    }
    const w = bytes.readUInt32BE(at);
    at += 4;
    return w;
  };
  const below = (n: number) => {
    const limit = 2 ** 32 - (2 ** 32 % n);
    for (;;) {
      const w = word();
      if (w < limit) return w % n;
    }
  };
  const deck = Array.from({ length: 52 }, (_, i) => i);
  const dealt: string[] = [];
  for (let k = 1; k <= count; k++) {
    const i = 52 - k;
    const j = below(i + 1);
    [deck[i], deck[j]] = [deck[j] as number, deck[i] as number];
    const card = deck[i] as number;
    dealt.push(`${'A23456789TJQK'[card % 13]}${'CDHS'[Math.floor(card / 13)]}`);
  }
  return dealt;
}

const SEED = 'a3f1c0de9b8e7d6c5b4a39281706f5e4d3c2b1a0918f7e6d5c4b3a2918070605';

describe('a card hand replayed from its seeds', () => {
  it('tiến lên: four seats get the documented deal, 13 cards each in seat order, the whole deck', () => {
    const replay = replayCardHand({ game: 'tien-len', serverSeed: SEED, clientSeed: 'tien-len:tl-1k:7', hand: 7, seats: [3, 0, 2, 1] });
    const deal = documentedDeal(SEED, 'tien-len:tl-1k:7', 7, 52);
    expect(replay.hands.map((h) => h.seat)).toEqual([0, 1, 2, 3]);
    for (const [n, hand] of replay.hands.entries()) expect([...hand.cards].sort()).toEqual(deal.slice(13 * n, 13 * n + 13).sort());
    expect(new Set(replay.hands.flatMap((h) => h.cards)).size).toBe(52);
    expect(replay.commitmentMatches).toBeNull();
  });

  it('tiến lên with two players: the seats dealt in get the first 26 cards', () => {
    const replay = replayCardHand({ game: 'tien-len', serverSeed: SEED, clientSeed: 'tien-len:tl-10k:2', hand: 2, seats: [1, 3] });
    const deal = documentedDeal(SEED, 'tien-len:tl-10k:2', 2, 26);
    expect(replay.hands.map((h) => h.seat)).toEqual([1, 3]);
    expect([...(replay.hands[0]?.cards ?? [])].sort()).toEqual(deal.slice(0, 13).sort());
    expect([...(replay.hands[1]?.cards ?? [])].sort()).toEqual(deal.slice(13).sort());
  });

  it('bài cào: three cards a seat in the order dealt, scored by the rules, the best score wins', () => {
    const replay = replayCardHand({ game: 'bai-cao', serverSeed: SEED, clientSeed: 'bai-cao:bc-1k:1', hand: 1, seats: [0, 1, 2, 4] });
    const deal = documentedDeal(SEED, 'bai-cao:bc-1k:1', 1, 12);
    expect(replay.hands.map((h) => h.cards)).toEqual([deal.slice(0, 3), deal.slice(3, 6), deal.slice(6, 9), deal.slice(9, 12)]);
    // A 1, 2..9 their number, 10 J Q K 10; points mod 10; three faces (ba cào) score above 9.
    const value = (name: string) => ({ A: 1, T: 0, J: 0, Q: 0, K: 0 })[name[0] as 'A'] ?? Number(name[0]);
    for (const hand of replay.hands) {
      const score = hand.cards.every((c) => 'JQK'.includes(c[0] as string)) ? 10 : hand.cards.reduce((s, c) => s + value(c), 0) % 10;
      expect(hand.score).toBe(score);
    }
    const best = Math.max(...replay.hands.map((h) => h.score as number));
    expect(replay.winners).toEqual(replay.hands.filter((h) => h.score === best).map((h) => h.seat));
  });

  it('mậu binh: thirteen cards a seat in the order dealt, seat after seat', () => {
    const replay = replayCardHand({ game: 'mau-binh', serverSeed: SEED, clientSeed: 'mau-binh:mb-1k:4', hand: 4, seats: [2, 0, 1, 3] });
    const deal = documentedDeal(SEED, 'mau-binh:mb-1k:4', 4, 52);
    expect(replay.hands.map((h) => h.seat)).toEqual([0, 1, 2, 3]);
    expect(replay.hands.map((h) => h.cards)).toEqual([deal.slice(0, 13), deal.slice(13, 26), deal.slice(26, 39), deal.slice(39)]);
    expect(() => replayCardHand({ game: 'mau-binh', serverSeed: SEED, clientSeed: 'x', hand: 1, seats: [0, 4] })).toThrow();
  });

  it('checks the server seed against the commitment published before the hand', () => {
    const inputs = { game: 'bai-cao', serverSeed: SEED, clientSeed: 'bai-cao:bc-1k:1', hand: 1, seats: [0, 1] } as const;
    expect(replayCardHand({ ...inputs, commitment: commitmentOf(SEED) }).commitmentMatches).toBe(true);
    expect(replayCardHand({ ...inputs, commitment: commitmentOf(`${SEED.slice(1)}0`) }).commitmentMatches).toBe(false);
  });
});
