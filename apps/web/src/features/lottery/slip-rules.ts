import type { LotteryPlayType, TicketLineInput } from '@platform/contracts/lottery';

/**
 * The bet slip's arithmetic, the same the server charges and pays with: a line costs its stake per
 * unit times the bet type's multiplier, and pays stake per unit × hits × odds / 1000 (rounded down).
 */

export type SlipLine = TicketLineInput & { key: string };

export function lineCost(stakePerUnit: number, playType: Pick<LotteryPlayType, 'stakeMultiplier'>): number {
  return stakePerUnit * playType.stakeMultiplier;
}

export function winPerHit(stakePerUnit: number, playType: Pick<LotteryPlayType, 'oddsMilli'>): number {
  return Number((BigInt(stakePerUnit) * BigInt(playType.oddsMilli)) / 1000n);
}

/** Every number a grid offers for the digits: 0..9 or 00..99. */
export function gridNumbers(digits: number): string[] {
  const size = 10 ** digits;
  return Array.from({ length: size }, (_, n) => String(n).padStart(digits, '0'));
}

export type SlipIssue = 'pickNumbers' | 'pickExactly' | 'stakeInvalid' | 'stakeRange' | 'tooManyLines';

/**
 * The lines the picked numbers make: a single-number type makes one line per number, a combination
 * (xiên, đá) one line of exactly its count. Returns the issue when the pick or the stake is not
 * acceptable yet.
 */
export function linesFromPick(
  playType: Pick<LotteryPlayType, 'betType' | 'count'>,
  picked: readonly string[],
  stakePerUnit: number | null,
  limits: { minStake: number; maxStake: number },
): { lines: TicketLineInput[] } | { issue: SlipIssue } {
  if (picked.length === 0) return { issue: 'pickNumbers' };
  if (playType.count > 1 && picked.length !== playType.count) return { issue: 'pickExactly' };
  if (stakePerUnit === null) return { issue: 'stakeInvalid' };
  if (stakePerUnit < limits.minStake || stakePerUnit > limits.maxStake) return { issue: 'stakeRange' };
  if (playType.count > 1) return { lines: [{ betType: playType.betType, numbers: [...picked].sort(), stakePerUnit }] as TicketLineInput[] };
  return { lines: picked.map((number) => ({ betType: playType.betType, numbers: [number], stakePerUnit })) as TicketLineInput[] };
}

/** A pick toggled: a combination holds at most its count, the oldest number giving way. */
export function togglePick(picked: readonly string[], number: string, count: number): string[] {
  if (picked.includes(number)) return picked.filter((n) => n !== number);
  if (count > 1 && picked.length >= count) return [...picked.slice(1), number];
  return [...picked, number];
}
