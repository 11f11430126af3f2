import type { RandomSource } from '../random-source.ts';
import { MINIGAME_RTP_PERCENT, payoutOfRatio } from './payout.ts';

/**
 * Dice with a target: the roll is 0.00–99.99 (an integer 0–9999 in hundredths, all equally likely).
 * UNDER t wins when roll < t; OVER t wins when roll > t. With w winning rolls out of 10,000 the win
 * pays 0.97 × 10,000 / w times the stake, so every target returns exactly 97%. Targets give a win
 * chance from 1% to 98%.
 */
export type DiceTargetBet = { direction: 'UNDER' | 'OVER'; target: number };
export const DICE_TARGET_OUTCOMES = 10_000;

export function winningRolls(bet: DiceTargetBet): number {
  return bet.direction === 'UNDER' ? bet.target : DICE_TARGET_OUTCOMES - 1 - bet.target;
}

export function isValidDiceTargetBet(bet: DiceTargetBet): boolean {
  const w = winningRolls(bet);
  return Number.isInteger(bet.target) && w >= 100 && w <= 9800;
}

export function rollDiceTarget(random: RandomSource): number {
  return random(DICE_TARGET_OUTCOMES);
}

export function diceTargetWins(roll: number, bet: DiceTargetBet): boolean {
  return bet.direction === 'UNDER' ? roll < bet.target : roll > bet.target;
}

/** The payout multiplier as an exact ratio: 97 × 100 / w. */
export function diceTargetMultiplier(bet: DiceTargetBet): { numerator: bigint; denominator: bigint } {
  return { numerator: MINIGAME_RTP_PERCENT * 100n, denominator: BigInt(winningRolls(bet)) };
}

export function resolveDiceTarget(roll: number, bet: DiceTargetBet, stakeMinor: number): number {
  if (!isValidDiceTargetBet(bet)) throw new RangeError('bad dice target');
  if (!diceTargetWins(roll, bet)) return 0;
  const { numerator, denominator } = diceTargetMultiplier(bet);
  return payoutOfRatio(stakeMinor, numerator, denominator);
}
