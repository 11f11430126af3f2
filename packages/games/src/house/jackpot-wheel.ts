import type { RandomSource } from '../random-source.ts';

/**
 * The jackpot wheel (class JP): a wheel of 32 equal segments with a paytable, plus a progressive
 * jackpot drawn on every spin. Each spin draws, from the round's one random stream, first the
 * segment (`random(32)`), then the jackpot (`random(JACKPOT_TRIGGER_BOUND) < stake`): the jackpot
 * is won with probability stake / 1,000,000,000 (minor units), so a bigger stake has a
 * proportionally bigger chance and the same expected share of the pool per unit staked.
 *
 * Returns, stated and proven by enumeration in jackpot-wheel.test.ts: the wheel pays back
 * 3,050 / 3,200 = 95.3125% of stakes; 1% of every stake goes to the pool, and the pool restarts
 * at its seed after each win, so over the pool's life players get back 95.3125% + 1% + the seeds
 * (5,000,000 per win, one win per 1,000,000,000 staked on average: 0.5%) = 96.8125%.
 */
export const WHEEL_SEGMENTS = 32;
/** The multiplier of each segment in hundredths (×1.50 is 150), clockwise from the top. */
export const WHEEL_PAYTABLE: readonly number[] = [
  800, 0, 50, 0, 100, 0, 150, 0, 200, 0, 50, 0, 100, 0, 300, 0, 150, 0, 50, 0, 100, 0, 200, 0, 500, 0, 150, 0, 50, 0, 100, 0,
];
/** The share of each stake that goes to the jackpot pool, in basis points (1%). */
export const JACKPOT_CONTRIBUTION_BPS = 100;
/** The jackpot is won when a draw in [0, this bound) falls below the stake. */
export const JACKPOT_TRIGGER_BOUND = 1_000_000_000;
/** The pool a jackpot restarts from after a win (minor units), funded by the house. */
export const JACKPOT_SEED = 5_000_000;
/** The stakes a spin takes (minor units); the largest keeps the jackpot's chance at 0.5% a spin. */
export const WHEEL_MIN_STAKE = 1_000;
export const WHEEL_MAX_STAKE = 5_000_000;

export type WheelSpin = { segment: number; multiplier: number; isJackpot: boolean };

/** One spin: the segment and whether this stake wins the jackpot (tests may force it with a small bound). */
export function spinJackpotWheel(random: RandomSource, stake: number, triggerBound = JACKPOT_TRIGGER_BOUND): WheelSpin {
  const segment = random(WHEEL_SEGMENTS);
  const isJackpot = random(triggerBound) < stake;
  return { segment, multiplier: WHEEL_PAYTABLE[segment] as number, isJackpot };
}

/** The wheel's pay (the jackpot comes on top): floor(stake × multiplier), the house keeps the fraction. */
export function wheelPayout(stake: number, multiplier: number): number {
  return Math.floor((stake * multiplier) / 100);
}

/** The pool's share of a stake: floor(stake × 1%). */
export function jackpotContribution(stake: number): number {
  return Math.floor((stake * JACKPOT_CONTRIBUTION_BPS) / 10_000);
}
