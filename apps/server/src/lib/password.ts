import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with OWASP's minimum (19 MiB, 2 passes, 1 lane). Hashing takes tens of milliseconds on
 * purpose; never call it in a loop over users.
 */
const ARGON2ID = 2;
export const PASSWORD_HASH_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * argon2id's smallest cost, for the test suite only (vitest.config.ts sets PASSWORD_HASH_COST=minimal,
 * and only under NODE_ENV=test does it count): the same algorithm and the same verify path, in well
 * under a millisecond instead of tens. A stored hash names its own parameters, so verify follows it.
 */
const MINIMAL_TEST_HASH_OPTIONS = { algorithm: ARGON2ID, memoryCost: 8, timeCost: 1, parallelism: 1 } as const;

function hashOptions() {
  const isMinimal = process.env.NODE_ENV === 'test' && process.env.PASSWORD_HASH_COST === 'minimal';
  return isMinimal ? MINIMAL_TEST_HASH_OPTIONS : PASSWORD_HASH_OPTIONS;
}

export function hashPassword(plain: string): Promise<string> {
  return hash(plain, hashOptions());
}

/** False for a wrong password and for a malformed stored hash alike. */
export async function verifyPassword(storedHash: string, plain: string): Promise<boolean> {
  try {
    return await verify(storedHash, plain);
  } catch {
    return false;
  }
}
