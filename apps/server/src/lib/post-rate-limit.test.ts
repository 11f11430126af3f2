import { describe, expect, it } from 'vitest';
import { postWaitMs } from './post-rate-limit.ts';

describe('postWaitMs', () => {
  const at = new Date('2026-11-26T03:00:00Z');
  const ago = (ms: number) => new Date(at.getTime() - ms);
  const limits = { intervalMs: 2_000, perMinuteMax: 3 };

  it('lets a first post through and holds the next one for the rest of the interval', () => {
    expect(postWaitMs([], at, limits)).toBe(0);
    expect(postWaitMs([ago(500)], at, limits)).toBe(1_500);
    expect(postWaitMs([ago(2_500)], at, limits)).toBe(0);
  });

  it('holds a post past the per-minute count until the oldest counted one leaves the minute', () => {
    expect(postWaitMs([ago(50_000), ago(30_000), ago(10_000)], at, limits)).toBe(10_000);
    expect(postWaitMs([ago(30_000), ago(10_000)], at, limits)).toBe(0);
  });
});
