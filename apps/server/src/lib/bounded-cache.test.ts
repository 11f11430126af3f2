import { describe, expect, it } from 'vitest';
import { createBoundedCache } from './bounded-cache.ts';

describe('the bounded cache', () => {
  it('keeps at most its bound, dropping the least recently used', () => {
    const cache = createBoundedCache<string, number>({ max: 3 });
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    expect(cache.get('a')).toBe(1); // a is now the most recent
    cache.set('d', 4);
    expect(cache.size()).toBe(3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('d')).toBe(4);
  });

  it('expires entries by the injected clock, at exactly their lifetime', () => {
    let clock = new Date('2026-11-22T00:00:00Z');
    const cache = createBoundedCache<string, string>({ max: 10, ttlMs: 1_000, now: () => clock });
    cache.set('k', 'v');
    clock = new Date(clock.getTime() + 999);
    expect(cache.get('k')).toBe('v');
    clock = new Date(clock.getTime() + 1);
    expect(cache.get('k')).toBeUndefined();
    expect(cache.size()).toBe(0);
  });

  it('expires with a clock that starts at the epoch, and takes a lifetime per entry', () => {
    let clock = 0;
    const cache = createBoundedCache<string, string>({ max: 10, ttlMs: 1_000, now: () => new Date(clock) });
    cache.set('short', 's', 10);
    cache.set('long', 'l');
    clock = 10;
    expect(cache.get('short')).toBeUndefined();
    expect(cache.get('long')).toBe('l');
    clock = 1_001;
    expect(cache.get('long')).toBeUndefined();
  });

  it('serves no entry longer than its lifetime when the clock steps back, once or twice', () => {
    let clock = new Date('2026-11-22T12:00:00Z');
    const step = (ms: number) => {
      clock = new Date(clock.getTime() + ms);
    };
    const cache = createBoundedCache<string, string>({ max: 10, ttlMs: 10 * 60_000, now: () => clock });
    cache.set('before', 'old');
    step(-60 * 60_000);
    // Stored an hour "in the future": its age is unknown, so it is not served.
    expect(cache.get('before')).toBeUndefined();
    cache.set('after', 'new');
    expect(cache.get('after')).toBe('new');
    step(9 * 60_000);
    expect(cache.get('after')).toBe('new');
    step(-30 * 60_000);
    expect(cache.has('after')).toBe(false);
    cache.set('again', 'v', 60_000);
    step(60_000);
    // Forward steps keep the lifetime as before: gone at exactly its end.
    expect(cache.get('again')).toBeUndefined();
    expect(cache.size()).toBe(0);
  });

  it('remembers a loaded value, undefined included', async () => {
    const cache = createBoundedCache<string, string | undefined>({ max: 10 });
    let loads = 0;
    const load = async () => {
      loads += 1;
      return undefined;
    };
    expect(await cache.remember('missing', load)).toBeUndefined();
    expect(await cache.remember('missing', load)).toBeUndefined();
    expect(loads).toBe(1);
    expect(cache.lookup('missing')).toEqual({ value: undefined });
    expect(cache.has('missing')).toBe(true);
  });

  it('drops entries by key, by a rule on keys, or all', () => {
    const cache = createBoundedCache<string, number>({ max: 10 });
    for (const key of ['1|a', '1|b', '2|a']) cache.set(key, 0);
    cache.deleteWhere((key) => key.startsWith('1|'));
    expect(cache.size()).toBe(1);
    expect(cache.has('2|a')).toBe(true);
    cache.delete('2|a');
    expect(cache.size()).toBe(0);
    cache.set('x', 1);
    cache.clear();
    expect(cache.get('x')).toBeUndefined();
  });

  it('refuses a lifetime without the clock', () => {
    expect(() => createBoundedCache({ max: 1, ttlMs: 10 })).toThrow(TypeError);
    expect(() => createBoundedCache<string, number>({ max: 1 }).set('a', 1, 10)).toThrow(TypeError);
  });
});
