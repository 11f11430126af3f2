import { createHash, createHmac } from 'node:crypto';
import { type DrawResult, type LotteryRegion, prizeLayout } from './layout.ts';

/** A draw seed is hex; 16 bytes is the least that makes guessing it hopeless. */
const MIN_SEED_BYTES = 16;

function seedBytes(seedHex: string): Buffer {
  if (typeof seedHex !== 'string' || !/^(?:[0-9a-fA-F]{2})+$/.test(seedHex)) throw new RangeError('seed must be an even-length hex string');
  const bytes = Buffer.from(seedHex, 'hex');
  if (bytes.length < MIN_SEED_BYTES) throw new RangeError(`seed must be at least ${MIN_SEED_BYTES} bytes`);
  return bytes;
}

/** SHA-256 of the seed bytes (not of the hex text), hex: published when the draw opens. */
export function seedCommitment(seedHex: string): string {
  return createHash('sha256').update(seedBytes(seedHex)).digest('hex');
}

/**
 * Uniform decimal digits from a seed: the byte stream HMAC-SHA256(key = seed bytes, message = "0"),
 * then message "1", "2", ... (the counter in ASCII decimal); a byte below 250 gives the digit
 * byte % 10, a byte of 250 or more is skipped, so every digit has probability exactly 1/10.
 */
export function* seedDigits(seedHex: string): Generator<string, never, void> {
  const key = seedBytes(seedHex);
  for (let counter = 0; ; counter++) {
    const block = createHmac('sha256', key).update(String(counter)).digest();
    for (const byte of block) {
      if (byte < 250) yield String(byte % 10);
    }
  }
}

/**
 * The whole sheet of a region from a seed, deterministically: digits are taken from `seedDigits`
 * in layout order (special prize first, then G1, G2 ..., each number left to right).
 */
export function drawFromSeed(region: LotteryRegion, seedHex: string): DrawResult {
  const digits = seedDigits(seedHex);
  const result: DrawResult = {};
  for (const { tier, count, digits: width } of prizeLayout(region)) {
    const numbers: string[] = [];
    for (let i = 0; i < count; i++) {
      let number = '';
      for (let d = 0; d < width; d++) number += digits.next().value;
      numbers.push(number);
    }
    result[tier] = numbers;
  }
  return result;
}
