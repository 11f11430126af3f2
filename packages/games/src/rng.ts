import { createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * Provably fair randomness by commit-reveal: a round's server seed is drawn at random and only its
 * SHA-256 hash is published before play; after the round the seed is revealed and anyone can
 * recompute every outcome from (server seed, client seed, nonce).
 */
export const SERVER_SEED_BYTES = 32;

export function newServerSeed(): string {
  return randomBytes(SERVER_SEED_BYTES).toString('hex');
}

export function commitmentOf(serverSeed: string): string {
  return createHash('sha256').update(serverSeed).digest('hex');
}

export function verifyCommitment(serverSeed: string, commitment: string): boolean {
  return commitmentOf(serverSeed) === commitment;
}

/**
 * A uniform integer in [0, bound) from the seeds. Bytes of HMAC-SHA256(serverSeed, clientSeed:nonce:i)
 * are read 4 at a time and rejection-sampled, so there is no modulo bias.
 */
export function uniformInt(serverSeed: string, clientSeed: string, nonce: number, bound: number): number {
  if (!Number.isSafeInteger(bound) || bound <= 0 || bound > 2 ** 32) throw new RangeError(`bad bound ${bound}`);
  const limit = 2 ** 32 - (2 ** 32 % bound);
  for (let counter = 0; ; counter++) {
    const digest = createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}:${counter}`).digest();
    for (let offset = 0; offset + 4 <= digest.length; offset += 4) {
      const value = digest.readUInt32BE(offset);
      if (value < limit) return value % bound;
    }
  }
}
