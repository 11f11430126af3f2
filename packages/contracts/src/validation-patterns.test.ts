import { describe, expect, it } from 'vitest';
import { acceptedPatternOf, checkField, checkFields, type FieldRule, isUnaccentedName, normaliseName } from './accounts.ts';
import { checkPattern, PATTERNS, patternHint } from './validation-patterns.ts';

/** One value each pattern must accept and one it must refuse. */
const EXAMPLES: Record<number, { accepts: string[]; refuses: string[] }> = {
  1: { accepts: ['anything at all !'], refuses: [] },
  2: { accepts: ['abc123', 'Z'], refuses: ['1abc', 'ab_c'] },
  3: { accepts: ['abc汉字', '汉字123'], refuses: ['abc123', 'ab c'] },
  4: { accepts: ['a.b+c@example.com'], refuses: ['a@b', 'no at.example.com'] },
  5: { accepts: ['abc', '123', 'a1'], refuses: ['a_1', 'á'] },
  6: { accepts: ['abc123'], refuses: ['abcdef', '123456'] },
  7: { accepts: ['0912345678'], refuses: ['09123a', '١٢٣'] },
  8: { accepts: ['Abc123'], refuses: ['abc123', 'ABC'] },
  9: { accepts: ['Nguyen Van An'], refuses: ['Nguyễn Văn An', 'An2'] },
  10: { accepts: ['a_b-c!'], refuses: ['a b'] },
  11: { accepts: ['你好，世界。'], refuses: ['hello'] },
  12: { accepts: ['2024-02-29'], refuses: ['2023-02-29', '2024-2-1'] },
  13: { accepts: ['12-31-2024'], refuses: ['31-12-2024'] },
  14: { accepts: ['안녕하세요'], refuses: ['hello'] },
  15: { accepts: ['สวัสดี'], refuses: ['สวัสดี hello'] },
  16: { accepts: ['สวัสดี hello'], refuses: ['hello1'] },
  17: { accepts: ['NGUYEN VAN AN'], refuses: ['Nguyen', '   '] },
  18: { accepts: ['a1!@#'], refuses: ['a b', 'ã'] },
  19: { accepts: ['Abcdef1!'], refuses: ['abcdef1!', 'Abcdefg1'] },
  20: { accepts: ['Van An'], refuses: ['VanAn', 'Van  An'] },
  21: { accepts: ['やまだタロウ山田'], refuses: ['やまだ たろう'] },
  22: { accepts: ['ABC'], refuses: ['AB C', 'Abc'] },
  23: { accepts: ['Nguyễn Văn An'], refuses: ['An2', '  '] },
  24: { accepts: ['Nguyễn1'], refuses: ['Nguyễn 1', 'a-b'] },
};

describe('the 24-pattern catalogue', () => {
  it('holds exactly the ids 1 to 24, each with a Vietnamese and an English message naming the bounds', () => {
    expect(PATTERNS.map((p) => p.id)).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
    for (const p of PATTERNS) {
      expect(p.message.vi).toContain('{min}');
      expect(p.message.en).toContain('{max}');
    }
  });

  for (const p of PATTERNS) {
    it(`pattern ${p.id} accepts its examples and refuses its counter-examples`, () => {
      const examples = EXAMPLES[p.id]!;
      for (const value of examples.accepts) expect(checkPattern(p.acceptedPattern, value, p.id), value).toBe(true);
      for (const value of examples.refuses) expect(checkPattern(p.acceptedPattern, value, p.id), value).toBe(false);
    });
  }

  it('treats a pattern source that does not compile as refusing every value', () => {
    expect(checkPattern('([', 'abc')).toBe(false);
  });

  it('fills the hint with one number when the bounds are equal', () => {
    expect(patternHint(7, 10, 10, 'en')).toBe('Digits only, 10 characters');
    expect(patternHint(7, 6, 12, 'vi')).toBe('Chỉ số, dài 6-12 ký tự');
  });
});

const rule = (overrides: Partial<FieldRule> = {}): FieldRule => ({
  field: 'username',
  enabled: true,
  required: true,
  minLength: 4,
  maxLength: 8,
  patternId: 2,
  acceptedPattern: acceptedPatternOf(2),
  ...overrides,
});

describe('field rules', () => {
  it('requires a required field and lets an optional one stay empty', () => {
    expect(checkField(rule(), '')).toMatchObject({ code: 'field_required', field: 'username' });
    expect(checkField(rule({ required: false }), undefined)).toBeNull();
  });

  it('refuses values outside the length bounds or the pattern', () => {
    expect(checkField(rule(), 'abc')).toMatchObject({ code: 'field_invalid' });
    expect(checkField(rule(), 'abcdefghi')).toMatchObject({ code: 'field_invalid' });
    expect(checkField(rule(), '1abcd')).toMatchObject({ code: 'field_invalid' });
    expect(checkField(rule(), 'abcd1')).toBeNull();
  });

  it('counts characters, not UTF-16 units, against the bounds', () => {
    const thai = rule({ field: 'payeeName', patternId: 15, acceptedPattern: acceptedPatternOf(15), minLength: 1, maxLength: 3 });
    expect(checkField(thai, 'กขค')).toBeNull();
    const han = rule({ field: 'payeeName', patternId: 1, acceptedPattern: '*', minLength: 1, maxLength: 2 });
    expect(checkField(han, '𠀀𠀁')).toBeNull();
  });

  it('ignores a disabled field whatever its value', () => {
    expect(checkField(rule({ enabled: false }), '!!')).toBeNull();
  });

  it('reports the first failing field in catalogue order', () => {
    const rules = [rule(), rule({ field: 'password', patternId: 1, acceptedPattern: '*', minLength: 6, maxLength: 20 })];
    expect(checkFields(rules, { username: 'good1', password: '123' })).toMatchObject({ field: 'password' });
    expect(checkFields(rules, { username: '1', password: '123' })).toMatchObject({ field: 'username' });
  });

  it('accepts real names without accents and normalises their spaces', () => {
    expect(isUnaccentedName(normaliseName('  NGUYEN   VAN  AN '))).toBe(true);
    expect(isUnaccentedName('NGUYỄN VĂN AN')).toBe(false);
  });
});
