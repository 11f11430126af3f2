import type { MessageLanguage } from './errors.ts';

/**
 * The spec's catalogue of 24 input patterns. The server sends a field's `patternId` and
 * `acceptedPattern` with its length bounds; web and server both validate with `checkPattern`, so a
 * value the form accepts is a value the server accepts.
 *
 * `acceptedPattern` is a JavaScript regular expression source compiled with the `u` flag, or '*'
 * for any value. Dates are also checked for being a real calendar day, which a regex cannot say.
 */
export type PatternDefinition = {
  id: number;
  /** Regex source (flag `u`), or '*' meaning any value. */
  acceptedPattern: string;
  /** Extra check beyond the regex (calendar dates). */
  check?: (value: string) => boolean;
  message: Record<MessageLanguage, string>;
};

export const ANY_PATTERN = '*';

function isCalendarDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function isIsoDate(value: string): boolean {
  const [y, m, d] = value.split('-').map(Number);
  return isCalendarDate(y ?? 0, m ?? 0, d ?? 0);
}

function isUsDate(value: string): boolean {
  const [m, d, y] = value.split('-').map(Number);
  return isCalendarDate(y ?? 0, m ?? 0, d ?? 0);
}

const LENGTH_VI = 'dài {min}-{max} ký tự';
const LENGTH_EN = '{min}-{max} characters';

function pattern(id: number, acceptedPattern: string, vi: string, en: string, check?: (value: string) => boolean): PatternDefinition {
  return {
    id,
    acceptedPattern,
    message: { vi: `${vi}, ${LENGTH_VI}`, en: `${en}, ${LENGTH_EN}` },
    ...(check ? { check } : {}),
  };
}

export const PATTERNS: readonly PatternDefinition[] = [
  pattern(1, ANY_PATTERN, 'Ký tự bất kỳ', 'Any characters'),
  pattern(2, '^[A-Za-z][A-Za-z0-9]*$', 'Bắt đầu bằng chữ cái, sau đó là chữ cái và số', 'Starts with a letter, then letters and digits'),
  pattern(
    3,
    '^(?:[A-Za-z\\p{Script=Han}]+|[\\p{Script=Han}0-9]+)$',
    'Chữ cái và chữ Hán, hoặc chữ Hán và số',
    'Letters and Chinese characters, or kanji and digits',
  ),
  pattern(
    4,
    "^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$",
    'Email hợp lệ',
    'A valid email address',
  ),
  pattern(5, '^[A-Za-z0-9]+$', 'Chỉ chữ cái hoặc số, không ký tự đặc biệt', 'Letters or digits only, no special characters'),
  pattern(6, '^(?=.*[A-Za-z])(?=.*[0-9])[A-Za-z0-9]+$', 'Gồm cả chữ cái và số', 'Both letters and digits'),
  pattern(7, '^[0-9]+$', 'Chỉ số', 'Digits only'),
  pattern(
    8,
    '^(?=.*[A-Z])(?=.*[0-9])[A-Za-z0-9]+$',
    'Chữ cái và số, có ít nhất một chữ hoa',
    'Letters and digits with at least one capital letter',
  ),
  pattern(9, '^[A-Za-z ]+$', 'Chữ cái tiếng Anh và khoảng trắng', 'English letters and spaces'),
  pattern(10, '^\\S+$', 'Không có khoảng trắng', 'No spaces'),
  pattern(11, '^[\\p{Script=Han}\\p{P}\\u3000-\\u303F\\uFF00-\\uFFEF]+$', 'Chữ Hán và dấu câu', 'Chinese characters and punctuation'),
  pattern(12, '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', 'Ngày theo dạng yyyy-MM-dd', 'A date as yyyy-MM-dd', isIsoDate),
  pattern(13, '^[0-9]{2}-[0-9]{2}-[0-9]{4}$', 'Ngày theo dạng MM-dd-yyyy', 'A date as MM-dd-yyyy', isUsDate),
  pattern(14, '^\\p{Script=Hangul}+$', 'Chỉ tiếng Hàn', 'Korean only'),
  pattern(15, '^[\\u0E00-\\u0E7F]+$', 'Chỉ tiếng Thái', 'Thai only'),
  pattern(16, '^[\\u0E00-\\u0E7FA-Za-z ]+$', 'Tiếng Thái hoặc tiếng Anh, có khoảng trắng', 'Thai or English letters with spaces'),
  pattern(17, '^(?=.*[A-Z])[A-Z ]+$', 'Chữ in hoa và khoảng trắng, ít nhất một chữ cái', 'Capitals and spaces with at least one letter'),
  pattern(18, '^[\\x21-\\x7E]+$', 'Chữ cái, số và ký hiệu', 'Letters, digits and symbols'),
  pattern(
    19,
    '^(?=.*[A-Z])(?=.*[a-z])(?=.*[0-9])(?=.*[^A-Za-z0-9\\s])\\S+$',
    'Ít nhất một chữ hoa, một chữ thường, một số và một ký tự đặc biệt',
    'At least one capital, one lower-case letter, one digit and one special character',
  ),
  pattern(20, '^\\p{L}+(?: \\p{L}+)+$', 'Họ và tên, cách nhau bằng khoảng trắng', 'First and last name separated by a space'),
  pattern(
    21,
    '^[\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Han}\\u30FC]+$',
    'Tiếng Nhật toàn độ rộng (Hiragana, Katakana hoặc Kanji), không khoảng trắng',
    'Japanese full-width (Hiragana, Katakana or Kanji), no spaces',
  ),
  pattern(22, '^[A-Z]+$', 'Chỉ chữ in hoa, không khoảng trắng', 'Capital letters only, no spaces'),
  pattern(23, '^(?=.*\\p{L})[\\p{L} ]+$', 'Chữ cái và khoảng trắng', 'Letters and spaces'),
  pattern(24, '^[\\p{L}\\p{N}]+$', 'Chữ cái và số', 'Alphabets and digits'),
];

export const PATTERN_IDS = PATTERNS.map((p) => p.id);

const byId = new Map(PATTERNS.map((p) => [p.id, p]));
const compiled = new Map<string, RegExp>();

export function findPattern(id: number): PatternDefinition | undefined {
  return byId.get(id);
}

function compile(source: string): RegExp {
  let re = compiled.get(source);
  if (!re) {
    re = new RegExp(source, 'u');
    compiled.set(source, re);
  }
  return re;
}

/**
 * True when the value matches the pattern (length is checked separately). An unknown id or a
 * pattern source that does not compile rejects the value rather than letting anything through.
 */
export function checkPattern(acceptedPattern: string, value: string, patternId?: number): boolean {
  const definition = patternId === undefined ? undefined : byId.get(patternId);
  if (definition?.check && !definition.check(value)) return false;
  if (acceptedPattern === ANY_PATTERN) return true;
  try {
    return compile(acceptedPattern).test(value);
  } catch {
    return false;
  }
}

/** The hint under a field: the pattern's message with {min} and {max} filled, one number when equal. */
export function patternHint(patternId: number, minLength: number, maxLength: number, language: MessageLanguage): string {
  const definition = byId.get(patternId) ?? byId.get(1)!;
  const template = definition.message[language];
  if (minLength === maxLength) {
    return template.replace('{min}-{max}', String(minLength));
  }
  return template.replace('{min}', String(minLength)).replace('{max}', String(maxLength));
}

/** Length in user-perceived characters, so a Thai or Han name is not counted in UTF-16 units. */
export function characterLength(value: string): number {
  return [...value].length;
}
