import { describe, expect, it } from 'vitest';
import { ERROR_CODES, errorMessage, isErrorCode } from './errors.ts';
import { FIELD_LABELS, validationMessage } from './validation-messages.ts';

/** A whole sentence: a capital (or a value) first, a full stop last, no field name of the code inside. */
function expectSentence(text: string, context: string) {
  expect(text.trim(), context).toBe(text);
  expect(text, context).toMatch(/^[\p{Lu}{"]/u);
  expect(text, context).toMatch(/[.!?]$/);
  // A field name as the code spells it (loginPassword, accountNumber) or a path (body.code).
  expect(text, context).not.toMatch(/\b[a-z]+[A-Z][A-Za-z]*\b/);
  expect(text, context).not.toMatch(/\b(body|querystring|params)\b[.:]/);
}

describe('error catalogue', () => {
  it('gives every code an HTTP error status and a non-empty message in Vietnamese and English', () => {
    for (const [code, entry] of Object.entries(ERROR_CODES)) {
      expect(entry.status, code).toBeGreaterThanOrEqual(400);
      expect(entry.status, code).toBeLessThan(600);
      expect(entry.vi.trim(), code).not.toBe('');
      expect(entry.en.trim(), code).not.toBe('');
    }
  });

  it('says every message as a whole sentence in each language, with and without its values', () => {
    for (const [code, entry] of Object.entries(ERROR_CODES) as [string, { vi: string; en: string; viWith?: string; enWith?: string }][]) {
      expectSentence(entry.vi, `${code} vi`);
      expectSentence(entry.en, `${code} en`);
      if (entry.viWith) expectSentence(entry.viWith, `${code} viWith`);
      if (entry.enWith) expectSentence(entry.enWith, `${code} enWith`);
      expect(entry.vi, code).not.toBe(entry.en);
    }
  });

  it('states the minutes to wait on a locked account in the language asked, never the server English', () => {
    expect(errorMessage('account_locked', 'vi', { minutes: '5' })).toBe('Tài khoản đang bị khóa tạm thời. Vui lòng thử lại sau 5 phút.');
    expect(errorMessage('account_locked', 'en', { minutes: '5' })).toBe('The account is locked for now. Try again in 5 minutes.');
  });

  it('keeps the spec keys stable', () => {
    expect(isErrorCode('in_need_true_account')).toBe(true);
    expect(errorMessage('in_need_true_account', 'en')).toBe('Please register or log in to an official account.');
    expect(isErrorCode('toString')).toBe(false);
  });
});

describe('validation messages', () => {
  const kinds = [
    { kind: 'invalid_type', isMissing: true },
    { kind: 'invalid_type' },
    { kind: 'too_small', origin: 'string', minimum: 6 },
    { kind: 'too_small', origin: 'string', minimum: 1 },
    { kind: 'too_big', origin: 'string', maximum: 20 },
    { kind: 'too_small', origin: 'number', minimum: 1 },
    { kind: 'too_big', origin: 'number', maximum: 100 },
    { kind: 'too_small', origin: 'array', minimum: 1 },
    { kind: 'too_big', origin: 'array', maximum: 10 },
    { kind: 'invalid_format' },
    { kind: 'custom' },
    { kind: 'unrecognized_keys' },
  ];

  it('names every known field as the form does, in a whole sentence, for every kind of issue and language', () => {
    for (const field of [...Object.keys(FIELD_LABELS), 'somethingUnknown']) {
      for (const issue of kinds) {
        for (const language of ['vi', 'en'] as const) {
          const text = validationMessage({ path: ['lines', 0, field], ...issue }, language);
          expectSentence(text, `${field} ${issue.kind} ${language}`);
          if (/[A-Z]/.test(field)) expect(text).not.toContain(field);
        }
      }
    }
  });

  it('states the expected format of a field with a fixed one', () => {
    expect(validationMessage({ path: ['accountNumber'], kind: 'invalid_format' }, 'vi')).toBe(
      'Số tài khoản không đúng định dạng. Số tài khoản chỉ gồm chữ số.',
    );
    expect(validationMessage({ path: ['loginPassword'], kind: 'too_small', origin: 'string', minimum: 1 }, 'vi')).toBe(
      'Vui lòng nhập mật khẩu đăng nhập.',
    );
    expect(validationMessage({ path: ['code'], kind: 'too_big', origin: 'string', maximum: 6 }, 'en')).toBe(
      'The verification code may be at most 6 characters long.',
    );
  });
});
