import { describe, expect, it } from 'vitest';
import { ERROR_CODES, errorMessage, isErrorCode } from './errors.ts';

describe('error catalogue', () => {
  it('gives every code an HTTP error status and a non-empty message in Vietnamese and English', () => {
    for (const [code, entry] of Object.entries(ERROR_CODES)) {
      expect(entry.status, code).toBeGreaterThanOrEqual(400);
      expect(entry.status, code).toBeLessThan(600);
      expect(entry.vi.trim(), code).not.toBe('');
      expect(entry.en.trim(), code).not.toBe('');
    }
  });

  it('keeps the spec keys stable', () => {
    expect(isErrorCode('in_need_true_account')).toBe(true);
    expect(errorMessage('in_need_true_account', 'en')).toBe('Please register or log in to an official account');
    expect(isErrorCode('toString')).toBe(false);
  });
});
