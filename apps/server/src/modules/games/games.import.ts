import type { MessageLanguage } from '@platform/contracts/errors';
import {
  classifyTagSchema,
  GAME_CATEGORIES,
  GAMES_IMPORT_ROWS_MAX,
  type GameImportField,
  type GamesImportPreview,
  gameCodeSchema,
  vendorCodeSchema,
} from '@platform/contracts/games';
import { DomainError } from '../../lib/domain-error.ts';
import type { LocalisedText } from '../../lib/localised-text.ts';
import { languageTagOf } from '../../lib/request-language.ts';
import { IMAGE_HOST_PLACEHOLDER } from './games.hosts.ts';

/**
 * The import of a list of games (docs/games-catalogue.md, "Import"): the file is read into rows,
 * every row is checked (each problem a sentence in the operator's language naming the row), and
 * the rows are compared with the catalogue into a plan. The plan is pure data: the preview shows
 * it, and its hash is the token the apply call must bring back.
 */

/** The values a row may set; a field left out (or empty) keeps the game's current value. */
export type ImportValues = {
  category?: string;
  classify?: string[];
  name?: LocalisedText;
  minBetCents?: number;
  lines?: number;
  trial?: boolean;
  sort?: number;
  image?: string;
};

type RawRow = { row: number; cells: Record<string, unknown> };

/** A catalogue game as the import compares it. */
export type ExistingGame = {
  id: number;
  vendorCode: string;
  code: string;
  category: string;
  classify: string[];
  name: LocalisedText;
  minBetCents: number;
  minLines: number;
  isTrialSupported: boolean;
  sort: number;
  imageUrl: string;
  updatedAt: string;
};

export type PlannedRow =
  | { row: number; vendor: string; code: string; action: 'new'; values: ImportValues }
  | { row: number; vendor: string; code: string; action: 'changed'; gameId: number; values: ImportValues; changes: FieldChange[] }
  | { row: number; vendor: string; code: string; action: 'unchanged'; gameId: number }
  | { row: number; vendor: string; code: string; action: 'refused'; problems: string[] };

type FieldChange = { field: GameImportField; before: unknown; after: unknown };

const SORT_LIMIT = 1_000_000;
const NAME_LENGTH_MAX = 100;
const IMAGE_URL_LENGTH_MAX = 500;
const MIN_BET_CENTS_MAX = 100_000_000_00;

/** Sentences naming the row and what to fix, in Vietnamese and English. */
const PROBLEMS = {
  vendor_missing: {
    vi: 'Dòng {row}: thiếu mã nhà cung cấp; hãy ghi mã như trong danh sách nhà cung cấp.',
    en: 'Row {row}: the vendor code is missing; write it as the vendor list shows it.',
  },
  vendor_unknown: {
    vi: 'Dòng {row}: không có nhà cung cấp "{value}"; hãy dùng mã của một nhà cung cấp đã có.',
    en: 'Row {row}: there is no vendor "{value}"; use the code of an existing vendor.',
  },
  code_invalid: {
    vi: 'Dòng {row}: mã trò chơi phải có 1 đến 64 chữ, số hoặc dấu . _ : -.',
    en: 'Row {row}: the game code must be 1 to 64 letters, digits or . _ : - characters.',
  },
  code_repeated: {
    vi: 'Dòng {row}: trò chơi này đã có ở dòng {value}; hãy giữ một dòng cho mỗi trò chơi.',
    en: 'Row {row}: this game is already on row {value}; keep one row per game.',
  },
  category_missing: { vi: 'Dòng {row}: trò chơi mới cần một loại ({value}).', en: 'Row {row}: a new game needs a category ({value}).' },
  category_invalid: {
    vi: 'Dòng {row}: loại "{value}" không tồn tại; hãy chọn một trong {list}.',
    en: 'Row {row}: there is no category "{value}"; choose one of {list}.',
  },
  classify_invalid: {
    vi: 'Dòng {row}: nhãn phân loại "{value}" chỉ được gồm chữ, số, _ hoặc -, tối đa 24 ký tự.',
    en: 'Row {row}: the class tag "{value}" may hold only letters, digits, _ or -, at most 24 characters.',
  },
  name_missing: {
    vi: 'Dòng {row}: trò chơi mới cần ít nhất một tên (ví dụ tên tiếng Việt hoặc tiếng Anh).',
    en: 'Row {row}: a new game needs at least one name (for example in Vietnamese or English).',
  },
  name_invalid: {
    vi: 'Dòng {row}: mỗi tên dài tối đa 100 ký tự và ngôn ngữ phải là mã như vi hoặc en.',
    en: 'Row {row}: each name is at most 100 characters and its language a code such as vi or en.',
  },
  min_bet_invalid: {
    vi: 'Dòng {row}: mức cược tối thiểu "{value}" phải là số không âm với tối đa 2 chữ số thập phân, ví dụ 0.05.',
    en: 'Row {row}: the minimum bet "{value}" must be a number of 0 or more with at most 2 decimals, such as 0.05.',
  },
  lines_invalid: {
    vi: 'Dòng {row}: số dòng cược "{value}" phải là số nguyên không âm.',
    en: 'Row {row}: the number of lines "{value}" must be a whole number of 0 or more.',
  },
  trial_invalid: {
    vi: 'Dòng {row}: chơi thử "{value}" phải là true hoặc false (hay yes / no).',
    en: 'Row {row}: the trial choice "{value}" must be true or false (or yes / no).',
  },
  sort_invalid: {
    vi: 'Dòng {row}: thứ tự "{value}" phải là số nguyên từ -1000000 đến 1000000.',
    en: 'Row {row}: the order "{value}" must be a whole number from -1000000 to 1000000.',
  },
  image_invalid: {
    vi: 'Dòng {row}: địa chỉ ảnh phải bắt đầu bằng https://, / hoặc {imageHost}/ và dài tối đa 500 ký tự.',
    en: 'Row {row}: the image address must start with https://, / or {imageHost}/ and be at most 500 characters.',
  },
  column_unknown: {
    vi: 'Dòng {row}: không hiểu cột "{value}"; hãy xóa cột đó hoặc dùng tên cột trong hướng dẫn.',
    en: 'Row {row}: the column "{value}" is not known; remove it or use a column name from the guide.',
  },
} as const;
type Problem = keyof typeof PROBLEMS;

function sentence(language: MessageLanguage, problem: Problem, row: number, value = ''): string {
  return PROBLEMS[problem][language]
    .replace('{row}', String(row))
    .replace('{value}', value.slice(0, 80))
    .replace('{list}', GAME_CATEGORIES.join(', '));
}

/** One CSV record per line; quoted fields may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let isQuoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (isQuoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') isQuoted = false;
      else field += ch;
    } else if (ch === '"' && field === '') isQuoted = true;
    else if (ch === ',') {
      record.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += ch;
  }
  if (isQuoted) throw new DomainError('games_import_unreadable');
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records;
}

/** The file's rows with their numbers: CSV lines (header = line 1) or JSON positions (from 1). */
export function readImportFile(format: 'csv' | 'json', content: string): RawRow[] {
  const text = content.replace(/^\uFEFF/, '');
  let rows: RawRow[];
  if (format === 'json') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new DomainError('games_import_unreadable');
    }
    const list = Array.isArray(parsed) ? parsed : (parsed as { games?: unknown } | null)?.games;
    if (!Array.isArray(list)) throw new DomainError('games_import_unreadable');
    rows = list.map((item, i) => {
      if (typeof item !== 'object' || item === null || Array.isArray(item)) return { row: i + 1, cells: { vendor: '' } };
      return { row: i + 1, cells: item as Record<string, unknown> };
    });
  } else {
    const records = parseCsv(text);
    const header = records[0]?.map((h) => h.trim());
    if (!header || header.length < 2 || !header.includes('vendor') || !header.includes('code')) {
      throw new DomainError('games_import_unreadable');
    }
    rows = [];
    records.slice(1).forEach((record, i) => {
      if (record.every((cell) => cell.trim() === '')) return;
      const cells: Record<string, unknown> = {};
      header.forEach((name, j) => {
        cells[name] = record[j] ?? '';
      });
      rows.push({ row: i + 2, cells });
    });
  }
  if (rows.length > GAMES_IMPORT_ROWS_MAX) throw new DomainError('games_import_too_large');
  if (rows.length === 0) throw new DomainError('games_import_unreadable');
  return rows;
}

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
const textOf = (value: unknown) =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
const KNOWN_COLUMNS = new Set(['vendor', 'code', 'category', 'classify', 'name', 'minBet', 'lines', 'trial', 'sort', 'image']);

function wholeNumber(value: unknown, min: number, max: number): number | undefined {
  const text = textOf(value);
  if (!/^-?\d+$/.test(text)) return undefined;
  const n = Number(text);
  return Number.isSafeInteger(n) && n >= min && n <= max ? n : undefined;
}

/** A decimal amount ("0.05") to hundredths without floating-point rounding. */
function hundredths(value: unknown): number | undefined {
  const text = textOf(value);
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return undefined;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return cents <= MIN_BET_CENTS_MAX ? cents : undefined;
}

function yesNo(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  const text = textOf(value).toLowerCase();
  if (['true', 'yes', '1', 'y'].includes(text)) return true;
  if (['false', 'no', '0', 'n'].includes(text)) return false;
  return undefined;
}

/** Names from a JSON `name` object or from CSV columns `name_vi`, `name_en`, ... */
function namesOf(cells: Record<string, unknown>): LocalisedText | 'invalid' | undefined {
  const entries: [string, unknown][] = [];
  if (typeof cells.name === 'object' && cells.name !== null && !Array.isArray(cells.name)) entries.push(...Object.entries(cells.name));
  else if (!isBlank(cells.name)) return 'invalid';
  for (const [key, value] of Object.entries(cells)) if (key.startsWith('name_')) entries.push([key.slice(5), value]);
  const names: LocalisedText = {};
  for (const [language, value] of entries) {
    if (isBlank(value)) continue;
    const tag = languageTagOf(language);
    const text = textOf(value);
    if (!tag || typeof value !== 'string' || text.length > NAME_LENGTH_MAX) return 'invalid';
    names[tag] = text;
  }
  return Object.keys(names).length === 0 ? undefined : names;
}

function isImageAddress(text: string): boolean {
  if (text.length > IMAGE_URL_LENGTH_MAX || /[\s"'<>\\]/.test(text)) return false;
  if (text.startsWith(`${IMAGE_HOST_PLACEHOLDER}/`)) return true;
  if (text.startsWith('/') && !text.startsWith('//')) return true;
  try {
    return new URL(text).protocol === 'https:';
  } catch {
    return false;
  }
}

/** Checks one row: its key, the values it sets, and every problem as a sentence. */
function checkRow(
  raw: RawRow,
  vendors: ReadonlyMap<string, string>,
  language: MessageLanguage,
): { vendor: string; code: string; values: ImportValues; problems: string[] } {
  const { row, cells } = raw;
  const problems: string[] = [];
  const say = (problem: Problem, value?: string) => problems.push(sentence(language, problem, row, value));
  const written = textOf(cells.vendor);
  const vendor = vendors.get(written.toUpperCase()) ?? written;
  const code = textOf(cells.code);
  for (const column of Object.keys(cells)) {
    if (!KNOWN_COLUMNS.has(column) && !column.startsWith('name_')) say('column_unknown', column);
  }
  if (!vendor) say('vendor_missing');
  else if (!vendorCodeSchema.safeParse(vendor).success || !vendors.has(written.toUpperCase())) say('vendor_unknown', written);
  if (!gameCodeSchema.safeParse(code).success) say('code_invalid');

  const values: ImportValues = {};
  if (!isBlank(cells.category)) {
    const category = textOf(cells.category).toUpperCase();
    if ((GAME_CATEGORIES as readonly string[]).includes(category)) values.category = category;
    else say('category_invalid', textOf(cells.category));
  }
  if (!isBlank(cells.classify)) {
    const tags = Array.isArray(cells.classify) ? cells.classify.map(textOf) : textOf(cells.classify).split(/[|;\s]+/);
    const clean = tags.map((t) => t.trim()).filter((t) => t !== '');
    const bad = clean.find((t) => !classifyTagSchema.safeParse(t).success);
    if (bad !== undefined) say('classify_invalid', bad);
    else values.classify = [...new Set(clean)];
  }
  const names = namesOf(cells);
  if (names === 'invalid') say('name_invalid');
  else if (names) values.name = names;
  if (!isBlank(cells.minBet)) {
    const cents = hundredths(cells.minBet);
    if (cents === undefined) say('min_bet_invalid', textOf(cells.minBet));
    else values.minBetCents = cents;
  }
  if (!isBlank(cells.lines)) {
    const lines = wholeNumber(cells.lines, 0, 1_000_000);
    if (lines === undefined) say('lines_invalid', textOf(cells.lines));
    else values.lines = lines;
  }
  if (!isBlank(cells.trial)) {
    const trial = yesNo(cells.trial);
    if (trial === undefined) say('trial_invalid', textOf(cells.trial));
    else values.trial = trial;
  }
  if (!isBlank(cells.sort)) {
    const sort = wholeNumber(cells.sort, -SORT_LIMIT, SORT_LIMIT);
    if (sort === undefined) say('sort_invalid', textOf(cells.sort));
    else values.sort = sort;
  }
  if (!isBlank(cells.image)) {
    const image = textOf(cells.image);
    if (isImageAddress(image)) values.image = image;
    else say('image_invalid');
  }
  return { vendor, code, values, problems };
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A game that does not exist yet: a new row's preview lists every value it sets, from nothing. */
const NOTHING: ExistingGame = {
  id: 0,
  vendorCode: '',
  code: '',
  category: '',
  classify: [],
  name: {},
  minBetCents: Number.NaN,
  minLines: Number.NaN,
  isTrialSupported: false,
  sort: Number.NaN,
  imageUrl: '',
  updatedAt: '',
};

/** What a row changes on an existing game: each field whose new value differs. */
function changesOf(game: ExistingGame, values: ImportValues): FieldChange[] {
  const changes: FieldChange[] = [];
  const add = (field: GameImportField, before: unknown, after: unknown) => {
    if (after !== undefined && !sameJson(before, after)) changes.push({ field, before, after });
  };
  add('category', game.category, values.category);
  add('classify', game.classify, values.classify);
  add('name', game.name, values.name === undefined ? undefined : { ...game.name, ...values.name });
  add('minBet', game.minBetCents / 100, values.minBetCents === undefined ? undefined : values.minBetCents / 100);
  add('lines', game.minLines, values.lines);
  add('trial', game.isTrialSupported, values.trial);
  add('sort', game.sort, values.sort);
  add('image', game.imageUrl, values.image);
  return changes;
}

/**
 * The plan of a file over the catalogue: every row new, changed (with each field's before and
 * after), unchanged, or refused (with what to fix). `existing` holds the merchant's games of the
 * vendors the file names, keyed `VENDOR|code`.
 */
export function planImport(
  rows: readonly RawRow[],
  /** The merchant's vendor codes by their upper-case spelling (a file may write `demo` for `DEMO`). */
  vendors: ReadonlyMap<string, string>,
  existing: ReadonlyMap<string, ExistingGame>,
  language: MessageLanguage,
): PlannedRow[] {
  const seen = new Map<string, number>();
  return rows.map((raw): PlannedRow => {
    const { vendor, code, values, problems } = checkRow(raw, vendors, language);
    const key = `${vendor}|${code}`;
    const game = existing.get(key);
    const earlier = seen.get(key);
    if (problems.length === 0 && earlier !== undefined) problems.push(sentence(language, 'code_repeated', raw.row, String(earlier)));
    if (earlier === undefined) seen.set(key, raw.row);
    if (!game && problems.length === 0) {
      if (values.category === undefined) problems.push(sentence(language, 'category_missing', raw.row, GAME_CATEGORIES.join(', ')));
      if (values.name === undefined) problems.push(sentence(language, 'name_missing', raw.row));
    }
    if (problems.length > 0) return { row: raw.row, vendor, code, action: 'refused', problems };
    if (!game) return { row: raw.row, vendor, code, action: 'new', values };
    const changes = changesOf(game, values);
    if (changes.length === 0) return { row: raw.row, vendor, code, action: 'unchanged', gameId: game.id };
    return { row: raw.row, vendor, code, action: 'changed', gameId: game.id, values, changes };
  });
}

/**
 * What the token stands for: the changes, and the current state of every game the file names.
 * Any edit of those games (or a game added under a new row's code) after the preview changes it.
 */
export function tokenPartsOf(plan: readonly PlannedRow[], existing: ReadonlyMap<string, ExistingGame>): unknown[] {
  const accepted = plan.filter((p) => p.action !== 'refused');
  return [
    'games-import',
    accepted.map((p) => [p.vendor, p.code, p.action, p.action === 'changed' || p.action === 'new' ? p.values : null]),
    accepted.map((p) => existing.get(`${p.vendor}|${p.code}`) ?? null),
  ];
}

export function presentPlan(plan: readonly PlannedRow[], token: string): GamesImportPreview {
  const counts = { new: 0, changed: 0, unchanged: 0, refused: 0 };
  for (const p of plan) counts[p.action] += 1;
  return {
    token,
    counts,
    rows: plan.map((p) => ({
      row: p.row,
      vendor: p.vendor,
      code: p.code,
      action: p.action,
      changes: p.action === 'changed' ? p.changes : p.action === 'new' ? changesOf(NOTHING, p.values) : [],
      problems: p.action === 'refused' ? p.problems : [],
    })),
  };
}
