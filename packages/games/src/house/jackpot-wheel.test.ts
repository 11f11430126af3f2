import { describe, expect, it } from 'vitest';
import { roundRandom, simulationRandom } from '../random-source.ts';
import { jackpotTriggerFrequency, jackpotWheelReturn } from './exact.ts';
import {
  JACKPOT_SEED,
  JACKPOT_TRIGGER_BOUND,
  jackpotContribution,
  spinJackpotWheel,
  WHEEL_MAX_STAKE,
  WHEEL_PAYTABLE,
  WHEEL_SEGMENTS,
  wheelPayout,
} from './jackpot-wheel.ts';
import { expectWithinTolerance, SIMULATION_TIMEOUT_MS, simulate } from './simulate.test-support.ts';
import { replayRound } from './verify.ts';

describe('the jackpot wheel', () => {
  it('pays back exactly 95.3125% on the wheel, counted over its 32 equal segments', () => {
    expect(WHEEL_PAYTABLE).toHaveLength(WHEEL_SEGMENTS);
    const sum = WHEEL_PAYTABLE.reduce((a, b) => a + b, 0);
    // sum / 32 segments / 100 (hundredths) = 95.3125%
    expect(sum * 10_000).toBe(953_125 * WHEEL_SEGMENTS);
  });

  it('states the return over the pool’s life: wheel + 1% contribution + one seed per billion staked = 96.8125%', () => {
    const stake = 1_000_000;
    const contribution = jackpotContribution(stake) / stake;
    const seedShare = JACKPOT_SEED / JACKPOT_TRIGGER_BOUND;
    expect(0.953125 + contribution + seedShare).toBeCloseTo(0.968125, 12);
  });

  it('wins the jackpot with probability stake / 1,000,000,000: the draw is uniform below the bound', () => {
    // The jackpot draw is the second of the stream; a draw d wins for every stake above d.
    const random = simulationRandom(21);
    let wins = 0;
    const spins = 200_000;
    for (let i = 0; i < spins; i++) if (spinJackpotWheel(random, WHEEL_MAX_STAKE).isJackpot) wins++;
    // Expected 1,000 (0.5%); a 5-sigma band of a binomial(200,000, 0.005) is about ±158.
    expect(wins).toBeGreaterThan(1_000 - 160);
    expect(wins).toBeLessThan(1_000 + 160);
    // A stake of the whole bound always wins; a stake of 0 never does.
    expect(spinJackpotWheel(simulationRandom(1), JACKPOT_TRIGGER_BOUND).isJackpot).toBe(true);
    expect(spinJackpotWheel(simulationRandom(1), 0).isJackpot).toBe(false);
  });

  it('lands on every segment about equally often and pays floor(stake × multiplier)', () => {
    const random = simulationRandom(7);
    const counts = new Array(WHEEL_SEGMENTS).fill(0);
    for (let i = 0; i < 320_000; i++) counts[spinJackpotWheel(random, 1_000).segment]++;
    for (const c of counts) expect(Math.abs(c - 10_000)).toBeLessThan(500);
    expect(wheelPayout(1_001, 150)).toBe(1_501);
    expect(wheelPayout(999, 50)).toBe(499);
    expect(jackpotContribution(1_099)).toBe(10);
  });

  it(
    'matches the wheel’s exact return and the jackpot’s exact chance over 1,000,000 simulated spins at the largest stake',
    () => {
      // At 5,000,000 minor units a spin wins the jackpot with probability 0.5% (about 5,000 hits).
      const random = simulationRandom(32);
      const totals = simulate(1_000_000, 2, (add) => {
        const spin = spinJackpotWheel(random, WHEEL_MAX_STAKE);
        add(0, wheelPayout(WHEEL_MAX_STAKE, spin.multiplier) / (WHEEL_MAX_STAKE / 1_000));
        add(1, spin.isJackpot ? 1_000 : 0);
      });
      const wheel = jackpotWheelReturn();
      expect(wheel.rtp).toBe(0.953125);
      expectWithinTolerance(totals, 0, wheel);
      const trigger = jackpotTriggerFrequency(WHEEL_MAX_STAKE);
      expect(trigger.rtp).toBe(0.005);
      expectWithinTolerance(totals, 1, trigger);
    },
    SIMULATION_TIMEOUT_MS,
  );

  it('replays a spin from its seeds as the engine drew it', () => {
    const spin = spinJackpotWheel(roundRandom('seed', 'client', 4), 20_000);
    const replay = replayRound({ game: 'jackpot-wheel', serverSeed: 'seed', clientSeed: 'client', nonce: 4, stake: 20_000 });
    expect(replay.outcome).toEqual({ stake: 20_000, segment: spin.segment, multiplier: spin.multiplier / 100, isJackpot: spin.isJackpot });
  });
});
