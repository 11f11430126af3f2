import { allNumbers, type DrawResult, isLotteryRegion, type LotteryRegion } from './layout.ts';

/**
 * The bet types (docs/lottery-rules.md defines each one). Single-number types are settled from
 * `singleNumberHitTable`, combination types from the lô 2 số hits with `comboWins`.
 */
export type LotteryBetType = 'lo2' | 'lo3' | 'lo4' | 'de' | 'de_dau' | 'dau' | 'duoi' | 'ba_cang' | 'xien2' | 'xien3' | 'xien4' | 'da';
export type SingleNumberBetType = 'lo2' | 'lo3' | 'lo4' | 'de' | 'de_dau' | 'dau' | 'duoi' | 'ba_cang';
export type ComboBetType = 'xien2' | 'xien3' | 'xien4' | 'da';

export const SINGLE_NUMBER_BET_TYPES: readonly SingleNumberBetType[] = ['lo2', 'lo3', 'lo4', 'de', 'de_dau', 'dau', 'duoi', 'ba_cang'];
export const COMBO_BET_TYPES: readonly ComboBetType[] = ['xien2', 'xien3', 'xien4', 'da'];
export const LOTTERY_BET_TYPES: readonly LotteryBetType[] = [...SINGLE_NUMBER_BET_TYPES, ...COMBO_BET_TYPES];

/** One unit of a bet: lo2 ['27'], ba_cang ['123'], dau ['4'], xien2 ['12', '34']. */
export type BetSelection = { type: LotteryBetType; numbers: string[] };

export function isLotteryBetType(value: unknown): value is LotteryBetType {
  return typeof value === 'string' && (LOTTERY_BET_TYPES as readonly string[]).includes(value);
}

export function isSingleNumberBetType(type: LotteryBetType): type is SingleNumberBetType {
  return (SINGLE_NUMBER_BET_TYPES as readonly string[]).includes(type);
}

/** The bet types a region offers: all of them, except đá which only the central and southern draws have. */
export function betTypesOf(region: LotteryRegion): readonly LotteryBetType[] {
  return region === 'north' ? LOTTERY_BET_TYPES.filter((type) => type !== 'da') : LOTTERY_BET_TYPES;
}

/** How many numbers a selection of the type holds and how many digits each has. */
const SHAPE: Record<LotteryBetType, { count: number; digits: number }> = {
  lo2: { count: 1, digits: 2 },
  lo3: { count: 1, digits: 3 },
  lo4: { count: 1, digits: 4 },
  de: { count: 1, digits: 2 },
  de_dau: { count: 1, digits: 2 },
  dau: { count: 1, digits: 1 },
  duoi: { count: 1, digits: 1 },
  ba_cang: { count: 1, digits: 3 },
  xien2: { count: 2, digits: 2 },
  xien3: { count: 3, digits: 2 },
  xien4: { count: 4, digits: 2 },
  da: { count: 2, digits: 2 },
};

export function selectionShape(type: LotteryBetType): { count: number; digits: number } {
  return SHAPE[type];
}

/**
 * Checks one unit of a bet. Returns [] when valid, else issue keys: `lottery_region_unknown`,
 * `lottery_bet_type_unknown`, `lottery_bet_type_not_in_region`, `lottery_number_count`,
 * `lottery_number_format`, `lottery_number_duplicate`.
 */
export function validateSelection(region: LotteryRegion, sel: BetSelection): string[] {
  if (!isLotteryRegion(region)) return ['lottery_region_unknown'];
  if (typeof sel !== 'object' || sel === null || !isLotteryBetType(sel.type)) return ['lottery_bet_type_unknown'];
  const issues: string[] = [];
  if (!betTypesOf(region).includes(sel.type)) issues.push('lottery_bet_type_not_in_region');
  const { count, digits } = SHAPE[sel.type];
  const numbers: unknown = sel.numbers;
  if (!Array.isArray(numbers) || numbers.length !== count) {
    issues.push('lottery_number_count');
    return issues;
  }
  const pattern = new RegExp(`^[0-9]{${digits}}$`);
  if (!numbers.every((n) => typeof n === 'string' && pattern.test(n))) issues.push('lottery_number_format');
  else if (new Set(numbers).size !== numbers.length) issues.push('lottery_number_duplicate');
  return issues;
}

function assertValidSelection(region: LotteryRegion, sel: BetSelection): void {
  const issues = validateSelection(region, sel);
  if (issues.length > 0) throw new RangeError(`invalid lottery selection: ${issues.join(', ')}`);
}

/** Counts each key built from the sheet's numbers (numbers too short for the key are skipped). */
function tally(numbers: readonly string[], key: (n: string) => string | undefined): Map<string, number> {
  const counts = new Map<string, number>();
  for (const number of numbers) {
    const k = key(number);
    if (k !== undefined) counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return counts;
}

const lastDigits = (width: number) => (n: string) => (n.length >= width ? n.slice(-width) : undefined);

/**
 * For every single-number bet type, each number that wins and how many times (only numbers with
 * hits > 0 appear; every single-number type has an entry, possibly empty). Lô counts every number
 * of the sheet whose ending matches, so a number drawn twice wins twice; đề, đầu, đuôi and ba càng
 * look at the special prize only and win at most once.
 */
export function singleNumberHitTable(region: LotteryRegion, result: DrawResult): Map<LotteryBetType, Map<string, number>> {
  const numbers = allNumbers(region, result);
  const special = result.DB![0]!;
  const last2 = special.slice(-2);
  const table = new Map<LotteryBetType, Map<string, number>>();
  table.set('lo2', tally(numbers, lastDigits(2)));
  table.set('lo3', tally(numbers, lastDigits(3)));
  table.set('lo4', tally(numbers, lastDigits(4)));
  table.set('de', new Map([[last2, 1]]));
  table.set('de_dau', new Map([[special.slice(0, 2), 1]]));
  table.set('dau', new Map([[last2[0]!, 1]]));
  table.set('duoi', new Map([[last2[1]!, 1]]));
  table.set('ba_cang', new Map([[special.slice(-3), 1]]));
  return table;
}

/**
 * Wins of a combination from the lô 2 số hits of the draw (number -> occurrences):
 * xiên wins once when every number of it was drawn at least once; đá wins once per complete pair,
 * that is min(occurrences of the first, occurrences of the second).
 */
export function comboWins(type: LotteryBetType, numbers: readonly string[], lo2Hits: ReadonlyMap<string, number>): number {
  if (isSingleNumberBetType(type) || !isLotteryBetType(type)) throw new RangeError(`${type} is not a combination bet`);
  if (numbers.length !== SHAPE[type].count || new Set(numbers).size !== numbers.length) {
    throw new RangeError(`${type} takes ${SHAPE[type].count} different numbers`);
  }
  const hits = numbers.map((n) => lo2Hits.get(n) ?? 0);
  return type === 'da' ? Math.min(...hits) : hits.every((h) => h > 0) ? 1 : 0;
}

/**
 * Times one unit of the selection wins on the draw (0 when it loses), straight from the rules
 * rather than from the hit table, so the two can be checked against each other. Throws on an
 * invalid selection or draw.
 */
export function selectionHits(region: LotteryRegion, sel: BetSelection, result: DrawResult): number {
  assertValidSelection(region, sel);
  const numbers = allNumbers(region, result);
  const special = result.DB![0]!;
  const occurrences = (ending: string) => numbers.filter((n) => n.length >= ending.length && n.endsWith(ending)).length;
  const [first] = sel.numbers as [string];
  switch (sel.type) {
    case 'lo2':
    case 'lo3':
    case 'lo4':
      return occurrences(first);
    case 'de':
      return special.endsWith(first) ? 1 : 0;
    case 'de_dau':
      return special.startsWith(first) ? 1 : 0;
    case 'dau':
      return special[special.length - 2] === first ? 1 : 0;
    case 'duoi':
      return special[special.length - 1] === first ? 1 : 0;
    case 'ba_cang':
      return special.endsWith(first) ? 1 : 0;
    case 'xien2':
    case 'xien3':
    case 'xien4':
      return sel.numbers.every((n) => occurrences(n) > 0) ? 1 : 0;
    case 'da':
      return Math.min(...sel.numbers.map(occurrences));
  }
}

/**
 * Points one unit costs, by the usual convention: a lô bet buys every number of the sheet that can
 * match it (bao lô), so it costs as many points as there are such numbers; đá buys the lô of both
 * numbers; everything else costs one point.
 */
const STAKE_MULTIPLIERS: Record<'north' | 'central_south', Partial<Record<LotteryBetType, number>>> = {
  north: { lo2: 27, lo3: 23, lo4: 20 },
  central_south: { lo2: 18, lo3: 17, lo4: 16, da: 36 },
};

export function stakeMultiplier(region: LotteryRegion, type: LotteryBetType): number {
  if (!isLotteryRegion(region)) throw new RangeError(`unknown lottery region ${String(region)}`);
  if (!betTypesOf(region).includes(type)) throw new RangeError(`${type} is not offered in the ${region} draw`);
  return STAKE_MULTIPLIERS[region === 'north' ? 'north' : 'central_south'][type] ?? 1;
}

/**
 * Default odds in thousandths (payout per hit per point), which the operator may override. Single
 * types return 95% of the cost to the player on average; combinations between 91% and 94%
 * (docs/lottery-rules.md has the table and the arithmetic).
 */
const DEFAULT_ODDS_MILLI: Record<'north' | 'central_south', Partial<Record<LotteryBetType, number>>> = {
  north: {
    lo2: 95_000,
    lo3: 950_000,
    lo4: 9_500_000,
    de: 95_000,
    de_dau: 95_000,
    dau: 9_500,
    duoi: 9_500,
    ba_cang: 950_000,
    xien2: 17_000,
    xien3: 75_000,
    xien4: 350_000,
  },
  central_south: {
    lo2: 95_000,
    lo3: 950_000,
    lo4: 9_500_000,
    de: 95_000,
    de_dau: 95_000,
    dau: 9_500,
    duoi: 9_500,
    ba_cang: 950_000,
    xien2: 35_000,
    xien3: 235_000,
    xien4: 1_650_000,
    da: 1_250_000,
  },
};

export function defaultOddsMilli(region: LotteryRegion, type: LotteryBetType): number {
  stakeMultiplier(region, type); // refuses a type the region does not offer
  return DEFAULT_ODDS_MILLI[region === 'north' ? 'north' : 'central_south'][type]!;
}

/** What one unit costs: stakePerUnit × stake multiplier, in minor units. */
export function lineCost(stakePerUnit: bigint, multiplier: number): bigint {
  if (stakePerUnit < 0n || !Number.isSafeInteger(multiplier) || multiplier < 0) throw new RangeError('bad stake or multiplier');
  return stakePerUnit * BigInt(multiplier);
}

/** Payout of a line: stakePerUnit × hits × oddsMilli / 1000, rounded down, in minor units. */
export function linePayout(stakePerUnit: bigint, hits: number, oddsMilli: number): bigint {
  if (stakePerUnit < 0n || !Number.isSafeInteger(hits) || hits < 0 || !Number.isSafeInteger(oddsMilli) || oddsMilli < 0) {
    throw new RangeError('bad stake, hits or odds');
  }
  return (stakePerUnit * BigInt(hits) * BigInt(oddsMilli)) / 1000n;
}
