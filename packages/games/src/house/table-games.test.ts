import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { roundRandom, simulationRandom } from '../random-source.ts';
import { Shoe } from './cards.ts';
import { DRAGON_TIGER_BETS, dealDragonTiger, dragonTigerMultiplier, resolveDragonTiger } from './dragon-tiger.ts';
import { dragonTigerReturn, rouletteReturn, sicBoReturn } from './exact.ts';
import { allRouletteBets, isValidRouletteBet, resolveRoulette, rouletteBets, rouletteMultiplier, spinRoulette } from './roulette.ts';
import { allSicBoBets, isValidSicBoBet, resolveSicBo, rollSicBo, type SicBoBet, sicBoMultiplier } from './sic-bo.ts';
import { expectWithinTolerance, SIMULATION_TIMEOUT_MS, simulate } from './simulate.test-support.ts';

const edge = (rtp: number) => (1 - rtp) * 100;

describe('dragon tiger (8 decks, half back on a tie)', () => {
  it('has the published edges: dragon/tiger 3.7349%, tie 32.7711%, suited tie 13.9759%', () => {
    expect(edge(dragonTigerReturn('DRAGON').rtp)).toBeCloseTo(3.7349, 4);
    expect(edge(dragonTigerReturn('TIGER').rtp)).toBeCloseTo(3.7349, 4);
    expect(edge(dragonTigerReturn('TIE').rtp)).toBeCloseTo(32.7711, 4);
    expect(edge(dragonTigerReturn('SUITED_TIE').rtp)).toBeCloseTo(13.9759, 4);
  });

  it('returns half the stake to dragon and tiger on a tie', () => {
    const tie = dealDragonTiger(() => 0, new Shoe(1, () => 0));
    expect(tie.winner).toBe('TIGER');
    expect(resolveDragonTiger({ dragon: 0, tiger: 13, winner: 'TIE' }, 'DRAGON', 1001)).toBe(500);
    expect(resolveDragonTiger({ dragon: 0, tiger: 13, winner: 'TIE' }, 'SUITED_TIE', 10)).toBe(0);
    expect(resolveDragonTiger({ dragon: 13, tiger: 13, winner: 'TIE' }, 'SUITED_TIE', 10)).toBe(510);
  });

  it(
    'matches the exact return over 1,000,000 simulated rounds',
    () => {
      const random = simulationRandom(7);
      const shoe = new Shoe(8, random);
      const totals = simulate(1_000_000, DRAGON_TIGER_BETS.length, (add) => {
        shoe.refill();
        const round = dealDragonTiger(random, shoe);
        DRAGON_TIGER_BETS.forEach((bet, i) => {
          add(i, dragonTigerMultiplier(round, bet));
        });
      });
      DRAGON_TIGER_BETS.forEach((bet, i) => {
        expectWithinTolerance(totals, i, dragonTigerReturn(bet));
      });
    },
    SIMULATION_TIMEOUT_MS,
  );
});

describe('sic bo', () => {
  const edgeOf = (bet: SicBoBet) => edge(sicBoReturn(bet).rtp);

  it('has the published edge of every bet', () => {
    for (const kind of ['BIG', 'SMALL', 'ODD', 'EVEN'] as const) expect(edgeOf({ kind })).toBeCloseTo(2.7778, 4);
    expect(edgeOf({ kind: 'ANY_TRIPLE' })).toBeCloseTo(13.8889, 4);
    expect(edgeOf({ kind: 'SPECIFIC_TRIPLE', face: 4 })).toBeCloseTo(16.2037, 4);
    expect(edgeOf({ kind: 'DOUBLE', face: 2 })).toBeCloseTo(18.5185, 4);
    expect(edgeOf({ kind: 'COMBINATION', faces: [1, 6] })).toBeCloseTo(16.6667, 4);
    expect(edgeOf({ kind: 'SINGLE', face: 5 })).toBeCloseTo(7.8704, 4);
    const totals: Record<number, number> = { 4: 15.2778, 5: 13.8889, 6: 16.6667, 7: 9.7222, 8: 12.5, 9: 18.9815, 10: 12.5 };
    for (const [t, e] of Object.entries(totals)) {
      expect(edgeOf({ kind: 'TOTAL', total: Number(t) })).toBeCloseTo(e, 4);
      expect(edgeOf({ kind: 'TOTAL', total: 21 - Number(t) })).toBeCloseTo(e, 4);
    }
    expect(allSicBoBets().every(isValidSicBoBet)).toBe(true);
    expect(isValidSicBoBet({ kind: 'TOTAL', total: 3 })).toBe(false);
    expect(isValidSicBoBet({ kind: 'COMBINATION', faces: [2, 2] })).toBe(false);
  });

  it('pays a single number by how many dice show it, and big loses on a triple', () => {
    expect(resolveSicBo({ dice: [5, 5, 2], total: 12, isTriple: false }, { kind: 'SINGLE', face: 5 }, 100)).toBe(300);
    expect(resolveSicBo({ dice: [5, 5, 5], total: 15, isTriple: true }, { kind: 'SINGLE', face: 5 }, 100)).toBe(400);
    expect(resolveSicBo({ dice: [5, 5, 5], total: 15, isTriple: true }, { kind: 'BIG' }, 100)).toBe(0);
    expect(() => resolveSicBo({ dice: [1, 2, 3], total: 6, isTriple: false }, { kind: 'DOUBLE', face: 7 }, 1)).toThrow(RangeError);
  });

  it(
    'matches the exact return of each kind of bet over 1,000,000 simulated rolls',
    () => {
      const random = simulationRandom(11);
      const bets: SicBoBet[] = [
        { kind: 'BIG' },
        { kind: 'EVEN' },
        { kind: 'TOTAL', total: 4 },
        { kind: 'TOTAL', total: 10 },
        { kind: 'ANY_TRIPLE' },
        { kind: 'SPECIFIC_TRIPLE', face: 6 },
        { kind: 'DOUBLE', face: 3 },
        { kind: 'COMBINATION', faces: [2, 5] },
        { kind: 'SINGLE', face: 1 },
      ];
      const totals = simulate(1_000_000, bets.length, (add) => {
        const roll = rollSicBo(random);
        for (let i = 0; i < bets.length; i++) add(i, sicBoMultiplier(roll, bets[i]!));
      });
      bets.forEach((bet, i) => {
        expectWithinTolerance(totals, i, sicBoReturn(bet));
      });
    },
    SIMULATION_TIMEOUT_MS,
  );
});

describe('European roulette', () => {
  it('returns 36/37 on every bet of the layout (house edge 2.7027%)', () => {
    const bets = allRouletteBets();
    expect(bets.length).toBe(37 + 60 + 14 + 23 + 11 + 6 + 6);
    for (const bet of bets) {
      expect(edge(rouletteReturn(bet).rtp)).toBeCloseTo(2.7027, 4);
      expect(isValidRouletteBet(bet)).toBe(true);
    }
    expect(isValidRouletteBet({ kind: 'SPLIT', numbers: [3, 4] })).toBe(false);
    expect(isValidRouletteBet({ kind: 'STRAIGHT', numbers: [37] })).toBe(false);
  });

  it('pays each bet at its odds and loses outside bets on zero', () => {
    expect(resolveRoulette(17, rouletteBets.straight(17), 10)).toBe(360);
    expect(resolveRoulette(17, rouletteBets.split(17, 20), 10)).toBe(180);
    expect(resolveRoulette(0, rouletteBets.corner(0), 10)).toBe(90);
    expect(resolveRoulette(17, rouletteBets.sixLine(5), 10)).toBe(60);
    expect(resolveRoulette(17, rouletteBets.column(2), 10)).toBe(30);
    expect(resolveRoulette(0, rouletteBets.red(), 10)).toBe(0);
    expect(rouletteBets.red().numbers).toHaveLength(18);
  });

  it(
    'matches the exact return over 1,000,000 simulated spins',
    () => {
      const random = simulationRandom(3);
      const bets = [rouletteBets.straight(7), rouletteBets.dozen(2), rouletteBets.red()];
      const totals = simulate(1_000_000, bets.length, (add) => {
        const pocket = spinRoulette(random);
        for (let i = 0; i < bets.length; i++) add(i, rouletteMultiplier(pocket, bets[i]!));
      });
      bets.forEach((bet, i) => {
        expectWithinTolerance(totals, i, rouletteReturn(bet));
      });
    },
    SIMULATION_TIMEOUT_MS,
  );

  it('spins the same pocket from the same seeds', () => {
    fc.assert(
      fc.property(fc.string(), fc.nat(), (client, nonce) => {
        expect(spinRoulette(roundRandom('seed', client, nonce))).toBe(spinRoulette(roundRandom('seed', client, nonce)));
      }),
      { numRuns: 50 },
    );
  });
});
