import { describe, expect, it } from 'vitest';
import { fastestLine, linesOf, median, throughputMbps } from './speed-test-rules.ts';

describe('the speed test', () => {
  it('takes the median round trip, so one slow request does not decide', () => {
    expect(median([30, 10, 20])).toBe(20);
    expect(median([10, 20, 30, 400])).toBe(25);
    expect(median([])).toBeNull();
  });

  it('turns bytes over time into megabits per second', () => {
    expect(throughputMbps(262_144, 1_000)).toBeCloseTo(2.097, 3);
    expect(throughputMbps(1_000, 0)).toBe(0);
  });

  it('compares this site with each other domain of the operator, once', () => {
    const current = { protocol: 'https:', host: 'lotus.example', origin: 'https://lotus.example' };
    expect(linesOf(['lotus.example', 'lotus2.example', 'lotus2.example'], current)).toEqual([
      'https://lotus.example',
      'https://lotus2.example',
    ]);
    expect(linesOf([], current)).toEqual(['https://lotus.example']);
  });

  it('picks the reachable line with the lowest round trip', () => {
    expect(
      fastestLine([
        { origin: 'a', latencyMs: 80, mbps: 5, isReachable: true },
        { origin: 'b', latencyMs: 40, mbps: 1, isReachable: true },
        { origin: 'c', latencyMs: null, mbps: null, isReachable: false },
      ]),
    ).toBe('b');
    expect(fastestLine([{ origin: 'c', latencyMs: null, mbps: null, isReachable: false }])).toBeNull();
  });
});
