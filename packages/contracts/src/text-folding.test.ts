import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldText, stripDiacritics } from './text-folding.ts';

/** The rule the server's game search stored its folded names with; foldText must give the same. */
const storedSearchRule = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').replace(/[đĐ]/g, 'd').toLowerCase().replace(/\s+/g, ' ').trim();

/** Any Unicode code point, lone surrogates included. */
const anyCodePoint = fc.integer({ min: 0, max: 0x10ffff }).map((code) => String.fromCodePoint(code));

describe('text folding', () => {
  it.each([
    ['Quay trái cây', 'quay trai cay'],
    ['  Quay  TRÁI Cây ', 'quay trai cay'],
    ['QUAY TRÁI CÂY', 'quay trai cay'],
    ['Đồng Xu Vàng', 'dong xu vang'],
    ['Phượng Hoàng', 'phuong hoang'],
    ['  Đăng  NHẬP ', 'dang nhap'],
    ['Rút tiền\tnhanh\n', 'rut tien nhanh'],
    ['RỒNG VÀNG', 'rong vang'],
    ['Nguyễn Văn Đức', 'nguyen van duc'],
    ['', ''],
  ])('folds %j to %j', (text, folded) => {
    expect(foldText(text)).toBe(folded);
  });

  it('strips accents and reads đ as d, keeping case', () => {
    expect(stripDiacritics('Nguyễn Văn Đức')).toBe('Nguyen Van Duc');
    expect(stripDiacritics('đĐ ÀÁẢÃẠ')).toBe('dD AAAAA');
  });

  it('is the rule the server stored game names with, for any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 24 }), (text) => {
        expect(foldText(text)).toBe(storedSearchRule(text));
      }),
    );
    fc.assert(
      fc.property(fc.string({ unit: anyCodePoint, maxLength: 24 }), (text) => {
        expect(foldText(text)).toBe(storedSearchRule(text));
      }),
    );
  });

  it('is idempotent and leaves no accents, capitals or double spaces', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 24 }), (text) => {
        const folded = foldText(text);
        expect(foldText(folded)).toBe(folded);
        expect(folded).not.toMatch(/\p{M}|đ|Đ|\s\s|^\s|\s$/u);
      }),
    );
  });
});
