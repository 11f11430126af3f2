import { describe, expect, it } from 'vitest';
import { type FightBet, pariMutuelCancelled, pariMutuelPer100, settleFight } from './cockfight.ts';

/** Figures worked out by hand from the rules in cockfight.ts (commission 5% unless stated). */
const pm = { mode: 'pari-mutuel', commissionBp: 500 } as const;
const bets = (...list: Array<[string, FightBet['side'], number]>): FightBet[] => list.map(([id, side, stake]) => ({ id, side, stake }));

describe('cockfight pari-mutuel', () => {
  it('shares the pool less commission among the winners: even pools pay 190 per 100', () => {
    expect(pariMutuelPer100({ meron: 10_000, wala: 10_000 }, 500)).toEqual({ meron: 19_000, wala: 19_000 });
    const r = settleFight(pm, bets(['m', 'meron', 10_000], ['w', 'wala', 10_000], ['m2', 'meron', 1000]), 'meron');
    // Pools 11000 / 10000: Meron per 100 = 21000 × 0.95 / 11000 × 100 = 181.36 (truncated); 10000 → 18136, 1000 → 1813.
    expect([...r]).toEqual([
      ['m', 18_136],
      ['w', 0],
      ['m2', 1813],
    ]);
  });

  it('pays an uneven pool by side: 126.66 and 380.00 per 100', () => {
    expect(pariMutuelPer100({ meron: 15_000, wala: 5000 }, 500)).toEqual({ meron: 12_666, wala: 38_000 });
    const r = settleFight(pm, bets(['a', 'meron', 14_667], ['b', 'meron', 333], ['c', 'wala', 5000]), 'wala');
    expect(r.get('c')).toBe(19_000);
    expect(r.get('a')).toBe(0);
    const m = settleFight(pm, bets(['a', 'meron', 14_667], ['b', 'meron', 333], ['c', 'wala', 5000]), 'meron');
    expect(m.get('b')).toBe(421); // 333 × 126.66 / 100 = 421.78
  });

  it('never pays the winners more than the pool less commission', () => {
    // Meron 100 + 200 + 300, Wala 400: per 100 = 1000 × 0.95 / 600 = 158.33 → 158, 316, 474 = 948 ≤ 950.
    const r = settleFight(pm, bets(['a', 'meron', 100], ['b', 'meron', 200], ['c', 'meron', 300], ['d', 'wala', 400]), 'meron');
    expect([r.get('a'), r.get('b'), r.get('c'), r.get('d')]).toEqual([158, 316, 474, 0]);
  });

  it('cancels a fight whose side would return 107 or less per 100', () => {
    expect(pariMutuelCancelled({ meron: 18_000, wala: 2000 }, 500)).toBe(true); // Meron 105.55
    expect(pariMutuelCancelled({ meron: 10_000, wala: 700 }, 0)).toBe(true); // Meron exactly 107.00
    expect(pariMutuelCancelled({ meron: 10_000, wala: 701 }, 0)).toBe(false); // Meron 107.01
    expect(pariMutuelCancelled({ meron: 1000, wala: 0 }, 500)).toBe(true); // no Wala at all
    const r = settleFight(pm, bets(['m', 'meron', 18_000], ['w', 'wala', 2000], ['d', 'draw', 100]), 'meron');
    expect([...r.values()]).toEqual([18_000, 2000, 100]);
  });

  it('pays a draw 8 to 1 and refunds Meron and Wala; draw bets lose when a side wins', () => {
    const list = bets(['m', 'meron', 10_000], ['w', 'wala', 10_000], ['d', 'draw', 100]);
    expect([...settleFight(pm, list, 'draw').values()]).toEqual([10_000, 10_000, 900]);
    expect(settleFight(pm, list, 'wala').get('d')).toBe(0);
    expect([...settleFight(pm, list, 'cancelled').values()]).toEqual([10_000, 10_000, 100]);
  });
});

describe('cockfight fixed odds', () => {
  const fixed = { mode: 'fixed', meron: 1900, wala: 1950 } as const;
  it('pays the operator’s price, refunds on a draw and has no cancellation threshold', () => {
    const list = bets(['m', 'meron', 1000], ['w', 'wala', 1001], ['d', 'draw', 50]);
    expect([...settleFight(fixed, list, 'meron').values()]).toEqual([1900, 0, 0]);
    expect([...settleFight(fixed, list, 'wala').values()]).toEqual([0, 1951, 0]); // 1001 × 1.95 = 1951.95
    expect([...settleFight(fixed, list, 'draw').values()]).toEqual([1000, 1001, 450]);
    expect(settleFight(fixed, bets(['m', 'meron', 10_000]), 'meron').get('m')).toBe(19_000);
  });
  it('refuses a bad stake', () => {
    expect(() => settleFight(fixed, bets(['m', 'meron', 0]), 'meron')).toThrow(RangeError);
  });
});
