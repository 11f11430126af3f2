import type { RandomSource } from '../random-source.ts';
import { payoutOf } from '../table-games.ts';

/**
 * European roulette: 37 pockets, 0–36. A bet covers a set of numbers and pays 36/n − 1 to one for n
 * numbers covered: straight 35:1, split 17:1, street and trio 11:1, corner and first four 8:1, six
 * line 5:1, dozen and column 2:1, red/black, odd/even, low (1–18)/high (19–36) 1:1. Zero loses every
 * outside bet (no la partage). Every bet returns 36/37 = 97.2973%.
 */
export type RouletteBetKind =
  | 'STRAIGHT'
  | 'SPLIT'
  | 'STREET'
  | 'CORNER'
  | 'SIX_LINE'
  | 'DOZEN'
  | 'COLUMN'
  | 'RED'
  | 'BLACK'
  | 'ODD'
  | 'EVEN'
  | 'LOW'
  | 'HIGH';
export type RouletteBet = { kind: RouletteBetKind; numbers: readonly number[] };

export const RED_NUMBERS: ReadonlySet<number> = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);
const range = (from: number, to: number, step = 1) => Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, i) => from + i * step);
const ONE_TO_36 = range(1, 36);

export function spinRoulette(random: RandomSource): number {
  return random(37);
}

/** Bets by their place on the layout (rows are the streets 1-2-3, 4-5-6, ...; columns 1, 2, 3). */
export const rouletteBets = {
  straight: (n: number): RouletteBet => ({ kind: 'STRAIGHT', numbers: [n] }),
  /** Two numbers side by side on the layout, or 0 with 1, 2 or 3. */
  split: (a: number, b: number): RouletteBet => ({ kind: 'SPLIT', numbers: [Math.min(a, b), Math.max(a, b)] }),
  /** A row of three (row 1–12), or the trios 0-1-2 and 0-2-3 (row 0 with `trio` 1 or 2). */
  street: (row: number, trio: 1 | 2 = 1): RouletteBet => ({
    kind: 'STREET',
    numbers: row === 0 ? [0, trio, trio + 1] : range(3 * row - 2, 3 * row),
  }),
  /** The four numbers whose lowest is `low` (low + 1, low + 3, low + 4); low 0 is the first four 0-1-2-3. */
  corner: (low: number): RouletteBet => ({ kind: 'CORNER', numbers: low === 0 ? [0, 1, 2, 3] : [low, low + 1, low + 3, low + 4] }),
  /** Two adjacent rows: rows `row` and `row + 1` (row 1–11). */
  sixLine: (row: number): RouletteBet => ({ kind: 'SIX_LINE', numbers: range(3 * row - 2, 3 * row + 3) }),
  dozen: (d: 1 | 2 | 3): RouletteBet => ({ kind: 'DOZEN', numbers: range(12 * d - 11, 12 * d) }),
  column: (c: 1 | 2 | 3): RouletteBet => ({ kind: 'COLUMN', numbers: range(c, 36, 3) }),
  red: (): RouletteBet => ({ kind: 'RED', numbers: ONE_TO_36.filter((n) => RED_NUMBERS.has(n)) }),
  black: (): RouletteBet => ({ kind: 'BLACK', numbers: ONE_TO_36.filter((n) => !RED_NUMBERS.has(n)) }),
  odd: (): RouletteBet => ({ kind: 'ODD', numbers: range(1, 35, 2) }),
  even: (): RouletteBet => ({ kind: 'EVEN', numbers: range(2, 36, 2) }),
  low: (): RouletteBet => ({ kind: 'LOW', numbers: range(1, 18) }),
  high: (): RouletteBet => ({ kind: 'HIGH', numbers: range(19, 36) }),
};

/** Every bet the layout offers, each once. */
export function allRouletteBets(): RouletteBet[] {
  const bets: RouletteBet[] = [];
  for (let n = 0; n <= 36; n++) bets.push(rouletteBets.straight(n));
  for (const n of [1, 2, 3]) bets.push(rouletteBets.split(0, n));
  for (let n = 1; n <= 36; n++) {
    if (n % 3 !== 0) bets.push(rouletteBets.split(n, n + 1));
    if (n <= 33) bets.push(rouletteBets.split(n, n + 3));
  }
  bets.push(rouletteBets.street(0, 1), rouletteBets.street(0, 2), rouletteBets.corner(0));
  for (let row = 1; row <= 12; row++) bets.push(rouletteBets.street(row));
  for (let low = 1; low <= 32; low++) if (low % 3 !== 0) bets.push(rouletteBets.corner(low));
  for (let row = 1; row <= 11; row++) bets.push(rouletteBets.sixLine(row));
  for (const d of [1, 2, 3] as const) bets.push(rouletteBets.dozen(d), rouletteBets.column(d));
  bets.push(rouletteBets.red(), rouletteBets.black(), rouletteBets.odd(), rouletteBets.even(), rouletteBets.low(), rouletteBets.high());
  return bets;
}

const LAYOUT_KEYS = new Set(allRouletteBets().map((b) => `${b.kind}:${b.numbers.join('-')}`));

/** Whether the bet is one of the layout's bets (a client may send only these). */
export function isValidRouletteBet(bet: RouletteBet): boolean {
  return LAYOUT_KEYS.has(`${bet.kind}:${bet.numbers.join('-')}`);
}

/** Returned per unit staked (stake included), in thousandths: 36/n for a bet on n numbers that wins. */
export function rouletteMultiplier(pocket: number, bet: RouletteBet): number {
  return bet.numbers.includes(pocket) ? 36_000 / bet.numbers.length : 0;
}

export function resolveRoulette(pocket: number, bet: RouletteBet, stakeMinor: number): number {
  if (!isValidRouletteBet(bet)) throw new RangeError('not a roulette bet');
  return payoutOf(stakeMinor, rouletteMultiplier(pocket, bet));
}
