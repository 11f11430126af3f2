import { randomInt } from 'node:crypto';
import { HmacWordStream } from './rng.ts';

/** A source of uniform integers in [0, bound); engines draw every outcome from one. */
export type RandomSource = (bound: number) => number;

/** The live source: the operating system's cryptographic generator, without modulo bias. */
export const cryptoRandom: RandomSource = (bound) => randomInt(bound);

/**
 * The source of one provably fair round: every draw reads on in the round's single HMAC stream
 * (rng.ts), so the draws of nonce n never overlap those of nonce n + 1.
 */
export function roundRandom(serverSeed: string, clientSeed: string, nonce: number): RandomSource {
  const stream = new HmacWordStream(serverSeed, clientSeed, nonce);
  return (bound) => stream.nextInt(bound);
}

/** A float in [0, 1) with 53 random bits, from two draws. */
export function randomFloat(random: RandomSource): number {
  return (random(2 ** 26) * 2 ** 27 + random(2 ** 27)) / 2 ** 53;
}

/**
 * A fast, seeded, NOT cryptographic source (xoshiro128**) for simulators that play millions of
 * rounds to check an engine's return; live and provably fair rounds never use it.
 */
export function simulationRandom(seed: number): RandomSource {
  let a = seed >>> 0 || 1;
  let b = Math.imul(a, 0x9e3779b1) >>> 0 || 2;
  let c = Math.imul(b, 0x85ebca6b) >>> 0 || 3;
  let d = Math.imul(c, 0xc2b2ae35) >>> 0 || 4;
  const next = (): number => {
    const result = Math.imul(rotl(Math.imul(b, 5), 7), 9) >>> 0;
    const t = b << 9;
    c ^= a;
    d ^= b;
    b ^= c;
    a ^= d;
    c ^= t;
    d = rotl(d, 11);
    return result;
  };
  for (let i = 0; i < 16; i++) next();
  return (bound) => {
    if (bound === 1) return 0;
    const limit = 2 ** 32 - (2 ** 32 % bound);
    for (;;) {
      const word = next();
      if (word < limit) return word % bound;
    }
  };
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}
