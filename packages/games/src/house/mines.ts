import type { RandomSource } from '../random-source.ts';
import { choose, MINIGAME_RTP_PERCENT, payoutOfRatio } from './payout.ts';

/**
 * Mines: a 5×5 board hides 1–24 mines, placed before the first reveal. The player reveals cells one
 * by one and may cash out after any safe reveal; a mine loses the stake. After k safe reveals with m
 * mines the chance of having survived is C(25−m, k) / C(25, k), and the multiplier is 97% of its
 * inverse: 0.97 × C(25, k) / C(25−m, k). So every way to play (any mine count, any number of reveals
 * before cashing out) returns exactly 97%; more mines and more reveals change the risk only.
 */
export const MINES_CELLS = 25;
export type MinesStatus = 'PLAYING' | 'LOST' | 'CASHED_OUT';
export type MinesGame = { mines: number; minePositions: readonly number[]; revealed: number[]; status: MinesStatus };
export type Ratio = { numerator: bigint; denominator: bigint };

const BOARD: readonly number[] = Array.from({ length: MINES_CELLS }, (_, i) => i);

/** The mine cells: the first `mines` cells a lazy Fisher–Yates shuffle of the 25 cells deals. */
export function placeMines(random: RandomSource, mines: number): number[] {
  if (!Number.isInteger(mines) || mines < 1 || mines > MINES_CELLS - 1) throw new RangeError(`bad mine count ${mines}`);
  const cells = BOARD.slice();
  const placed: number[] = [];
  for (let i = MINES_CELLS - 1; placed.length < mines; i--) {
    const j = random(i + 1);
    const cell = cells[j] as number;
    cells[j] = cells[i] as number;
    placed.push(cell);
  }
  return placed.sort((a, b) => a - b);
}

export function startMines(random: RandomSource, mines: number): MinesGame {
  return { mines, minePositions: placeMines(random, mines), revealed: [], status: 'PLAYING' };
}

/** The multiplier after `safeReveals` safe cells with `mines` mines, as an exact ratio. */
export function minesMultiplier(mines: number, safeReveals: number): Ratio {
  const ratio = MULTIPLIERS[mines]?.[safeReveals];
  if (!ratio) throw new RangeError(`no multiplier for ${safeReveals} reveals with ${mines} mines`);
  return ratio;
}

const MULTIPLIERS: Ratio[][] = Array.from({ length: MINES_CELLS }, (_, mines) =>
  Array.from({ length: MINES_CELLS - mines + 1 }, (_, k) => ({
    numerator: MINIGAME_RTP_PERCENT * choose(MINES_CELLS, k),
    denominator: 100n * choose(MINES_CELLS - mines, k),
  })),
);

export function revealCell(game: MinesGame, cell: number): MinesGame {
  if (game.status !== 'PLAYING') throw new RangeError('the game is over');
  if (!Number.isInteger(cell) || cell < 0 || cell >= MINES_CELLS || game.revealed.includes(cell)) throw new RangeError(`bad cell ${cell}`);
  const revealed = [...game.revealed, cell];
  if (game.minePositions.includes(cell)) return { ...game, revealed, status: 'LOST' };
  // Every safe cell found: the game cashes out by itself.
  const status = revealed.length === MINES_CELLS - game.mines ? 'CASHED_OUT' : 'PLAYING';
  return { ...game, revealed, status };
}

export function cashOutMines(game: MinesGame): MinesGame {
  if (game.status !== 'PLAYING' || game.revealed.length === 0) throw new RangeError('nothing to cash out');
  return { ...game, status: 'CASHED_OUT' };
}

export function resolveMines(game: MinesGame, stakeMinor: number): number {
  if (game.status !== 'CASHED_OUT') return 0;
  const { numerator, denominator } = minesMultiplier(game.mines, game.revealed.length);
  return payoutOfRatio(stakeMinor, numerator, denominator);
}
