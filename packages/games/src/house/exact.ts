import { CRASH_E, drawsReaching } from '../crash/crash.ts';
import { MULTIPLIER_SCALE } from '../table-games.ts';
import { BACCARAT_DECKS, type BaccaratBet, type BaccaratTable, baccaratMultiplier, bankerDraws, playerDraws } from './baccarat.ts';
import { DRAGON_TIGER_DECKS, type DragonTigerBet, dragonTigerMultiplier } from './dragon-tiger.ts';
import { JACKPOT_TRIGGER_BOUND, WHEEL_PAYTABLE } from './jackpot-wheel.ts';
import { type RouletteBet, rouletteMultiplier } from './roulette.ts';
import { type SicBoBet, type SicBoRoll, sicBoMultiplier } from './sic-bo.ts';

/**
 * Exact returns by enumeration. A bet's return is a distribution of multipliers (per unit staked,
 * stake included); `rtp` is its mean and `variance` its variance, which simulators use for their
 * tolerance. Weights are integers (Numbers stay exact below 2^53), so the only rounding is the
 * final division.
 */
export type ExactReturn = { rtp: number; variance: number };

/** Outcome weights (integers) and the multiplier (in thousandths) each outcome returns. */
export function returnOf(outcomes: ReadonlyArray<readonly [weight: number, multiplierThousandths: number]>): ExactReturn {
  let weights = 0;
  let sum = 0;
  let sumSquares = 0;
  for (const [weight, m] of outcomes) {
    const x = m / MULTIPLIER_SCALE;
    weights += weight;
    sum += weight * x;
    sumSquares += weight * x * x;
  }
  const rtp = sum / weights;
  return { rtp, variance: sumSquares / weights - rtp * rtp };
}

export type BaccaratOutcomeCounts = { player: number; tie: number; banker: number; bankerOn6: number; total: number };

/**
 * Every deal of punto banco from a full shoe, by card value (10 and pictures are one class of 16 per
 * deck, ace–9 four per deck), with each deal weighted by its number of ordered card sequences: a deal
 * that uses k cards is multiplied by the ways to draw the remaining 6 − k, so every weight is counted
 * over the same 416·415·…·411 ordered six-card draws.
 */
export function baccaratOutcomeCounts(decks = BACCARAT_DECKS): BaccaratOutcomeCounts {
  const counts = [16 * decks, 4 * decks, 4 * decks, 4 * decks, 4 * decks, 4 * decks, 4 * decks, 4 * decks, 4 * decks, 4 * decks];
  const size = 52 * decks;
  const result: BaccaratOutcomeCounts = { player: 0, tie: 0, banker: 0, bankerOn6: 0, total: 0 };
  const record = (weight: number, used: number, p: number, b: number): void => {
    let w = weight;
    for (let k = used; k < 6; k++) w *= size - k;
    result.total += w;
    if (p > b) result.player += w;
    else if (p === b) result.tie += w;
    else if (b === 6) result.bankerOn6 += w;
    else result.banker += w;
  };
  const take = (v: number, w: number): number => w * counts[v]!--;
  for (let p1 = 0; p1 < 10; p1++) {
    const w1 = take(p1, 1);
    for (let b1 = 0; b1 < 10; b1++) {
      if (counts[b1] === 0) continue;
      const w2 = take(b1, w1);
      for (let p2 = 0; p2 < 10; p2++) {
        if (counts[p2] === 0) continue;
        const w3 = take(p2, w2);
        for (let b2 = 0; b2 < 10; b2++) {
          if (counts[b2] === 0) continue;
          const w4 = take(b2, w3);
          const p = (p1 + p2) % 10;
          const b = (b1 + b2) % 10;
          if (p >= 8 || b >= 8 || (!playerDraws(p) && !bankerDraws(b, null))) record(w4, 4, p, b);
          else if (!playerDraws(p)) {
            for (let b3 = 0; b3 < 10; b3++) if (counts[b3]! > 0) record(w4 * counts[b3]!, 5, p, (b + b3) % 10);
          } else {
            for (let p3 = 0; p3 < 10; p3++) {
              if (counts[p3] === 0) continue;
              const w5 = take(p3, w4);
              const pt = (p + p3) % 10;
              if (bankerDraws(b, p3)) {
                for (let b3 = 0; b3 < 10; b3++) if (counts[b3]! > 0) record(w5 * counts[b3]!, 6, pt, (b + b3) % 10);
              } else record(w5, 5, pt, b);
              counts[p3]!++;
            }
          }
          counts[b2]!++;
        }
        counts[p2]!++;
      }
      counts[b1]!++;
    }
    counts[p1]!++;
  }
  return result;
}

/** The exact return of a baccarat bet from a full shoe of `decks` decks. */
export function baccaratReturn(bet: BaccaratBet, table: BaccaratTable, decks = BACCARAT_DECKS): ExactReturn {
  if (bet === 'PLAYER_PAIR' || bet === 'BANKER_PAIR') {
    // The side's first two cards share a rank: any first card, then one of the 4·decks − 1 others.
    const size = 52 * decks;
    const pair = 4 * decks - 1;
    return returnOf([
      [pair, 12_000],
      [size - 1 - pair, 0],
    ]);
  }
  const c = baccaratOutcomeCounts(decks);
  const m = (winner: 'PLAYER' | 'BANKER' | 'TIE', bankerTotal: number): number =>
    baccaratMultiplier({ winner, bankerTotal, player: [], banker: [] }, bet, table);
  return returnOf([
    [c.player, m('PLAYER', 0)],
    [c.tie, m('TIE', 0)],
    [c.banker, m('BANKER', 7)],
    [c.bankerOn6, m('BANKER', 6)],
  ]);
}

/** Dragon tiger over every ordered pair of cards from a full shoe (same card: n(n−1) ways, else n²). */
export function dragonTigerReturn(bet: DragonTigerBet, decks = DRAGON_TIGER_DECKS): ExactReturn {
  const outcomes: Array<[number, number]> = [];
  for (let dragon = 0; dragon < 52; dragon++) {
    for (let tiger = 0; tiger < 52; tiger++) {
      const d = (dragon % 13) + 1;
      const t = (tiger % 13) + 1;
      const winner = d > t ? 'DRAGON' : t > d ? 'TIGER' : 'TIE';
      outcomes.push([dragon === tiger ? decks * (decks - 1) : decks * decks, dragonTigerMultiplier({ dragon, tiger, winner }, bet)]);
    }
  }
  return returnOf(outcomes);
}

/** A sic bo bet over all 216 rolls of three dice. */
export function sicBoReturn(bet: SicBoBet): ExactReturn {
  const outcomes: Array<[number, number]> = [];
  for (let a = 1; a <= 6; a++) {
    for (let b = 1; b <= 6; b++) {
      for (let c = 1; c <= 6; c++) {
        const roll: SicBoRoll = { dice: [a, b, c], total: a + b + c, isTriple: a === b && b === c };
        outcomes.push([1, sicBoMultiplier(roll, bet)]);
      }
    }
  }
  return returnOf(outcomes);
}

/** A roulette bet over the 37 pockets. */
export function rouletteReturn(bet: RouletteBet): ExactReturn {
  return returnOf(Array.from({ length: 37 }, (_, pocket) => [1, rouletteMultiplier(pocket, bet)] as const));
}

/** The jackpot wheel's own pay (jackpot apart) over its 32 equal segments: 95.3125%. */
export function jackpotWheelReturn(): ExactReturn {
  return returnOf(WHEEL_PAYTABLE.map((hundredths) => [1, hundredths * 10] as const));
}

/**
 * The jackpot trigger of one spin at `stake` as a 0/1 outcome: its mean is the exact chance
 * stake / 1,000,000,000 and its variance p(1 − p), so a simulator checks the hit frequency with the
 * same tolerance as a return.
 */
export function jackpotTriggerFrequency(stake: number): ExactReturn {
  return returnOf([
    [stake, MULTIPLIER_SCALE],
    [JACKPOT_TRIGGER_BOUND - stake, 0],
  ]);
}

/**
 * A crash bet that cashes out at target k (hundredths, ≥ 1.01×), counted over the 2^52 draws:
 * it pays k/100 on the floor(99·2^52/k) draws whose crash point reaches k, nothing otherwise.
 */
export function crashTargetReturn(k: number): ExactReturn {
  const reaching = Number(drawsReaching(k));
  return returnOf([
    [reaching, k * (MULTIPLIER_SCALE / 100)],
    [CRASH_E - reaching, 0],
  ]);
}
