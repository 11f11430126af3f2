import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hashRequest } from './request-hash.ts';

describe('the request hash', () => {
  it('is the SHA-256 hex of the parts as compact JSON (the text the ledger also builds in SQL)', () => {
    // The ledger's one-statement settlement hashes '["settle",' || id || ',' || house || ',' || payout || ',null,null]'.
    expect(hashRequest(['settle', 42, 7, 1500, null, null])).toBe(
      createHash('sha256').update('["settle",42,7,1500,null,null]', 'utf8').digest('hex'),
    );
  });

  it('never changes for stored requests', () => {
    // Frozen values: a change here breaks idempotent replays of requests already stored.
    expect(hashRequest([])).toBe('4f53cda18c2baa0c0354bb5f9a3ecbe5ed12ab4d8e11ba873c2f11161202b945');
    expect(hashRequest(['to_vendor', 'DEMO', 1000])).toBe(createHash('sha256').update('["to_vendor","DEMO",1000]').digest('hex'));
    expect(hashRequest(['Đức', 'rút tiền'])).toBe(createHash('sha256').update('["Đức","rút tiền"]', 'utf8').digest('hex'));
  });

  it('is 64 lower-case hex digits and tells different parts apart', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string(), fc.integer(), fc.constant(null))), fc.string(), (parts, extra) => {
        const hash = hashRequest(parts);
        expect(hash).toMatch(/^[0-9a-f]{64}$/);
        expect(hashRequest([...parts, extra])).not.toBe(hash);
      }),
    );
  });
});
