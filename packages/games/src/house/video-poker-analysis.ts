import type { Card } from './cards.ts';
import { evaluateHand, JACKS_OR_BETTER_9_6 } from './video-poker.ts';

/**
 * The exact return of a video poker hand for each of its 32 holds, and so the best hold, with the
 * well-known subset method:
 *
 * 1. For every set Y of up to five cards, `paid[Y]` is the sum of the paytable over all 2,598,960
 *    five-card hands that contain Y (built once: each hand adds its pay to its 32 subsets).
 * 2. For a dealt hand D and a hold H ⊆ D, the draws are the hands that contain H and none of the
 *    discarded cards D \ H; by inclusion–exclusion their total pay is
 *    Σ over X ⊆ D \ H of (−1)^|X| · paid[H ∪ X]. Every H ∪ X is a subset of D, so one hand needs only
 *    its own 32 subsets' sums and a Möbius transform over them.
 * 3. The expected return of hold H is that total over C(47, 5 − |H|), the number of possible draws.
 *
 * Sets are indexed by the combinatorial number system (sorted cards c1 < c2 < …: Σ C(c_i, i)) within
 * their size, sizes laid out one after another.
 */
const BINOMIAL: number[][] = Array.from({ length: 53 }, (_, n) => {
  const row = [1];
  for (let k = 1; k <= 5; k++) row.push(k > n ? 0 : ((row[k - 1] as number) * (n - k + 1)) / k);
  return row;
});
const binomial = (n: number, k: number): number => BINOMIAL[n]?.[k] ?? 0;
const OFFSET = [0, 1, 53, 53 + 1326, 53 + 1326 + 22_100, 53 + 1326 + 22_100 + 270_725];
const TABLE_SIZE = (OFFSET[5] as number) + 2_598_960;
const DRAWS = [binomial(47, 5), binomial(47, 4), binomial(47, 3), binomial(47, 2), binomial(47, 1), 1];
const POPCOUNT = Array.from({ length: 32 }, (_, m) => (m & 1) + ((m >> 1) & 1) + ((m >> 2) & 1) + ((m >> 3) & 1) + ((m >> 4) & 1));

/** The indices of the 32 subsets of five sorted cards, by bitmask over the five positions. */
function subsetIndices(sorted: ArrayLike<number>, out: Int32Array): void {
  for (let mask = 0; mask < 32; mask++) {
    let index = 0;
    let size = 0;
    for (let i = 0; i < 5; i++) if (mask & (1 << i)) index += binomial(sorted[i] as number, ++size);
    out[mask] = (OFFSET[size] as number) + index;
  }
}

export type VideoPokerTables = { paid: Float64Array; handCounts: number[] };

/** Builds `paid` for the 9/6 paytable, and counts the 2,598,960 hands by category on the way. */
export function buildVideoPokerTables(paytable: readonly number[] = JACKS_OR_BETTER_9_6): VideoPokerTables {
  const paid = new Float64Array(TABLE_SIZE);
  const handCounts = new Array<number>(paytable.length).fill(0);
  const hand = new Int32Array(5);
  const indices = new Int32Array(32);
  for (hand[0] = 0; hand[0] < 48; hand[0]++)
    for (hand[1] = hand[0] + 1; hand[1] < 49; hand[1]++)
      for (hand[2] = hand[1] + 1; hand[2] < 50; hand[2]++)
        for (hand[3] = hand[2] + 1; hand[3] < 51; hand[3]++)
          for (hand[4] = hand[3] + 1; hand[4] < 52; hand[4]++) {
            const category = evaluateHand(hand);
            handCounts[category]!++;
            const pay = paytable[category] as number;
            if (pay === 0) continue;
            subsetIndices(hand, indices);
            for (let m = 0; m < 32; m++) paid[indices[m] as number]! += pay;
          }
  return { paid, handCounts };
}

export type HoldValues = Float64Array;
const SCRATCH = { order: new Int32Array(5), sorted: new Int32Array(5), indices: new Int32Array(32), value: new Float64Array(32) };

/**
 * The expected return (per unit staked) of each of the 32 holds of `hand`, by bitmask over the hand's
 * positions (bit i set: hold card i).
 */
export function holdValues(tables: VideoPokerTables, hand: readonly Card[], out: HoldValues = new Float64Array(32)): HoldValues {
  // Scratch space shared by calls (simulators call this millions of times).
  const { order, sorted, indices, value } = SCRATCH;
  // Insertion sort of the five positions by card.
  for (let i = 0; i < 5; i++) {
    let j = i;
    for (; j > 0 && (sorted[j - 1] as number) > (hand[i] as number); j--) {
      sorted[j] = sorted[j - 1] as number;
      order[j] = order[j - 1] as number;
    }
    sorted[j] = hand[i] as number;
    order[j] = i;
  }
  subsetIndices(sorted, indices);
  // Möbius transform: value[S] = Σ over T ⊇ S of (−1)^|T \ S| · paid[T], in sorted-position masks.
  for (let m = 0; m < 32; m++) value[m] = tables.paid[indices[m] as number] as number;
  for (let bit = 0; bit < 5; bit++) for (let m = 0; m < 32; m++) if (!(m & (1 << bit))) value[m]! -= value[m | (1 << bit)] as number;
  for (let sortedMask = 0; sortedMask < 32; sortedMask++) {
    let handMask = 0;
    for (let i = 0; i < 5; i++) if (sortedMask & (1 << i)) handMask |= 1 << (order[i] as number);
    out[handMask] = (value[sortedMask] as number) / (DRAWS[POPCOUNT[sortedMask] as number] as number);
  }
  return out;
}

const BEST_SCRATCH = new Float64Array(32);

/** The hold with the highest expected return (the lowest mask among equals) and that return. */
export function optimalHold(tables: VideoPokerTables, hand: readonly Card[]): { held: boolean[]; value: number } {
  const values = holdValues(tables, hand, BEST_SCRATCH);
  let best = 0;
  for (let m = 1; m < 32; m++) if ((values[m] as number) > (values[best] as number)) best = m;
  return { held: [0, 1, 2, 3, 4].map((i) => (best & (1 << i)) !== 0), value: values[best] as number };
}

/**
 * The game's exact return with optimal holds: the average over all 2,598,960 deals of the best
 * hold's expected return. Deals that differ only by a renaming of suits have the same value, so each
 * deal is counted once per suit pattern: the deal is enumerated only when its suits appear in order
 * of first use (clubs first, then diamonds, ...), weighted by the number of renamings that give
 * distinct deals.
 */
export function videoPokerReturn(tables: VideoPokerTables): number {
  let total = 0;
  let weightSum = 0;
  const hand = [0, 0, 0, 0, 0];
  const values = new Float64Array(32);
  for (let a = 0; a < 48; a++)
    for (let b = a + 1; b < 49; b++)
      for (let c = b + 1; c < 50; c++)
        for (let d = c + 1; d < 51; d++)
          for (let e = d + 1; e < 52; e++) {
            hand[0] = a;
            hand[1] = b;
            hand[2] = c;
            hand[3] = d;
            hand[4] = e;
            const weight = canonicalWeight(hand);
            if (weight === 0) continue;
            holdValues(tables, hand, values);
            let best = values[0] as number;
            for (let m = 1; m < 32; m++) if ((values[m] as number) > best) best = values[m] as number;
            total += weight * best;
            weightSum += weight;
          }
  if (weightSum !== 2_598_960) throw new Error(`the suit classes cover ${weightSum} deals`);
  return total / weightSum;
}

/**
 * 0 unless the deal is the representative of its suit-renaming class, else the size of the class.
 * Representative: the deal's suit sets (for each suit, the set of ranks it holds) are in non-increasing
 * order of a fixed key, clubs first. The class size is 24 over the number of suit permutations that
 * fix the deal (permutations among suits holding identical rank sets).
 */
function canonicalWeight(hand: readonly number[]): number {
  const sets = [0, 0, 0, 0];
  for (const card of hand) sets[Math.floor(card / 13)]! |= 1 << (card % 13);
  // Key: more cards first, then the larger bitmask.
  const key = (s: number) => bitCount(s) * 8192 + s;
  for (let i = 0; i < 3; i++) if (key(sets[i] as number) < key(sets[i + 1] as number)) return 0;
  let fixing = 1;
  let run = 1;
  for (let i = 1; i <= 4; i++) {
    if (i < 4 && sets[i] === sets[i - 1]) run++;
    else {
      for (let f = 2; f <= run; f++) fixing *= f;
      run = 1;
    }
  }
  return 24 / fixing;
}

function bitCount(s: number): number {
  let n = 0;
  for (let x = s; x; x &= x - 1) n++;
  return n;
}
