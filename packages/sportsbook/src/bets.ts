import { isValidOdds, ODDS_SCALE, type OddsMilli } from './model.ts';
import type { Outcome } from './settle-market.ts';

/**
 * Bets and their returns in integer minor units.
 *
 * Each leg's outcome is a factor on the stake, an exact fraction (odds o in thousandths):
 *
 * | outcome        | factor          |
 * |----------------|-----------------|
 * | win            | o / 1000        |
 * | half-win       | (o + 1000)/2000 | half the stake wins at o, half is refunded
 * | push, void     | 1               | the stake is refunded
 * | half-lose      | 1/2             | half the stake is refunded, half lost
 * | lose           | 0               |
 * | dead heat k/n  | o·k / (1000·n)  | k/n of the stake stands at full odds, the rest loses
 *
 * A line (a single, a parlay, one combination of a system) returns its stake times the product of
 * its legs' factors, computed exactly in BigInt and rounded down to the minor unit once, at the end
 * of the line. A system bet returns the sum of its lines. Rounding down only ever keeps less than
 * one minor unit per line for the house.
 */
export type Leg = { eventId: string; marketId: string; selectionId: string; odds: OddsMilli };

/** System bets by name: the combination sizes over a number of selections. */
export const SYSTEMS = {
  '2/3': { legs: 3, sizes: [2] },
  '2/4': { legs: 4, sizes: [2] },
  '3/4': { legs: 4, sizes: [3] },
  '3/5': { legs: 5, sizes: [3] },
  trixie: { legs: 3, sizes: [2, 3] },
  patent: { legs: 3, sizes: [1, 2, 3] },
  yankee: { legs: 4, sizes: [2, 3, 4] },
  lucky15: { legs: 4, sizes: [1, 2, 3, 4] },
} as const satisfies Record<string, { legs: number; sizes: readonly number[] }>;
export type SystemName = keyof typeof SYSTEMS;

export type BetKind = { type: 'single' } | { type: 'parlay' } | { type: 'system'; system: SystemName };

/** `unitStake` is the stake of each line; a single and a parlay have one line. */
export type Bet = { id: string; memberId: string; kind: BetKind; legs: Leg[]; unitStake: number };

export const MAX_PARLAY_LEGS = 10;

type Fraction = readonly [num: bigint, den: bigint];

export function legFactor(outcome: Outcome, odds: OddsMilli): Fraction {
  const o = BigInt(odds);
  const scale = BigInt(ODDS_SCALE);
  switch (outcome.kind) {
    case 'win':
      return [o, scale];
    case 'half-win':
      return [o + scale, 2n * scale];
    case 'push':
    case 'void':
      return [1n, 1n];
    case 'half-lose':
      return [1n, 2n];
    case 'lose':
      return [0n, 1n];
    case 'dead-heat':
      return [o * BigInt(outcome.num), scale * BigInt(outcome.den)];
  }
}

function combinations(n: number, k: number): number[][] {
  const out: number[][] = [];
  const pick = (start: number, acc: number[]): void => {
    if (acc.length === k) {
      out.push([...acc]);
      return;
    }
    for (let i = start; i < n; i++) pick(i + 1, [...acc, i]);
  };
  pick(0, []);
  return out;
}

/** The lines of a bet, each a list of leg indexes. */
export function linesOf(bet: Pick<Bet, 'kind' | 'legs'>): number[][] {
  switch (bet.kind.type) {
    case 'single':
      return [[0]];
    case 'parlay':
      return [bet.legs.map((_, i) => i)];
    case 'system':
      return SYSTEMS[bet.kind.system].sizes.flatMap((k) => combinations(bet.legs.length, k));
  }
}

export function totalStake(bet: Pick<Bet, 'kind' | 'legs' | 'unitStake'>): number {
  return bet.unitStake * linesOf(bet).length;
}

/** Why a bet cannot be taken, or null. */
export function betProblem(bet: Pick<Bet, 'kind' | 'legs' | 'unitStake'>): string | null {
  if (!Number.isSafeInteger(bet.unitStake) || bet.unitStake <= 0) return 'The stake must be a positive whole number of minor units.';
  if (bet.legs.some((l) => !isValidOdds(l.odds))) return 'Every price must be between 1.01 and 1000.';
  const events = new Set(bet.legs.map((l) => l.eventId));
  switch (bet.kind.type) {
    case 'single':
      if (bet.legs.length !== 1) return 'A single has exactly one selection.';
      break;
    case 'parlay':
      if (bet.legs.length < 2 || bet.legs.length > MAX_PARLAY_LEGS) return `A parlay has 2 to ${MAX_PARLAY_LEGS} selections.`;
      break;
    case 'system':
      if (bet.legs.length !== SYSTEMS[bet.kind.system].legs)
        return `A ${bet.kind.system} system bet has ${SYSTEMS[bet.kind.system].legs} selections.`;
      break;
  }
  if (bet.legs.length > 1 && events.size !== bet.legs.length) return 'A combination takes one selection per event.';
  let most = 0n;
  for (const line of linesOf(bet)) {
    let num = BigInt(bet.unitStake);
    let den = 1n;
    for (const i of line) {
      num *= BigInt(bet.legs[i]?.odds ?? 0);
      den *= BigInt(ODDS_SCALE);
    }
    most += num / den;
  }
  if (most > BigInt(Number.MAX_SAFE_INTEGER)) return 'The bet could return more than the book can pay.';
  return null;
}

/** A line's return: null while it is open, the rounded-down amount once decided. */
export function lineReturn(
  unitStake: number,
  legs: readonly Leg[],
  outcomes: ReadonlyArray<Outcome | undefined>,
  line: readonly number[],
): number | null {
  let num = BigInt(unitStake);
  let den = 1n;
  let open = false;
  for (const i of line) {
    const outcome = outcomes[i];
    const leg = legs[i];
    if (!leg) throw new RangeError(`no leg ${i}`);
    if (!outcome) {
      open = true;
      continue;
    }
    if (outcome.kind === 'lose') return 0;
    const [n, d] = legFactor(outcome, leg.odds);
    num *= n;
    den *= d;
  }
  if (open) return null;
  return Number(num / den);
}

export type BetSettlement = { state: 'open' } | { state: 'settled'; returnMinor: number };

/**
 * A bet is settled when every line is decided: a line is decided once one of its legs loses or all
 * of its legs have an outcome. `outcomes[i]` is leg i's outcome, undefined while unsettled.
 */
export function settleBet(bet: Pick<Bet, 'kind' | 'legs' | 'unitStake'>, outcomes: ReadonlyArray<Outcome | undefined>): BetSettlement {
  let sum = 0;
  for (const line of linesOf(bet)) {
    const r = lineReturn(bet.unitStake, bet.legs, outcomes, line);
    if (r === null) return { state: 'open' };
    sum += r;
  }
  return { state: 'settled', returnMinor: sum };
}

/** The most a bet can return: every leg a win. */
export function potentialReturn(bet: Pick<Bet, 'kind' | 'legs' | 'unitStake'>): number {
  return (
    settleBet(
      bet,
      bet.legs.map(() => ({ kind: 'win' }) as const),
    ) as { returnMinor: number }
  ).returnMinor;
}
