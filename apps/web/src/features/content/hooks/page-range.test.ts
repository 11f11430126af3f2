import { describe, expect, it } from 'vitest';
import { pageRange } from '../../../lib/page-range.ts';

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
