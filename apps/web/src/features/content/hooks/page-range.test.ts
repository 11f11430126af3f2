import { describe, expect, it } from 'vitest';
import { formatStartTime } from './format-start-time.ts';
import { pageRange } from './page-range.ts';
import { localDay } from './popup-hidden-today.ts';

describe('pageRange', () => {
  it('lists every page when there are few', () => {
    expect(pageRange(1, 1)).toEqual([1]);
    expect(pageRange(2, 4)).toEqual([1, 2, 3, 4]);
  });

  it('keeps the first and last page and three around the current one, with gaps', () => {
    expect(pageRange(1, 10)).toEqual([1, 2, 3, null, 10]);
    expect(pageRange(5, 10)).toEqual([1, null, 4, 5, 6, null, 10]);
    expect(pageRange(10, 10)).toEqual([1, null, 8, 9, 10]);
    expect(pageRange(3, 10)).toEqual([1, 2, 3, 4, null, 10]);
  });
});

describe('formatStartTime and localDay', () => {
  it('write the spec formats in the local time zone', () => {
    const date = new Date(2026, 0, 2, 3, 4, 5);
    expect(formatStartTime(date.toISOString())).toBe('2026-01-02 03:04:05');
    expect(localDay(date)).toBe('2026-01-02');
    expect(formatStartTime('not a date')).toBe('');
  });
});
