import { afterEach, describe, expect, it, vi } from 'vitest';
import { hashPassword, verifyPassword } from './password.ts';

describe('password hashing', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('stores argon2id hashes that verify the right password only', async () => {
    // The production cost, not the minimal one the rest of the suite hashes with.
    vi.stubEnv('PASSWORD_HASH_COST', undefined);
    const stored = await hashPassword('correct horse');
    expect(stored.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);
    expect(await verifyPassword(stored, 'correct horse')).toBe(true);
    expect(await verifyPassword(stored, 'Correct horse')).toBe(false);
  });

  it('hashes with the minimal cost only under test, when the suite asks for it', async () => {
    vi.stubEnv('PASSWORD_HASH_COST', 'minimal');
    expect((await hashPassword('correct horse')).startsWith('$argon2id$v=19$m=8,t=1,p=1$')).toBe(true);
    vi.stubEnv('NODE_ENV', 'production');
    expect((await hashPassword('correct horse')).startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);
  });

  it('treats a malformed stored hash as a wrong password', async () => {
    expect(await verifyPassword('not-a-hash', 'anything')).toBe(false);
  });
});
