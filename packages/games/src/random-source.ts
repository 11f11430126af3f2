import { randomInt } from 'node:crypto';
import { uniformInt } from './rng.ts';

/** A source of uniform integers in [0, bound); engines draw every outcome from one. */
export type RandomSource = (bound: number) => number;

/** The live source: the operating system's cryptographic generator, without modulo bias. */
export const cryptoRandom: RandomSource = (bound) => randomInt(bound);

/**
 * A reproducible source from seeds (provably fair rounds, simulations): draw i is
 * uniformInt(serverSeed, clientSeed, nonce + i).
 */
export function seededRandom(serverSeed: string, clientSeed: string, nonce = 0): RandomSource {
  let draw = 0;
  return (bound) => uniformInt(serverSeed, clientSeed, nonce + draw++, bound);
}
