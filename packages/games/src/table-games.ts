import type { RandomSource } from './random-source.ts';

/**
 * Multipliers are in thousandths so payouts stay integer: payout = floor(stake x multiplier / 1000).
 * The floor only ever rounds in the house's favour by less than one minor unit.
 */
export const MULTIPLIER_SCALE = 1000;

export function payoutOf(stakeMinor: number, multiplierThousandths: number): number {
  return Math.floor((stakeMinor * multiplierThousandths) / MULTIPLIER_SCALE);
}

// Dragon Dice: two dice; BIG is 8 to 12, SMALL 2 to 6, SEVEN exactly 7.
export const DICE_BETS = ['BIG', 'SMALL', 'SEVEN'] as const;
export type DiceBet = (typeof DICE_BETS)[number];

/** P(BIG) = P(SMALL) = 15/36 and P(SEVEN) = 6/36; each multiplier makes the RTP exactly 96%. */
export const DICE_MULTIPLIERS: Readonly<Record<DiceBet, number>> = { BIG: 2304, SMALL: 2304, SEVEN: 5760 };

export type DiceRoll = { dice: [number, number]; total: number; isWin: boolean; multiplier: number };

export function diceWins(bet: DiceBet, total: number): boolean {
  if (bet === 'BIG') return total >= 8;
  if (bet === 'SMALL') return total <= 6;
  return total === 7;
}

export function rollDice(bet: DiceBet, random: RandomSource): DiceRoll {
  const dice: [number, number] = [random(6) + 1, random(6) + 1];
  const total = dice[0] + dice[1];
  const isWin = diceWins(bet, total);
  return { dice, total, isWin, multiplier: isWin ? DICE_MULTIPLIERS[bet] : 0 };
}

/** The exact RTP of a dice bet (ignoring the sub-unit floor), over all 36 rolls. */
export function diceRtp(bet: DiceBet): number {
  let wins = 0;
  for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) if (diceWins(bet, a + b)) wins++;
  return (wins / 36) * (DICE_MULTIPLIERS[bet] / MULTIPLIER_SCALE);
}

// Gold Coin Flip: call the side; a right call pays 1.92x, an RTP of exactly 96%.
export const COIN_SIDES = ['HEADS', 'TAILS'] as const;
export type CoinSide = (typeof COIN_SIDES)[number];
export const COIN_MULTIPLIER = 1920;

export type CoinFlip = { side: CoinSide; isWin: boolean; multiplier: number };

export function flipCoin(call: CoinSide, random: RandomSource): CoinFlip {
  const side = COIN_SIDES[random(2)] as CoinSide;
  const isWin = side === call;
  return { side, isWin, multiplier: isWin ? COIN_MULTIPLIER : 0 };
}

export function coinRtp(): number {
  return 0.5 * (COIN_MULTIPLIER / MULTIPLIER_SCALE);
}

// Lucky Wheel (the transfer-style demo vendor's game): 20 equal segments.
export const WHEEL_SEGMENTS: readonly number[] = [0, 500, 0, 1500, 0, 500, 0, 2000, 0, 500, 0, 1500, 0, 500, 0, 3000, 0, 500, 0, 8700];

export type WheelSpin = { segment: number; multiplier: number };

export function spinWheel(random: RandomSource): WheelSpin {
  const segment = random(WHEEL_SEGMENTS.length);
  return { segment, multiplier: WHEEL_SEGMENTS[segment] ?? 0 };
}

/** Exactly 96%: the segments' multipliers average 0.96. */
export function wheelRtp(): number {
  return WHEEL_SEGMENTS.reduce((sum, m) => sum + m, 0) / WHEEL_SEGMENTS.length / MULTIPLIER_SCALE;
}
