import { createHash, createHmac } from 'node:crypto';

/**
 * Crash: the pure rules, shared by the house game server, its verify page and the offline script.
 *
 * Fairness. A chain of seeds is made before the first round: seed[N] is 32 random bytes (hex), and
 * seed[i] = SHA-256(seed[i + 1]) down to seed[0], the chain's terminal hash, which is published
 * before any round is played. Round r (1-based) plays seed[r]: SHA-256 of a round's seed is the
 * previous round's seed, and hashing it r times gives the published terminal hash, so no seed can
 * be changed once the terminal hash is out.
 *
 * Crash point. h = HMAC-SHA256(key = the round's seed, message = the chain's salt); X = the first
 * 52 bits of h; E = 2^52. In hundredths, C = max(100, floor(99·E / (E − X))). For every target k
 * ≥ 101 hundredths, P(C ≥ k) = floor(99·E / k) / E, so a bet that cashes out at k returns
 * k/100 · floor(99E/k)/E: 99% less at most k·2^-52/100 — a house edge of 1% whatever the target
 * (proved by exact computation in crash.test.ts). C = 100 (the round ends at 1.00×, before anyone
 * can cash out) happens with probability 1 − floor(99E/101)/E ≈ 1.98%.
 *
 * Curve. The multiplier at t ms after the start is e^(rate·t), shown floored to hundredths; the
 * default rate 0.00006 per ms reaches 2.00× after 11.55 s and 10.00× after 38.4 s. The round ends
 * when the multiplier reaches C.
 */

export const CRASH_E = 2 ** 52;
/** The return of every target, as a fraction: 99%. */
export const CRASH_RTP = 0.99;
export const CRASH_RTP_HUNDREDTHS = 99;
/** The smallest auto cash-out target, in hundredths (1.01×). */
export const CRASH_TARGET_MIN = 101;
/** The largest target and crash point shown, in hundredths (1,000,000.00×); a higher C is capped. */
export const CRASH_POINT_MAX = 100_000_000;
export const CRASH_DEFAULT_RATE_PER_MS = 0.00006;

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The chain from a secret root: seeds[0] is the terminal hash, seeds[length] the root. */
export function buildSeedChain(rootSeed: string, length: number): string[] {
  const seeds = new Array<string>(length + 1);
  seeds[length] = rootSeed;
  for (let i = length - 1; i >= 0; i--) seeds[i] = sha256Hex(seeds[i + 1] as string);
  return seeds;
}

/** The crash point in hundredths from a round's seed and the chain's salt. */
export function crashPointOf(seed: string, salt: string): number {
  const h = createHmac('sha256', seed).update(salt).digest('hex');
  const x = Number.parseInt(h.slice(0, 13), 16); // 52 bits
  return crashPointFromDraw(x);
}

/** C from the 52-bit draw X (exact: 99·E/(E−X) is computed on integers). */
export function crashPointFromDraw(x: number): number {
  const e = BigInt(CRASH_E);
  const c = Number((99n * e) / (e - BigInt(x)));
  return Math.min(CRASH_POINT_MAX, Math.max(100, c));
}

/** How many of the 2^52 draws give a crash point of at least k hundredths (k ≥ 101). */
export function drawsReaching(k: number): bigint {
  if (k <= 100) return BigInt(CRASH_E);
  return (99n * BigInt(CRASH_E)) / BigInt(k);
}

/** The multiplier in hundredths t ms after the start (floored). */
export function multiplierAt(elapsedMs: number, ratePerMs = CRASH_DEFAULT_RATE_PER_MS): number {
  if (elapsedMs <= 0) return 100;
  return Math.floor(100 * Math.exp(ratePerMs * elapsedMs) + 1e-9);
}

/** The time in ms after the start at which the multiplier reaches k hundredths. */
export function timeToReach(k: number, ratePerMs = CRASH_DEFAULT_RATE_PER_MS): number {
  if (k <= 100) return 0;
  return Math.log(k / 100) / ratePerMs;
}

/** A cash-out's payout in minor units: stake × k/100, floored (the house keeps less than one unit). */
export function payoutOf(stake: number, k: number): number {
  return Number((BigInt(stake) * BigInt(k)) / 100n);
}

export type CrashVerification = {
  round: number;
  seed: string;
  crashPoint: number;
  /** True when hashing the seed `round` times gives the terminal hash. */
  isChained: boolean;
};

/** Recomputes a round from its revealed seed and checks it chains to the published terminal hash. */
export function verifyCrashRound(input: { round: number; seed: string; salt: string; terminalHash: string }): CrashVerification {
  let h = input.seed;
  for (let i = 0; i < input.round; i++) h = sha256Hex(h);
  return {
    round: input.round,
    seed: input.seed,
    crashPoint: crashPointOf(input.seed, input.salt),
    isChained: input.round >= 1 && h === input.terminalHash,
  };
}

/** 1.5 → "1.50×" style text of hundredths. */
export function formatMultiplier(k: number): string {
  return `${Math.floor(k / 100)}.${String(k % 100).padStart(2, '0')}×`;
}
