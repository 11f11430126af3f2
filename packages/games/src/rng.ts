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
 * The outcome byte stream of one round: HMAC-SHA256(serverSeed, `${clientSeed}:${nonce}:${cursor}`)
 * for cursor 0, 1, 2, ... concatenated, read as big-endian 32-bit words. Every draw of the round
 * takes the next words of this one stream, so a round's outcome depends only on its three inputs.
 */
export class HmacWordStream {
  private block: Buffer = Buffer.alloc(0);
  private offset = 0;
  private cursor = 0;

  constructor(
    private readonly serverSeed: string,
    private readonly clientSeed: string,
    private readonly nonce: number,
  ) {}

  nextWord(): number {
    if (this.offset + 4 > this.block.length) {
      this.block = createHmac('sha256', this.serverSeed)
        .update(`${this.clientSeed}:${this.nonce}:${this.cursor++}`)
        .digest();
      this.offset = 0;
    }
    const word = this.block.readUInt32BE(this.offset);
    this.offset += 4;
    return word;
  }

  /**
   * A uniform integer in [0, bound) by rejection sampling: words at or above the largest multiple
   * of bound below 2^32 are skipped, so there is no modulo bias.
   */
  nextInt(bound: number): number {
    if (!Number.isSafeInteger(bound) || bound <= 0 || bound > 2 ** 32) throw new RangeError(`bad bound ${bound}`);
    const limit = 2 ** 32 - (2 ** 32 % bound);
    for (;;) {
      const word = this.nextWord();
      if (word < limit) return word % bound;
    }
  }
}

/** A uniform integer in [0, bound) from the seeds: the first draw of the round's stream. */
export function uniformInt(serverSeed: string, clientSeed: string, nonce: number, bound: number): number {
  return new HmacWordStream(serverSeed, clientSeed, nonce).nextInt(bound);
}
