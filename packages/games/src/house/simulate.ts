import type { ExactReturn } from './exact.ts';

/**
 * A simulator's running totals: for each bet, the sum and the sum of squares of the returned
 * multiplier per unit staked, over `rounds` rounds. Typed arrays and one callback: the loop itself
 * allocates nothing per round.
 */
export type SimulationTotals = { rounds: number; sums: Float64Array; squares: Float64Array };

export function simulate(
  rounds: number,
  bets: number,
  playRound: (add: (bet: number, multiplierThousandths: number) => void) => void,
): SimulationTotals {
  const sums = new Float64Array(bets);
  const squares = new Float64Array(bets);
  const add = (bet: number, multiplierThousandths: number): void => {
    const x = multiplierThousandths / 1000;
    sums[bet]! += x;
    squares[bet]! += x * x;
  };
  for (let r = 0; r < rounds; r++) playRound(add);
  return { rounds, sums, squares };
}

export type SimulatedReturn = { rtp: number; standardError: number };

export function simulatedReturn(totals: SimulationTotals, bet: number): SimulatedReturn {
  const mean = (totals.sums[bet] ?? 0) / totals.rounds;
  const variance = (totals.squares[bet] ?? 0) / totals.rounds - mean * mean;
  return { rtp: mean, standardError: Math.sqrt(variance / totals.rounds) };
}

/** How many standard errors (from the exact variance) the simulated return lies from the exact one. */
export function deviationsFrom(totals: SimulationTotals, bet: number, exact: ExactReturn): number {
  const { rtp } = simulatedReturn(totals, bet);
  return Math.abs(rtp - exact.rtp) / Math.sqrt(exact.variance / totals.rounds);
}

/** The tolerance every simulator check uses: 4 standard errors (a false alarm about 1 in 15,800). */
export const SIMULATION_TOLERANCE_SD = 4;
