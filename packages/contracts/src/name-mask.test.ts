import { describe, expect, it } from 'vitest';
import { maskName } from './name-mask.ts';

describe('maskName', () => {
  it('hides the middle of a name by its length', () => {
    expect(maskName('player123')).toBe('pl***23');
    expect(maskName('alice')).toBe('a***e');
    expect(maskName('abcd')).toBe('a***d');
    expect(maskName('abc')).toBe('a***');
    expect(maskName('a')).toBe('a***');
    expect(maskName('')).toBe('***');
  });

  it('counts characters, not code units, so no letter is cut in half', () => {
    expect(maskName('😀😀😀😀😀😀')).toBe('😀😀***😀😀');
    expect(maskName('nguyễnvăn')).toBe('ng***ăn');
  });
});
