import { type Bet, legFactor, linesOf } from './bets.ts';
import { ODDS_SCALE, type OddsMilli } from './model.ts';
import type { Outcome } from './settle-market.ts';

/**
 * Early cash-out. A line's value now is what its settled legs have earned, carried on at the
 * market's current price for each open leg, less the cash-out margin:
 *
 *   value = unitStake × Π(settled factor) × Π(placed odds / current odds) × (1 − margin)
 *
 * placed/current is the placed price times the current implied chance (1/current): a leg whose
 * price shortened is worth more than its stake share, one that drifted less. The sum over lines is
 * rounded down per line, like a return. No offer (null) while any open leg's market takes no bets
 * (no current price), once the bet is fully settled, or when every line has lost.
 */
export type CashOutLeg = { outcome?: Outcome; currentOdds?: OddsMilli };

export const BASIS_POINTS = 10_000;

export function cashOutValue(bet: Pick<Bet, 'kind' | 'legs' | 'unitStake'>, legs: readonly CashOutLeg[], marginBp: number): number | null {
  if (!Number.isInteger(marginBp) || marginBp < 0 || marginBp >= BASIS_POINTS) throw new RangeError(`bad margin ${marginBp}`);
  if (legs.every((l) => l.outcome)) return null;
  let total = 0n;
  let live = false;
  for (const line of linesOf(bet)) {
    let num = BigInt(bet.unitStake) * BigInt(BASIS_POINTS - marginBp);
    let den = BigInt(BASIS_POINTS);
    let lost = false;
    for (const i of line) {
      const state = legs[i];
      const leg = bet.legs[i];
      if (!state || !leg) throw new RangeError(`no leg ${i}`);
      if (state.outcome) {
        if (state.outcome.kind === 'lose') lost = true;
        const [n, d] = legFactor(state.outcome, leg.odds);
        num *= n;
        den *= d;
      } else {
        if (state.currentOdds === undefined || !(state.currentOdds > ODDS_SCALE)) return null;
        num *= BigInt(leg.odds);
        den *= BigInt(state.currentOdds);
      }
    }
    if (lost) continue;
    live = true;
    total += num / den;
  }
  if (!live) return null;
  return Number(total);
}
