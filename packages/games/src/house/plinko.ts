import type { RandomSource } from '../random-source.ts';
import { choose, MINIGAME_RTP_PERCENT, payoutOfRatio } from './payout.ts';

/**
 * Plinko: a ball falls through 8–16 rows of pegs, going left or right at each with chance 1/2, and
 * lands in slot k (0..rows, the number of rights) with chance C(rows, k) / 2^rows. Each (rows, risk)
 * table pays m_k = a × r^|k − rows/2| (r = 1.35 low, 1.8 medium, 2.6 high; the wider r, the smaller
 * the centre and the bigger the edges), rounded to 0.01× with the rounding error carried outwards;
 * the two edge slots (to 0.0001×) take up what is left so that Σ C(rows, k) × m_k = 0.97 × 2^rows exactly: every table returns exactly 97%.
 * Multipliers are in ten-thousandths.
 */
export const PLINKO_ROWS = [8, 9, 10, 11, 12, 13, 14, 15, 16] as const;
export const PLINKO_RISKS = ['LOW', 'MEDIUM', 'HIGH'] as const;
export type PlinkoRisk = (typeof PLINKO_RISKS)[number];
export const PLINKO_SCALE = 10_000;
const SPREAD: Readonly<Record<PlinkoRisk, number>> = { LOW: 1.35, MEDIUM: 1.8, HIGH: 2.6 };

function buildTable(rows: number, risk: PlinkoRisk): number[] {
  const r = SPREAD[risk];
  const distance = (k: number) => Math.abs(k - rows / 2);
  let mean = 0;
  for (let k = 0; k <= rows; k++) mean += Number(choose(rows, k)) * r ** distance(k);
  const a = (0.97 * 2 ** rows) / mean;
  const table = new Array<number>(rows + 1).fill(0);
  // From the centre outwards, each pair of slots is rounded to 0.01× and passes its rounding error
  // (weighted by the slots' chances) on to the next pair out; the edge pair takes what is left, exactly.
  let target = Number(MINIGAME_RTP_PERCENT) * 100 * 2 ** rows;
  for (let k = Math.floor(rows / 2); k >= 1; k--) {
    const weight = Number(choose(rows, k)) * (k === rows - k ? 1 : 2);
    const ideal = a * r ** distance(k) * PLINKO_SCALE;
    const carry = (target - ideal * weight - remainingIdeal(a, r, rows, k)) / weight;
    const m = Math.max(0, Math.round((ideal + carry) / 100) * 100);
    table[k] = table[rows - k] = m;
    target -= m * weight;
  }
  table[0] = table[rows] = target / 2;
  return table;
}

/** The ideal contribution of the slot pairs further out than k (their multipliers × their weights). */
function remainingIdeal(a: number, r: number, rows: number, k: number): number {
  let sum = 0;
  for (let j = 0; j < k; j++) sum += 2 * Number(choose(rows, j)) * a * r ** Math.abs(j - rows / 2) * PLINKO_SCALE;
  return sum;
}

const TABLES = new Map<string, number[]>(
  PLINKO_ROWS.flatMap((rows) => PLINKO_RISKS.map((risk) => [`${rows}:${risk}`, buildTable(rows, risk)] as const)),
);

/** The table's multipliers in ten-thousandths, slot 0 to slot rows. */
export function plinkoTable(rows: number, risk: PlinkoRisk): readonly number[] {
  const table = TABLES.get(`${rows}:${risk}`);
  if (!table) throw new RangeError(`no plinko table for ${rows} rows, ${risk}`);
  return table;
}

export type PlinkoDrop = { path: Array<0 | 1>; slot: number; multiplier: number };

/** One draw per row: 1 goes right, 0 left; the slot is the number of rights. */
export function dropPlinko(random: RandomSource, rows: number, risk: PlinkoRisk): PlinkoDrop {
  const table = plinkoTable(rows, risk);
  const path: Array<0 | 1> = [];
  for (let i = 0; i < rows; i++) path.push(random(2) as 0 | 1);
  const slot = path.reduce<number>((sum, step) => sum + step, 0);
  return { path, slot, multiplier: table[slot] as number };
}

export function resolvePlinko(drop: PlinkoDrop, stakeMinor: number): number {
  return payoutOfRatio(stakeMinor, BigInt(drop.multiplier), BigInt(PLINKO_SCALE));
}
