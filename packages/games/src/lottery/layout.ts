/**
 * The result sheets of the Vietnamese lottery: which prize tiers a region draws, how many numbers
 * each tier has and how many digits each number has.
 */
export type LotteryRegion = 'north' | 'central' | 'south';
export const LOTTERY_REGIONS: readonly LotteryRegion[] = ['north', 'central', 'south'];

export type PrizeTier = 'DB' | 'G1' | 'G2' | 'G3' | 'G4' | 'G5' | 'G6' | 'G7' | 'G8';
export const PRIZE_TIERS: readonly PrizeTier[] = ['DB', 'G1', 'G2', 'G3', 'G4', 'G5', 'G6', 'G7', 'G8'];

export type TierSpec = { tier: PrizeTier; count: number; digits: number };

/** A draw: the numbers of each tier as digit strings, leading zeros kept ("0000" is a number). */
export type DrawResult = Partial<Record<PrizeTier, string[]>>;

const NORTH: readonly TierSpec[] = Object.freeze([
  { tier: 'DB', count: 1, digits: 5 },
  { tier: 'G1', count: 1, digits: 5 },
  { tier: 'G2', count: 2, digits: 5 },
  { tier: 'G3', count: 6, digits: 5 },
  { tier: 'G4', count: 4, digits: 4 },
  { tier: 'G5', count: 6, digits: 4 },
  { tier: 'G6', count: 3, digits: 3 },
  { tier: 'G7', count: 4, digits: 2 },
] as const satisfies TierSpec[]);

/** Central and southern stations share one sheet: 18 numbers, a six-digit special prize. */
const CENTRAL_SOUTH: readonly TierSpec[] = Object.freeze([
  { tier: 'DB', count: 1, digits: 6 },
  { tier: 'G1', count: 1, digits: 5 },
  { tier: 'G2', count: 1, digits: 5 },
  { tier: 'G3', count: 2, digits: 5 },
  { tier: 'G4', count: 7, digits: 5 },
  { tier: 'G5', count: 1, digits: 4 },
  { tier: 'G6', count: 3, digits: 4 },
  { tier: 'G7', count: 1, digits: 3 },
  { tier: 'G8', count: 1, digits: 2 },
] as const satisfies TierSpec[]);

/** The tiers of a region's sheet, special prize first (north 27 numbers, central and south 18). */
export function prizeLayout(region: LotteryRegion): readonly TierSpec[] {
  switch (region) {
    case 'north':
      return NORTH;
    case 'central':
    case 'south':
      return CENTRAL_SOUTH;
    default:
      throw new RangeError(`unknown lottery region ${String(region)}`);
  }
}

export function isLotteryRegion(value: unknown): value is LotteryRegion {
  return value === 'north' || value === 'central' || value === 'south';
}

/** How many numbers a region's sheet holds (27 or 18). */
export function numbersPerDraw(region: LotteryRegion): number {
  return prizeLayout(region).reduce((sum, spec) => sum + spec.count, 0);
}

/**
 * Checks a result against the region's sheet. Returns [] when valid, else issue keys naming the
 * tier: `draw_tier_missing:G3`, `draw_tier_count:G3`, `draw_number_format:G3`, `draw_tier_unexpected:G8`,
 * or `draw_not_an_object`.
 */
export function validateDrawResult(region: LotteryRegion, result: DrawResult): string[] {
  if (typeof result !== 'object' || result === null || Array.isArray(result)) return ['draw_not_an_object'];
  const layout = prizeLayout(region);
  const issues: string[] = [];
  for (const { tier, count, digits } of layout) {
    const numbers: unknown = result[tier];
    if (numbers === undefined) {
      issues.push(`draw_tier_missing:${tier}`);
      continue;
    }
    if (!Array.isArray(numbers) || numbers.length !== count) {
      issues.push(`draw_tier_count:${tier}`);
      continue;
    }
    const pattern = new RegExp(`^[0-9]{${digits}}$`);
    if (!numbers.every((n) => typeof n === 'string' && pattern.test(n))) issues.push(`draw_number_format:${tier}`);
  }
  for (const key of Object.keys(result)) {
    if (!layout.some((spec) => spec.tier === key)) issues.push(`draw_tier_unexpected:${key}`);
  }
  return issues;
}

/** Every number of a sheet in layout order; the result must be valid for the region. */
export function allNumbers(region: LotteryRegion, result: DrawResult): string[] {
  const issues = validateDrawResult(region, result);
  if (issues.length > 0) throw new RangeError(`invalid ${region} draw result: ${issues.join(', ')}`);
  return prizeLayout(region).flatMap(({ tier }) => result[tier]!);
}

/** The inverse of `allNumbers`: a sheet from its numbers in layout order; throws when they do not fit. */
export function sheetOf(region: LotteryRegion, numbers: readonly string[]): DrawResult {
  if (numbers.length !== numbersPerDraw(region))
    throw new RangeError(`a ${region} sheet has ${numbersPerDraw(region)} numbers, not ${numbers.length}`);
  const result: DrawResult = {};
  let at = 0;
  for (const { tier, count } of prizeLayout(region)) {
    result[tier] = numbers.slice(at, at + count);
    at += count;
  }
  const issues = validateDrawResult(region, result);
  if (issues.length > 0) throw new RangeError(`invalid ${region} draw result: ${issues.join(', ')}`);
  return result;
}
