import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { roundRandom, simulationRandom } from '../random-source.ts';
import { BACCARAT_BETS, baccaratMultiplier, bankerDraws, cardPoints, dealBaccarat, playerDraws, resolveBaccarat } from './baccarat.ts';
import { Shoe } from './cards.ts';
import { baccaratOutcomeCounts, baccaratReturn } from './exact.ts';
import { expectWithinTolerance, SIMULATION_TIMEOUT_MS, simulate } from './simulate.test-support.ts';

const edgePercent = (rtp: number) => (1 - rtp) * 100;

describe('baccarat (punto banco, 8 decks)', () => {
  it('has the published house edges by exact enumeration over card values', () => {
    expect(edgePercent(baccaratReturn('BANKER', 'COMMISSION').rtp)).toBeCloseTo(1.0579, 4);
    expect(edgePercent(baccaratReturn('PLAYER', 'COMMISSION').rtp)).toBeCloseTo(1.2351, 4);
    expect(edgePercent(baccaratReturn('TIE', 'COMMISSION').rtp)).toBeCloseTo(14.3596, 4);
    // No-commission table: a banker win on 6 pays 1:2 (published 1.458% for 8 decks).
    expect(edgePercent(baccaratReturn('BANKER', 'NO_COMMISSION').rtp)).toBeCloseTo(1.458, 3);
    // Pairs at 11:1: 12 × 31/415 (published 10.3614%).
    expect(edgePercent(baccaratReturn('PLAYER_PAIR', 'COMMISSION').rtp)).toBeCloseTo(10.3614, 4);
  });

  it('counts every ordered draw once, with the published outcome probabilities', () => {
    const c = baccaratOutcomeCounts();
    expect(c.total).toBe(416 * 415 * 414 * 413 * 412 * 411);
    expect(c.player + c.tie + c.banker + c.bankerOn6).toBe(c.total);
    expect(c.tie / c.total).toBeCloseTo(0.095156, 6);
    expect((c.banker + c.bankerOn6) / c.total).toBeCloseTo(0.458597, 6);
  });

  it('follows the third-card table for every banker total and player third card', () => {
    // Rows: banker total 0..7; columns: player third card value 0..9 (1 = draws).
    const table = ['1111111111', '1111111111', '1111111111', '1111111101', '0011111100', '0000111100', '0000001100', '0000000000'];
    table.forEach((row, b) => {
      [...row].forEach((flag, v) => {
        expect(bankerDraws(b, v)).toBe(flag === '1');
      });
    });
    for (let b = 0; b <= 7; b++) expect(bankerDraws(b, null)).toBe(b <= 5);
    for (let p = 0; p <= 7; p++) expect(playerDraws(p)).toBe(p <= 5);
  });

  it('deals a well-formed round that the rules explain, the same from the same seeds', () => {
    fc.assert(
      fc.property(fc.string(), fc.nat(), (client, nonce) => {
        const round = dealBaccarat(roundRandom('a'.repeat(64), client, nonce));
        expect(dealBaccarat(roundRandom('a'.repeat(64), client, nonce))).toEqual(round);
        const sum = (cards: number[]) => cards.reduce((s, c) => s + cardPoints(c), 0) % 10;
        const p2 = sum(round.player.slice(0, 2));
        const b2 = sum(round.banker.slice(0, 2));
        const natural = p2 >= 8 || b2 >= 8;
        expect(round.player.length).toBe(natural || !playerDraws(p2) ? 2 : 3);
        const third = round.player.length === 3 ? cardPoints(round.player[2]!) : null;
        expect(round.banker.length).toBe(!natural && bankerDraws(b2, third) ? 3 : 2);
        expect(round.steps.length).toBe(round.player.length + round.banker.length);
        for (const bet of BACCARAT_BETS)
          for (const table of ['COMMISSION', 'NO_COMMISSION'] as const)
            expect(resolveBaccarat(round, bet, table, 1000)).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 200 },
    );
  });

  it('pays the table on a 6-point banker win: 1.95 with commission, 1.5 without', () => {
    const outcome = { winner: 'BANKER' as const, bankerTotal: 6, player: [0, 1], banker: [2, 3] };
    expect(baccaratMultiplier(outcome, 'BANKER', 'COMMISSION')).toBe(1950);
    expect(baccaratMultiplier(outcome, 'BANKER', 'NO_COMMISSION')).toBe(1500);
  });

  it(
    'returns what the enumeration says over 1,000,000 simulated rounds (4 standard deviations)',
    () => {
      const random = simulationRandom(21);
      const shoe = new Shoe(8, random);
      const bets = ['BANKER', 'PLAYER', 'TIE'] as const;
      const totals = simulate(1_000_000, bets.length, (add) => {
        shoe.refill();
        const round = dealBaccarat(random, shoe);
        bets.forEach((bet, i) => {
          add(i, baccaratMultiplier(round, bet, 'COMMISSION'));
        });
      });
      bets.forEach((bet, i) => {
        expectWithinTolerance(totals, i, baccaratReturn(bet, 'COMMISSION'));
      });
    },
    SIMULATION_TIMEOUT_MS,
  );
});
