import { describe, expect, it } from 'vitest';
import { DEMO_GAMES, type DemoGameCode } from './demo-games.ts';
import { type RandomSource, roundRandom } from './random-source.ts';
import { FRUIT_SPIN, LUCKY_SEVENS, lineMultiplier, slotRtp } from './slots.ts';
import { COIN_MULTIPLIER, coinRtp, DICE_BETS, diceRtp, payoutOf, wheelRtp } from './table-games.ts';

describe('stated return to player', () => {
  it('is 96% for the dice bets, the coin flip and the wheel, exactly', () => {
    for (const bet of DICE_BETS) expect(diceRtp(bet)).toBeCloseTo(0.96, 12);
    expect(coinRtp()).toBeCloseTo(0.96, 12);
    expect(wheelRtp()).toBeCloseTo(0.96, 12);
  });

  it('is within a quarter point of 96% for both slots, by enumerating every stop', () => {
    expect(slotRtp(LUCKY_SEVENS).rtp).toBeCloseTo(0.961875, 12);
    expect(slotRtp(FRUIT_SPIN).rtp).toBeCloseTo(0.9599609375, 12);
  });

  it('pays three of a kind and the leading cherry pair, nothing else', () => {
    expect(lineMultiplier(LUCKY_SEVENS, ['SEVEN', 'SEVEN', 'SEVEN'])).toBe(1000);
    expect(lineMultiplier(LUCKY_SEVENS, ['SEVEN', 'SEVEN', 'BAR'])).toBe(0);
    expect(lineMultiplier(FRUIT_SPIN, ['CHERRY', 'CHERRY', 'STAR'])).toBe(1);
    expect(lineMultiplier(FRUIT_SPIN, ['STAR', 'CHERRY', 'CHERRY'])).toBe(0);
    expect(payoutOf(101, COIN_MULTIPLIER)).toBe(193);
  });
});

/**
 * A fast reproducible source for long simulations (the engines only need uniform draws):
 * mulberry32, with rejection sampling so every bound is unbiased.
 */
function simulationRandom(seed: number): RandomSource {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
  return (bound) => {
    const limit = 2 ** 32 - (2 ** 32 % bound);
    for (;;) {
      const value = next();
      if (value < limit) return value % bound;
    }
  };
}

describe('seeded randomness', () => {
  it('plays the same round from the same seeds', () => {
    const a = DEMO_GAMES['lucky-sevens'].play(100, undefined, roundRandom('s', 'c', 7));
    const b = DEMO_GAMES['lucky-sevens'].play(100, undefined, roundRandom('s', 'c', 7));
    expect(a).toEqual(b);
  });
});

describe('simulation', () => {
  // Each game is played many rounds from a fixed seed; the mean payout must sit within five
  // standard errors of the stated RTP, using the game's own variance.
  const ROUNDS = 400_000;
  const STAKE = 1_000;
  const cases: { code: DemoGameCode; choice?: string }[] = [
    { code: 'lucky-sevens' },
    { code: 'fruit-spin' },
    { code: 'dragon-dice', choice: 'BIG' },
    { code: 'dragon-dice', choice: 'SEVEN' },
    { code: 'gold-coin-flip', choice: 'TAILS' },
    { code: 'tx-lucky-wheel' },
  ];
  for (const { code, choice } of cases) {
    it(`${code}${choice ? ` (${choice})` : ''} returns its stated RTP`, () => {
      const game = DEMO_GAMES[code];
      const random = simulationRandom(code.length * 7919 + (choice?.length ?? 0));
      let sum = 0;
      let sumSquares = 0;
      for (let i = 0; i < ROUNDS; i++) {
        const { payout } = game.play(STAKE, choice, random);
        if (!Number.isSafeInteger(payout) || payout < 0) throw new Error(`bad payout ${payout}`);
        const ratio = payout / STAKE;
        sum += ratio;
        sumSquares += ratio * ratio;
      }
      const mean = sum / ROUNDS;
      const variance = sumSquares / ROUNDS - mean * mean;
      const standardError = Math.sqrt(variance / ROUNDS);
      const stated = choice === 'SEVEN' ? diceRtp('SEVEN') : game.rtp;
      expect(Math.abs(mean - stated)).toBeLessThan(5 * standardError);
      expect(standardError).toBeLessThan(0.025);
    }, 60_000);
  }
});
