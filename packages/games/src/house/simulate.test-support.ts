import { expect } from 'vitest';
import type { ExactReturn } from './exact.ts';
import { deviationsFrom, SIMULATION_TOLERANCE_SD, type SimulationTotals } from './simulate.ts';

export { simulate } from './simulate.ts';

/** The simulated return of bet `bet` is within 4 standard errors of the exact return. */
export function expectWithinTolerance(totals: SimulationTotals, bet: number, exact: ExactReturn): void {
  expect(deviationsFrom(totals, bet, exact)).toBeLessThan(SIMULATION_TOLERANCE_SD);
}

/**
 * A million rounds take about a second on an idle core; the limit leaves room for a machine shared
 * with other test runs.
 */
export const SIMULATION_TIMEOUT_MS = 30_000;
