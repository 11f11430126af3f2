import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Bet } from './bets.ts';
import { cashOutValue } from './cash-out.ts';
import { formatOdds, fromFormat, ODDS_FORMATS, parseOdds, toFormat, toOddsMilli } from './odds-format.ts';
import { checkOddsChange, checkSlipOdds } from './odds-policy.ts';

describe('odds formats', () => {
  it.each([
    // decimal, Hong Kong, Malay, Indonesian (worked out by hand from the definitions)
    [1.8, 0.8, 0.8, -1.25],
    [2.5, 1.5, -2 / 3, 1.5],
    [2.0, 1.0, 1.0, 1.0],
    [1.5, 0.5, 0.5, -2.0],
    [5.0, 4.0, -0.25, 4.0],
    [1.25, 0.25, 0.25, -4.0],
  ])('%f decimal is %f HK, %f Malay, %f Indonesian', (d, hk, my, id) => {
    expect(toFormat(d, 'hongkong')).toBeCloseTo(hk, 9);
    expect(toFormat(d, 'malay')).toBeCloseTo(my, 9);
    expect(toFormat(d, 'indonesian')).toBeCloseTo(id, 9);
    expect(fromFormat(my, 'malay')).toBeCloseTo(d, 9);
    expect(fromFormat(id, 'indonesian')).toBeCloseTo(d, 9);
  });

  it('shows prices the Asian way and reads what a member types', () => {
    expect(formatOdds(2500, 'malay')).toBe('-0.67');
    expect(formatOdds(1800, 'indonesian')).toBe('-1.25');
    expect(formatOdds(1950, 'hongkong')).toBe('0.95');
    expect(formatOdds(1950, 'decimal')).toBe('1.95');
    expect(formatOdds(21000, 'malay')).toBe('-0.050');
    expect(parseOdds('-0.80', 'malay')).toBe(2250);
    expect(parseOdds('-1.25', 'indonesian')).toBe(1800);
    expect(() => parseOdds('0.5', 'indonesian')).toThrow(RangeError);
    expect(() => parseOdds('-1.5', 'malay')).toThrow(RangeError);
    expect(() => parseOdds('abc', 'decimal')).toThrow(RangeError);
  });

  it('round-trips every price from 1.01 to 1000 within 0.001 in every format', () => {
    fc.assert(
      fc.property(fc.double({ min: 1.01, max: 1000, noNaN: true }), fc.constantFrom(...ODDS_FORMATS), (d, format) => {
        expect(Math.abs(fromFormat(toFormat(d, format), format) - d)).toBeLessThan(0.001);
      }),
      { numRuns: 5000 },
    );
  });

  it('round-trips every stored price (thousandths) exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1010, max: 1_000_000 }), fc.constantFrom(...ODDS_FORMATS), (milli, format) => {
        expect(toOddsMilli(fromFormat(toFormat(milli / 1000, format), format))).toBe(milli);
      }),
      { numRuns: 5000 },
    );
  });
});

describe('odds-change policy', () => {
  it.each([
    ['none', 1900, 1900, 1900],
    ['none', 1900, 1950, null],
    ['none', 1900, 1850, null],
    ['higher', 1900, 1950, 1950],
    ['higher', 1900, 1900, 1900],
    ['higher', 1900, 1850, null],
    ['any', 1900, 1850, 1850],
    ['any', 1900, 1950, 1950],
  ] as const)('%s: slip %i, now %i → %s', (policy, requested, current, placedAt) => {
    const check = checkOddsChange(requested, current, policy);
    expect(check.accepted ? check.odds : null).toBe(placedAt);
  });

  it('takes a slip only when every leg passes', () => {
    expect(
      checkSlipOdds(
        [
          { requested: 1900, current: 2000 },
          { requested: 1500, current: 1400 },
        ],
        'higher',
      ),
    ).toEqual({ accepted: false, rejected: [1] });
    expect(
      checkSlipOdds(
        [
          { requested: 1900, current: 2000 },
          { requested: 1500, current: 1500 },
        ],
        'higher',
      ),
    ).toEqual({ accepted: true, odds: [2000, 1500] });
  });
});

describe('early cash-out: stake × Π settled factor × Π placed/current × (1 − margin), rounded down', () => {
  const bet = (odds: number[], kind: Bet['kind'] = { type: odds.length === 1 ? 'single' : 'parlay' }): Bet => ({
    id: 'b',
    memberId: 'm',
    kind,
    unitStake: 1000,
    legs: odds.map((o, i) => ({ eventId: `e${i}`, marketId: `e${i}/m`, selectionId: 's', odds: o })),
  });
  it('values a single whose price shortened or drifted', () => {
    expect(cashOutValue(bet([2000]), [{ currentOdds: 1600 }], 500)).toBe(1187); // 1000 × 2/1.6 × 0.95 = 1187.5
    expect(cashOutValue(bet([2000]), [{ currentOdds: 2500 }], 500)).toBe(760); // 1000 × 0.8 × 0.95
  });
  it('carries a parlay’s settled legs at their factor', () => {
    expect(cashOutValue(bet([2000, 1500]), [{ outcome: { kind: 'win' } }, { currentOdds: 1200 }], 0)).toBe(2500);
    expect(cashOutValue(bet([2000, 1800]), [{ outcome: { kind: 'half-win' } }, { currentOdds: 1800 }], 500)).toBe(1425);
  });
  it('offers nothing for a lost, fully settled or suspended bet', () => {
    expect(cashOutValue(bet([2000, 1500]), [{ outcome: { kind: 'lose' } }, { currentOdds: 1200 }], 0)).toBeNull();
    expect(cashOutValue(bet([2000, 1500]), [{ outcome: { kind: 'win' } }, {}], 0)).toBeNull();
    expect(cashOutValue(bet([2000]), [{ outcome: { kind: 'win' } }], 0)).toBeNull();
  });
  it('values a system bet line by line', () => {
    // 2/3, unit 1000: A won at 2.00, B open 2.00 now 1.60, C lost. AB = 1000 × 2 × 1.25 = 2500; AC, BC lost.
    const b = bet([2000, 2000, 3000], { type: 'system', system: '2/3' });
    expect(cashOutValue(b, [{ outcome: { kind: 'win' } }, { currentOdds: 1600 }, { outcome: { kind: 'lose' } }], 0)).toBe(2500);
  });
});
