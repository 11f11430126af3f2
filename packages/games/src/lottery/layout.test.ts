import { describe, expect, it } from 'vitest';
import { NORTH_2025_07_17, NORTH_2025_08_02, NORTH_2025_08_23, SOUTH_HAND_BUILT } from './fixtures.ts';
import { allNumbers, type DrawResult, numbersPerDraw, prizeLayout, validateDrawResult } from './layout.ts';

describe('prize layout', () => {
  it('has 27 numbers in the north and 18 in the central and southern draws', () => {
    expect(numbersPerDraw('north')).toBe(27);
    expect(numbersPerDraw('central')).toBe(18);
    expect(numbersPerDraw('south')).toBe(18);
  });

  it('matches the published sheets tier by tier', () => {
    expect(prizeLayout('north').map(({ tier, count, digits }) => `${tier}:${count}x${digits}`)).toEqual([
      'DB:1x5',
      'G1:1x5',
      'G2:2x5',
      'G3:6x5',
      'G4:4x4',
      'G5:6x4',
      'G6:3x3',
      'G7:4x2',
    ]);
    expect(prizeLayout('south').map(({ tier, count, digits }) => `${tier}:${count}x${digits}`)).toEqual([
      'DB:1x6',
      'G1:1x5',
      'G2:1x5',
      'G3:2x5',
      'G4:7x5',
      'G5:1x4',
      'G6:3x4',
      'G7:1x3',
      'G8:1x2',
    ]);
    expect(prizeLayout('central')).toEqual(prizeLayout('south'));
  });
});

describe('draw result validation', () => {
  it('accepts the real northern sheets and the hand-built southern one', () => {
    for (const sheet of [NORTH_2025_08_02, NORTH_2025_08_23, NORTH_2025_07_17]) expect(validateDrawResult('north', sheet)).toEqual([]);
    expect(validateDrawResult('south', SOUTH_HAND_BUILT)).toEqual([]);
    expect(validateDrawResult('central', SOUTH_HAND_BUILT)).toEqual([]);
    expect(allNumbers('north', NORTH_2025_08_02)).toHaveLength(27);
  });

  it('names each broken tier', () => {
    const { G3: _dropped, ...withoutG3 } = NORTH_2025_08_02;
    expect(validateDrawResult('north', withoutG3)).toEqual(['draw_tier_missing:G3']);
    expect(validateDrawResult('north', { ...NORTH_2025_08_02, G7: ['79', '46', '72'] })).toEqual(['draw_tier_count:G7']);
    expect(validateDrawResult('north', { ...NORTH_2025_08_02, G4: ['2262', '8504', '9999', '641'] })).toEqual(['draw_number_format:G4']);
    expect(validateDrawResult('north', { ...NORTH_2025_08_02, DB: ['7828x'] })).toEqual(['draw_number_format:DB']);
    expect(validateDrawResult('north', { ...NORTH_2025_08_02, G8: ['12'] })).toEqual(['draw_tier_unexpected:G8']);
    expect(validateDrawResult('north', { ...NORTH_2025_08_02, G6: '606' } as unknown as DrawResult)).toEqual(['draw_tier_count:G6']);
    expect(validateDrawResult('north', { ...NORTH_2025_08_02, G6: [606, 49, 603] } as unknown as DrawResult)).toEqual([
      'draw_number_format:G6',
    ]);
    expect(validateDrawResult('south', NORTH_2025_08_02)).toContain('draw_tier_missing:G8');
    expect(validateDrawResult('north', null as unknown as DrawResult)).toEqual(['draw_not_an_object']);
    expect(() => allNumbers('south', NORTH_2025_08_02)).toThrow(RangeError);
  });
});
