import { describe, expect, it } from 'vitest';
import { NORTH_2025_07_17, NORTH_2025_08_02, NORTH_2025_08_23 } from './fixtures.ts';
import { LOTTERY_REGIONS, validateDrawResult } from './layout.ts';
import { publishedSheets } from './published-sheets.ts';

describe('published sheets', () => {
  it('are valid sheets of their region, one per day, oldest first', () => {
    for (const region of LOTTERY_REGIONS) {
      const sheets = publishedSheets(region);
      expect(sheets.length, region).toBeGreaterThan(0);
      for (const sheet of sheets) expect(validateDrawResult(region, sheet.result), `${region} ${sheet.drawDate}`).toEqual([]);
    }
    const days = publishedSheets('north').map((s) => s.drawDate);
    expect(days.every((day, i) => i === 0 || day > days[i - 1]!)).toBe(true);
    expect(days.length).toBeGreaterThan(400);
  });

  it('hold the northern test sheets digit for digit (two copies of the same history agree)', () => {
    const byDay = new Map(publishedSheets('north').map((s) => [s.drawDate, s.result]));
    expect(byDay.get('2025-07-17')).toEqual(NORTH_2025_07_17);
    expect(byDay.get('2025-08-02')).toEqual(NORTH_2025_08_02);
    expect(byDay.get('2025-08-23')).toEqual(NORTH_2025_08_23);
  });
});
