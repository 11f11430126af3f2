import type { RandomSource } from './random-source.ts';

/**
 * Three-reel, one-line slots. Each reel is a strip of symbols; a spin stops every reel at a uniform
 * position and three of a kind on the line pays the symbol's multiplier of the stake. The return to
 * player is exact: `slotRtp` enumerates every combination of stops.
 */
export type SlotConfig = {
  reels: readonly [readonly string[], readonly string[], readonly string[]];
  /** Three of a kind pays stake x multiplier (integers, so payouts stay exact in minor units). */
  threeOfAKind: Readonly<Record<string, number>>;
  /** Two of this symbol on the first two reels (and not three) pays stake x this multiplier. */
  leadingPair?: { symbol: string; multiplier: number } | undefined;
};

export type SlotSpin = { stops: [number, number, number]; line: [string, string, string]; multiplier: number };

export function lineMultiplier(config: SlotConfig, line: readonly [string, string, string]): number {
  const [a, b, c] = line;
  if (a === b && b === c) return config.threeOfAKind[a] ?? 0;
  if (config.leadingPair && a === config.leadingPair.symbol && b === a) return config.leadingPair.multiplier;
  return 0;
}

export function spinSlot(config: SlotConfig, random: RandomSource): SlotSpin {
  const stops = config.reels.map((reel) => random(reel.length)) as [number, number, number];
  const line = config.reels.map((reel, i) => reel[stops[i] as number] as string) as [string, string, string];
  return { stops, line, multiplier: lineMultiplier(config, line) };
}

/** The exact expected multiplier (RTP as a fraction) and its variance, over every combination of stops. */
export function slotRtp(config: SlotConfig): { rtp: number; variance: number } {
  const [r1, r2, r3] = config.reels;
  let sum = 0;
  let sumSquares = 0;
  for (const a of r1)
    for (const b of r2)
      for (const c of r3) {
        const m = lineMultiplier(config, [a, b, c]);
        sum += m;
        sumSquares += m * m;
      }
  const count = r1.length * r2.length * r3.length;
  const rtp = sum / count;
  return { rtp, variance: sumSquares / count - rtp * rtp };
}

function strip(counts: Record<string, number>): string[] {
  return Object.entries(counts).flatMap(([symbol, count]) => Array.from({ length: count }, () => symbol));
}

const LUCKY_STRIP = strip({ SEVEN: 1, BAR: 2, BELL: 3, PLUM: 4, CHERRY: 5, LEMON: 5 });

/** Lucky Sevens: classic symbols; RTP 96.19% (exact, see slotRtp). */
export const LUCKY_SEVENS: SlotConfig = {
  reels: [LUCKY_STRIP, LUCKY_STRIP, LUCKY_STRIP],
  threeOfAKind: { SEVEN: 1000, BAR: 200, BELL: 60, PLUM: 25, CHERRY: 10, LEMON: 5 },
};

const FRUIT_STRIP = strip({ STAR: 1, GRAPE: 2, ORANGE: 3, APPLE: 4, CHERRY: 6 });

/** Fruit Spin: fewer symbols, more frequent small wins and a cherry pair; RTP 95.996% (exact). */
export const FRUIT_SPIN: SlotConfig = {
  reels: [FRUIT_STRIP, FRUIT_STRIP, FRUIT_STRIP],
  threeOfAKind: { STAR: 490, GRAPE: 80, ORANGE: 30, APPLE: 12, CHERRY: 4 },
  leadingPair: { symbol: 'CHERRY', multiplier: 1 },
};
