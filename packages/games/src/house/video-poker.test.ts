import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { roundRandom, simulationRandom } from '../random-source.ts';
import { type Card, Shoe } from './cards.ts';
import { expectWithinTolerance, SIMULATION_TIMEOUT_MS, simulate } from './simulate.test-support.ts';
import {
  dealVideoPoker,
  drawVideoPoker,
  evaluateHand,
  JACKS_OR_BETTER_9_6,
  resolveVideoPoker,
  VIDEO_POKER_HANDS,
  videoPokerMultiplier,
} from './video-poker.ts';
import { buildVideoPokerTables, holdValues, optimalHold, type VideoPokerTables, videoPokerReturn } from './video-poker-analysis.ts';

const card = (name: string): Card => {
  const rank = 'A23456789TJQK'.indexOf(name[0]!);
  const suit = 'CDHS'.indexOf(name[1]!);
  return suit * 13 + rank;
};
const hand = (names: string) => names.split(' ').map(card);
const name = (category: number) => VIDEO_POKER_HANDS[category];

describe('Jacks or Better 9/6', () => {
  let tables: VideoPokerTables;
  beforeAll(() => {
    tables = buildVideoPokerTables();
  }, SIMULATION_TIMEOUT_MS);

  it('evaluates hands', () => {
    expect(name(evaluateHand(hand('AS KS QS JS TS')))).toBe('ROYAL_FLUSH');
    expect(name(evaluateHand(hand('AS 2S 3S 4S 5S')))).toBe('STRAIGHT_FLUSH');
    expect(name(evaluateHand(hand('AS KD QS JS TS')))).toBe('STRAIGHT');
    expect(name(evaluateHand(hand('AS 2D 3S 4S 5S')))).toBe('STRAIGHT');
    expect(name(evaluateHand(hand('QS KD AS 2S 3S')))).toBe('NOTHING');
    expect(name(evaluateHand(hand('JS JD 3S 4S 9C')))).toBe('JACKS_OR_BETTER');
    expect(name(evaluateHand(hand('TS TD 3S 4S 9C')))).toBe('NOTHING');
    expect(name(evaluateHand(hand('TS TD 3S 3C 9C')))).toBe('TWO_PAIR');
    expect(name(evaluateHand(hand('TS TD TH 3C 3D')))).toBe('FULL_HOUSE');
    expect(name(evaluateHand(hand('TS TD TH TC 3D')))).toBe('FOUR_OF_A_KIND');
    expect(resolveVideoPoker(hand('TS TD TH 3C 3D'), 100)).toBe(900);
  });

  it('counts the 2,598,960 hands by category as combinatorics says', () => {
    // Nothing: 1,302,540 hands without a pair, straight or flush, and 760,320 pairs below jacks.
    expect(tables.handCounts).toEqual([1_302_540 + 760_320, 337_920, 123_552, 54_912, 10_200, 5108, 3744, 624, 36, 4]);
  });

  it('values a hold by enumeration of the draws (four to a royal: 872/47)', () => {
    // Hold A K Q J of spades, discard 2C: T♠ royal (800), 8 other spades flush (6), 3 tens straight
    // (4), 12 cards pairing A K Q J (1).
    const values = holdValues(tables, hand('AS KS QS JS 2C'));
    expect(values[0b01111]).toBeCloseTo(872 / 47, 12);
    // Checked against a direct enumeration of every draw for holds of two and three cards.
    const dealt = hand('JH 7C JD 3S 9S');
    const direct = (held: boolean[]) => {
      const deck = Array.from({ length: 52 }, (_, c) => c).filter((c) => !dealt.includes(c));
      const kept = dealt.filter((_, i) => held[i]);
      let sum = 0;
      let count = 0;
      const pick = (from: number, chosen: number[]) => {
        if (kept.length + chosen.length === 5) {
          sum += JACKS_OR_BETTER_9_6[evaluateHand([...kept, ...chosen])]!;
          count++;
          return;
        }
        for (let i = from; i < deck.length; i++) pick(i + 1, [...chosen, deck[i]!]);
      };
      pick(0, []);
      return sum / count;
    };
    const v = holdValues(tables, dealt);
    for (const mask of [0b00101, 0b00111, 0b11000, 0b10101]) {
      expect(v[mask]).toBeCloseTo(direct([0, 1, 2, 3, 4].map((i) => (mask & (1 << i)) !== 0)), 12);
    }
    expect(optimalHold(tables, dealt).held).toEqual([true, false, true, false, false]);
  });

  it(
    'returns 99.5439% with optimal holds, by exact enumeration of every deal and hold',
    () => {
      expect(videoPokerReturn(tables) * 100).toBeCloseTo(99.5439, 4);
    },
    SIMULATION_TIMEOUT_MS,
  );

  it('deals ten distinct cards and draws the replacements in order for the discarded positions', () => {
    fc.assert(
      fc.property(fc.nat(), fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }), (nonce, held) => {
        const deal = dealVideoPoker(roundRandom('s', 'c', nonce));
        expect(new Set([...deal.hand, ...deal.replacements]).size).toBe(10);
        const final = drawVideoPoker(deal, held);
        const discarded = held.filter((h) => !h).length;
        expect(final.filter((c, i) => (held[i] ? c === deal.hand[i] : c !== deal.hand[i])).length).toBe(5);
        expect(final.filter((c) => deal.replacements.slice(0, discarded).includes(c))).toHaveLength(discarded);
        expect(resolveVideoPoker(final, 10)).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 200 },
    );
  });

  it(
    'matches the exact return over 1,000,000 simulated hands played with optimal holds',
    () => {
      const random = simulationRandom(19);
      const shoe = new Shoe(1, random);
      const totals = simulate(1_000_000, 1, (add) => {
        shoe.refill();
        const deal = dealVideoPoker(random, shoe);
        add(0, videoPokerMultiplier(drawVideoPoker(deal, optimalHold(tables, deal.hand).held)));
      });
      // The variance of the optimal game is 19.51 (published); the exact mean from the enumeration.
      const rtp = 0.995439;
      expectWithinTolerance(totals, 0, { rtp, variance: 19.514 });
    },
    SIMULATION_TIMEOUT_MS,
  );
});
