import { describe, expect, it } from 'vitest';
import { gridNumbers, lineCost, linesFromPick, togglePick, winPerHit } from './slip-rules.ts';

const limits = { minStake: 1_000, maxStake: 10_000_000 };

describe('the bet slip', () => {
  it('costs stake × multiplier and pays stake × odds / 1000 per hit, rounded down', () => {
    expect(lineCost(1_000, { stakeMultiplier: 27 })).toBe(27_000);
    expect(winPerHit(1_000, { oddsMilli: 95_000 })).toBe(95_000);
    expect(winPerHit(1_001, { oddsMilli: 9_500 })).toBe(9_509);
  });

  it('offers 0..9 and 00..99 in the grids', () => {
    expect(gridNumbers(1)).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
    const two = gridNumbers(2);
    expect(two).toHaveLength(100);
    expect([two[0], two[7], two[99]]).toEqual(['00', '07', '99']);
  });

  it('makes a line per number for a single-number type and one line for a combination', () => {
    expect(linesFromPick({ betType: 'lo2', count: 1 }, ['27', '38'], 1_000, limits)).toEqual({
      lines: [
        { betType: 'lo2', numbers: ['27'], stakePerUnit: 1_000 },
        { betType: 'lo2', numbers: ['38'], stakePerUnit: 1_000 },
      ],
    });
    expect(linesFromPick({ betType: 'xien2', count: 2 }, ['38', '12'], 2_000, limits)).toEqual({
      lines: [{ betType: 'xien2', numbers: ['12', '38'], stakePerUnit: 2_000 }],
    });
  });

  it('names what is missing before a line can be added', () => {
    expect(linesFromPick({ betType: 'lo2', count: 1 }, [], 1_000, limits)).toEqual({ issue: 'pickNumbers' });
    expect(linesFromPick({ betType: 'xien3', count: 3 }, ['01', '02'], 1_000, limits)).toEqual({ issue: 'pickExactly' });
    expect(linesFromPick({ betType: 'de', count: 1 }, ['27'], null, limits)).toEqual({ issue: 'stakeInvalid' });
    expect(linesFromPick({ betType: 'de', count: 1 }, ['27'], 999, limits)).toEqual({ issue: 'stakeRange' });
    expect(linesFromPick({ betType: 'de', count: 1 }, ['27'], 10_000_001, limits)).toEqual({ issue: 'stakeRange' });
  });

  it('toggles picks, a combination keeping only its count with the oldest giving way', () => {
    expect(togglePick(['27'], '27', 1)).toEqual([]);
    expect(togglePick(['27'], '38', 1)).toEqual(['27', '38']);
    expect(togglePick(['01', '02'], '03', 2)).toEqual(['02', '03']);
  });
});
