import type { BaccaratWinner } from '@platform/games/house/baccarat';

/**
 * A baccarat table's scoreboards, computed from its results oldest first (the same function draws
 * them on the page and checks them in tests).
 *
 * Bead plate: one cell per round, columns of six filled top to bottom, left to right.
 * Big road: ties are not cells; each player or banker win goes below the last one while the same
 * side keeps winning, and a change of side starts a new column at the top. A streak that reaches
 * the sixth row or a taken cell turns right along its row (the "dragon tail"). A tie is counted on
 * the cell before it (ties before the first win, on the first cell).
 */
export const ROAD_ROWS = 6;

export type RoadResult = { winner: BaccaratWinner; playerPair: boolean; bankerPair: boolean };
export type BeadCell = RoadResult & { col: number; row: number };
export type BigRoadCell = { col: number; row: number; winner: 'PLAYER' | 'BANKER'; ties: number; playerPair: boolean; bankerPair: boolean };

export function beadPlate(results: readonly RoadResult[]): BeadCell[] {
  return results.map((r, i) => ({ ...r, col: Math.floor(i / ROAD_ROWS), row: i % ROAD_ROWS }));
}

export function bigRoad(results: readonly RoadResult[]): BigRoadCell[] {
  const cells: BigRoadCell[] = [];
  const taken = new Set<string>();
  const at = (col: number, row: number) => `${col}:${row}`;
  let leadingTies = 0;
  let streakCol = -1;
  let last: BigRoadCell | undefined;
  for (const r of results) {
    if (r.winner === 'TIE') {
      if (last) last.ties += 1;
      else leadingTies += 1;
      continue;
    }
    let col: number;
    let row: number;
    if (!last || last.winner !== r.winner) {
      streakCol += 1;
      col = streakCol;
      row = 0;
    } else if (last.row + 1 < ROAD_ROWS && !taken.has(at(last.col, last.row + 1)) && last.col === streakCol) {
      // a streak goes down only in its own column; once it has turned right it stays on its row
      col = last.col;
      row = last.row + 1;
    } else {
      col = last.col + 1;
      row = last.row;
    }
    const cell: BigRoadCell = { col, row, winner: r.winner, ties: leadingTies, playerPair: r.playerPair, bankerPair: r.bankerPair };
    leadingTies = 0;
    cells.push(cell);
    taken.add(at(col, row));
    last = cell;
  }
  return cells;
}
