import { describe, expect, it } from 'vitest';
import { beadPlate, bigRoad, type RoadResult } from './roads.ts';

const r = (code: string): RoadResult[] =>
  [...code].map((c) => ({ winner: c === 'P' ? 'PLAYER' : c === 'B' ? 'BANKER' : 'TIE', playerPair: false, bankerPair: false }));
const cells = (code: string) => bigRoad(r(code)).map((c) => `${c.winner[0]}${c.col},${c.row}${c.ties ? `+${c.ties}` : ''}`);

describe('baccarat roads', () => {
  it('bead plate fills columns of six, top to bottom', () => {
    const plate = beadPlate(r('PBTPPBB'));
    expect(plate.map((c) => [c.col, c.row])).toEqual([
      [0, 0],
      [0, 1],
      [0, 2],
      [0, 3],
      [0, 4],
      [0, 5],
      [1, 0],
    ]);
    expect(plate[2]?.winner).toBe('TIE');
  });

  it('big road: a streak goes down, a change of side starts a new column, ties count on the cell before', () => {
    expect(cells('PPBTTBP')).toEqual(['P0,0', 'P0,1', 'B1,0+2', 'B1,1', 'P2,0']);
  });

  it('big road: ties before the first win go on the first cell', () => {
    expect(cells('TTB')).toEqual(['B0,0+2']);
  });

  it('big road: a long streak turns right at the sixth row (dragon tail)', () => {
    expect(cells('BBBBBBBBP')).toEqual(['B0,0', 'B0,1', 'B0,2', 'B0,3', 'B0,4', 'B0,5', 'B1,5', 'B2,5', 'P1,0']);
  });

  it('big road: a streak meeting an earlier tail turns right above it', () => {
    // banker's tail takes row 5 of columns 1 and 2; the next player streak in column 1 stops at row 4
    expect(cells('BBBBBBBBPPPPPP')).toEqual([
      'B0,0',
      'B0,1',
      'B0,2',
      'B0,3',
      'B0,4',
      'B0,5',
      'B1,5',
      'B2,5',
      'P1,0',
      'P1,1',
      'P1,2',
      'P1,3',
      'P1,4',
      'P2,4',
    ]);
  });

  it('keeps the pairs on the cells', () => {
    const road = bigRoad([{ winner: 'PLAYER', playerPair: true, bankerPair: false }]);
    expect(road[0]).toMatchObject({ playerPair: true, bankerPair: false });
  });
});
