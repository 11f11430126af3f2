import type { RandomSource } from '../random-source.ts';
import { payoutOf } from '../table-games.ts';

/**
 * Sic bo (tài xỉu): three dice. Pays, "to one" (the stake is returned besides):
 * - BIG (total 11–17) and SMALL (4–10) 1:1, ODD and EVEN total 1:1: each loses on any triple;
 * - TOTAL 4 or 17 60:1, 5 or 16 30:1, 6 or 15 17:1, 7 or 14 12:1, 8 or 13 8:1, 9, 10, 11 or 12 6:1;
 * - SPECIFIC_TRIPLE (three of the chosen face) 180:1, ANY_TRIPLE 30:1;
 * - DOUBLE (at least two of the chosen face) 10:1;
 * - COMBINATION (two chosen different faces both showing) 5:1;
 * - SINGLE (the chosen face): 1:1 on one die, 2:1 on two, 3:1 on three.
 */
export type SicBoBet =
  | { kind: 'BIG' | 'SMALL' | 'ODD' | 'EVEN' | 'ANY_TRIPLE' }
  | { kind: 'TOTAL'; total: number }
  | { kind: 'SPECIFIC_TRIPLE' | 'DOUBLE' | 'SINGLE'; face: number }
  | { kind: 'COMBINATION'; faces: readonly [number, number] };

export type SicBoRoll = { dice: [number, number, number]; total: number; isTriple: boolean };

export const SIC_BO_TOTAL_PAYS: Readonly<Record<number, number>> = {
  4: 60,
  5: 30,
  6: 17,
  7: 12,
  8: 8,
  9: 6,
  10: 6,
  11: 6,
  12: 6,
  13: 8,
  14: 12,
  15: 17,
  16: 30,
  17: 60,
};

export function rollSicBo(random: RandomSource): SicBoRoll {
  const dice: [number, number, number] = [random(6) + 1, random(6) + 1, random(6) + 1];
  return { dice, total: dice[0] + dice[1] + dice[2], isTriple: dice[0] === dice[1] && dice[1] === dice[2] };
}

/** Whether a bet is one the table takes (a face 1–6, a total 4–17, two different faces). */
export function isValidSicBoBet(bet: SicBoBet): boolean {
  const face = (f: number) => Number.isInteger(f) && f >= 1 && f <= 6;
  switch (bet.kind) {
    case 'TOTAL':
      return SIC_BO_TOTAL_PAYS[bet.total] !== undefined;
    case 'SPECIFIC_TRIPLE':
    case 'DOUBLE':
    case 'SINGLE':
      return face(bet.face);
    case 'COMBINATION':
      return face(bet.faces[0]) && face(bet.faces[1]) && bet.faces[0] !== bet.faces[1];
    default:
      return true;
  }
}

/** What the bet pays "to one" on this roll, or -1 when it loses. */
function paysToOne(roll: SicBoRoll, bet: SicBoBet): number {
  const [a, b, c] = roll.dice;
  const showing = (face: number) => (a === face ? 1 : 0) + (b === face ? 1 : 0) + (c === face ? 1 : 0);
  switch (bet.kind) {
    case 'BIG':
      return !roll.isTriple && roll.total >= 11 ? 1 : -1;
    case 'SMALL':
      return !roll.isTriple && roll.total <= 10 ? 1 : -1;
    case 'ODD':
      return !roll.isTriple && roll.total % 2 === 1 ? 1 : -1;
    case 'EVEN':
      return !roll.isTriple && roll.total % 2 === 0 ? 1 : -1;
    case 'ANY_TRIPLE':
      return roll.isTriple ? 30 : -1;
    case 'TOTAL':
      return roll.total === bet.total ? (SIC_BO_TOTAL_PAYS[bet.total] ?? -1) : -1;
    case 'SPECIFIC_TRIPLE':
      return showing(bet.face) === 3 ? 180 : -1;
    case 'DOUBLE':
      return showing(bet.face) >= 2 ? 10 : -1;
    case 'SINGLE':
      return showing(bet.face) > 0 ? showing(bet.face) : -1;
    case 'COMBINATION':
      return showing(bet.faces[0]) > 0 && showing(bet.faces[1]) > 0 ? 5 : -1;
  }
}

/** The returned amount per unit staked (stake included), in thousandths. */
export function sicBoMultiplier(roll: SicBoRoll, bet: SicBoBet): number {
  const pays = paysToOne(roll, bet);
  return pays < 0 ? 0 : (pays + 1) * 1000;
}

export function resolveSicBo(roll: SicBoRoll, bet: SicBoBet, stakeMinor: number): number {
  if (!isValidSicBoBet(bet)) throw new RangeError('not a sic bo bet');
  return payoutOf(stakeMinor, sicBoMultiplier(roll, bet));
}

/** Every bet the table takes, one of each kind and choice (for the return tables). */
export function allSicBoBets(): SicBoBet[] {
  const faces = [1, 2, 3, 4, 5, 6];
  const bets: SicBoBet[] = [{ kind: 'BIG' }, { kind: 'SMALL' }, { kind: 'ODD' }, { kind: 'EVEN' }, { kind: 'ANY_TRIPLE' }];
  for (let total = 4; total <= 17; total++) bets.push({ kind: 'TOTAL', total });
  for (const face of faces) bets.push({ kind: 'SPECIFIC_TRIPLE', face }, { kind: 'DOUBLE', face }, { kind: 'SINGLE', face });
  for (const a of faces) for (const b of faces) if (a < b) bets.push({ kind: 'COMBINATION', faces: [a, b] });
  return bets;
}
