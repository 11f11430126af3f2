import { describe, expect, it } from 'vitest';
import { roundRandom } from '../random-source.ts';
import { cs } from './cards.test-support.ts';
import { autoArrange, compareRows, dealMauBinh, isFouled, type MauBinhRows, maxLossUnits, rowValue, settleMauBinh } from './mau-binh.ts';

const cmp = (a: string, b: string) => compareRows(rowValue(cs(a)), rowValue(cs(b)));
const rows = (back: string, middle: string, front: string): MauBinhRows => ({ back: cs(back), middle: cs(middle), front: cs(front) });

describe('mậu binh: 5-card rows', () => {
  it('names each kind', () => {
    expect(rowValue(cs('9H TH JH QH KH')).kind).toBe('STRAIGHT_FLUSH');
    expect(rowValue(cs('7S 7H 7D 7C 2S')).kind).toBe('FOUR_OF_A_KIND');
    expect(rowValue(cs('QS QH QD 4C 4S')).kind).toBe('FULL_HOUSE');
    expect(rowValue(cs('2D 7D 9D JD KD')).kind).toBe('FLUSH');
    expect(rowValue(cs('AS 2H 3D 4C 5S')).kind).toBe('STRAIGHT');
    expect(rowValue(cs('TS JH QD KC AS')).kind).toBe('STRAIGHT');
    expect(rowValue(cs('QS KH AD 2C 3S')).kind).toBe('HIGH_CARD');
    expect(rowValue(cs('5S 5H 5D KC 2S')).kind).toBe('THREE_OF_A_KIND');
    expect(rowValue(cs('5S 5H 9D 9C 2S')).kind).toBe('TWO_PAIR');
    expect(rowValue(cs('5S 5H 9D JC 2S')).kind).toBe('PAIR');
  });

  it('ranks straight flush > four > full house > flush > straight > trips > two pair > pair > high card', () => {
    const ladder = [
      '3H 4H 5H 6H 7H',
      '2S 2H 2D 2C 3S',
      '2S 2H 2D 3C 3S',
      '2D 4D 6D 8D TD',
      '2S 3H 4D 5C 6S',
      '2S 2H 2D 4C 5S',
      '2S 2H 3D 3C 5S',
      '2S 2H 4D 6C 8S',
      '2S 4H 6D 8C TS',
    ];
    for (let i = 0; i + 1 < ladder.length; i++) expect(cmp(ladder[i] as string, ladder[i + 1] as string)).toBe(1);
  });

  it('A-2-3-4-5 is the lowest straight and 10-J-Q-K-A the highest; the ace is high otherwise', () => {
    expect(cmp('AS 2H 3D 4C 5S', '2S 3H 4D 5C 6S')).toBe(-1);
    expect(cmp('TS JH QD KC AS', '9S TH JD QC KS')).toBe(1);
    expect(cmp('AH 2H 3H 4H 5H', '2C 3C 4C 5C 6C')).toBe(-1);
    expect(cmp('AS AH 4D 6C 8S', 'KS KH QD JC 9S')).toBe(1);
  });

  it('equal kinds compare by the groups first, then the kickers; suits never break a tie', () => {
    expect(cmp('3S 3H 3D 2C 2S', '2S 2H 2D AC AS')).toBe(1);
    expect(cmp('KS KH 4D 4C 2S', 'KD KC 3D 3H AS')).toBe(1);
    expect(cmp('KS KH 4D 4C 2S', 'KD KC 4S 4H 3S')).toBe(-1);
    expect(cmp('9S 9H AD 7C 3S', '9D 9C AS 7H 2S')).toBe(1);
    expect(cmp('2D 4D 6D 8D KD', '3S 4S 6S 8S QS')).toBe(1);
    expect(cmp('9S 9H AD 7C 3S', '9D 9C AS 7H 3H')).toBe(0);
    expect(cmp('3H 4H 5H 6H 7H', '3S 4S 5S 6S 7S')).toBe(0);
  });
});

describe('mậu binh: the 3-card front', () => {
  it('three of a kind > pair > high card; no straights or flushes in three cards', () => {
    expect(rowValue(cs('QS KS AS')).kind).toBe('HIGH_CARD');
    expect(cmp('2S 2H 2D', 'AS AH KD')).toBe(1);
    expect(cmp('2S 2H 3D', 'AS KH QD')).toBe(1);
    expect(cmp('5S 5H AD', '5D 5C KS')).toBe(1);
    expect(cmp('5S 5H AD', '5D 5C AS')).toBe(0);
  });
});

describe('mậu binh: fouled hands (binh lủng)', () => {
  it('a back weaker than the middle, or a middle weaker than the front, is fouled', () => {
    expect(isFouled(rows('AS AH AD 2C 3S', 'KS KH 4D 5C 6S', 'QS QH 7D'))).toBe(false);
    expect(isFouled(rows('KS KH 4D 5C 6S', 'AS AH AD 2C 3S', 'QS QH 7D'))).toBe(true);
    expect(isFouled(rows('AS AH AD 2C 3S', 'KS QH 4D 5C 6S', 'JS JH 7D'))).toBe(true);
  });

  it('the front counts as the 5-card kind of the same name, its missing kickers lowest', () => {
    // Middle pair of 9s with kickers A K Q against a front pair of 9s with an A: not fouled.
    expect(isFouled(rows('2S 2H 2D 2C 3S', '9S 9H AD KC QS', '9D 9C AS'))).toBe(false);
    // Front trips against a middle two pair: the middle is stronger.
    expect(isFouled(rows('2S 2H 2D 2C 3S', '8S 8H 7D 7C QS', '5D 5C 5S'))).toBe(true);
    // A middle high card with the same top three as the front high card: not fouled.
    expect(isFouled(rows('2S 2H 2D 2C 3S', 'AS KH QD 5C 4S', 'AD KC QS'))).toBe(false);
  });
});

describe('mậu binh: settlement, one unit per row, a sweep doubles', () => {
  const strong = rows('AS AH AD AC 2S', 'KS KH KD 3C 3S', 'QS QH QD');
  const weak = rows('2H 2D 4C 6S 8H', '3H 5D 7C 9S JH', '4H 6D 8C');
  const mixed = rows('TS TH TD 9C 9D', '4S 5H 6D 7S 8C', 'JS JD 2C');

  it('a sweep of all three rows is six units; two won and one lost is one', () => {
    const r = settleMauBinh(
      new Map([
        [0, strong],
        [1, weak],
      ]),
    );
    expect(r.pairs).toEqual([{ a: 0, b: 1, rows: [1, 1, 1], units: 6 }]);
    expect([...r.net]).toEqual([
      [0, 6],
      [1, -6],
    ]);
    const twoOne = settleMauBinh(
      new Map([
        [0, rows('AS AH AD AC 2S', 'KS KH 3D 5C 7S', 'QS QH 4D')],
        [1, rows('TS TH TD 9C 9D', '4S 5H 6D 7H 8C', 'JS JD 3C')],
      ]),
    );
    expect(twoOne.pairs[0]?.rows).toEqual([1, -1, 1]);
    expect(twoOne.pairs[0]?.units).toBe(1);
  });

  it('a tied row is worth nothing and two won with a tie is not a sweep', () => {
    const r = settleMauBinh(
      new Map([
        [0, rows('AS AH AD AC 2S', 'KS KH KD 3C 3S', '4S 6H 8D')],
        [1, rows('2H 2D 4C 6S 8H', '3H 5D 7C 9S JH', '4D 6C 8H')],
      ]),
    );
    expect(r.pairs[0]?.rows).toEqual([1, 1, 0]);
    expect(r.pairs[0]?.units).toBe(2);
  });

  it('a fouled hand loses a sweep to every unfouled hand; two fouled hands settle nothing', () => {
    const fouled = rows('2H 2D 4C 6S 8H', 'AS AH AD AC 2S', 'QS QH QD');
    const fouled2 = rows('3H 5D 7C 9S JH', 'KS KH KD 3C 3S', 'KC TC 9H');
    const r = settleMauBinh(
      new Map([
        [0, fouled],
        [1, weak],
        [2, fouled2],
      ]),
    );
    expect(r.pairs).toEqual([
      { a: 0, b: 1, rows: [-1, -1, -1], units: -6 },
      { a: 0, b: 2, rows: [0, 0, 0], units: 0 },
      { a: 1, b: 2, rows: [1, 1, 1], units: 6 },
    ]);
    expect(r.net.get(1)).toBe(12);
  });

  it('settles every pair of four players, the nets adding up to zero and none below the stated maximum loss', () => {
    const fourth = rows('5S 5H 5D 5C 6H', '7D 7H 9C 9H TC', '2D 3D 4D');
    const r = settleMauBinh(
      new Map([
        [0, strong],
        [1, weak],
        [2, mixed],
        [3, fourth],
      ]),
    );
    expect(r.pairs).toHaveLength(6);
    expect([...r.net.values()].reduce((s, x) => s + x, 0)).toBe(0);
    expect(r.net.get(0)).toBe(18);
    expect(Math.min(...r.net.values())).toBeGreaterThanOrEqual(-maxLossUnits(4));
    expect(maxLossUnits(4)).toBe(18);
  });
});

describe('mậu binh: deal and auto-arrange', () => {
  it('deals 13 different cards to each of up to four seats, the same from the same seeds', () => {
    const a = dealMauBinh(roundRandom('d'.repeat(64), 'mau-binh:r1:1', 1), [3, 0, 1, 2]);
    expect([...a.keys()]).toEqual([0, 1, 2, 3]);
    expect(new Set([...a.values()].flat()).size).toBe(52);
    expect(dealMauBinh(roundRandom('d'.repeat(64), 'mau-binh:r1:1', 1), [0, 1, 2, 3])).toEqual(a);
    expect(() => dealMauBinh(roundRandom('d'.repeat(64), 'x', 1), [0, 1, 2, 3, 4])).toThrow();
  });

  it('puts the strongest five in the back, the strongest five of the rest in the middle, and is never fouled', () => {
    const hand = cs('AS AH AD AC KS KH QD QC 2S 5H 7D 9C JH');
    const arranged = autoArrange(hand);
    // The back takes the four aces with the best kicker (a king); the queens make the middle.
    expect(rowValue(arranged.back)).toEqual({ kind: 'FOUR_OF_A_KIND', ranks: [14, 13] });
    expect(rowValue(arranged.middle)).toEqual({ kind: 'PAIR', ranks: [12, 13, 11, 9] });
    expect(rowValue(arranged.front)).toEqual({ kind: 'HIGH_CARD', ranks: [7, 5, 2] });
    expect(isFouled(arranged)).toBe(false);
    for (let i = 1; i <= 20; i++) {
      for (const dealt of dealMauBinh(roundRandom('e'.repeat(64), 'mau-binh:r:1', i), [0, 1, 2, 3]).values()) {
        const auto = autoArrange(dealt);
        expect(isFouled(auto)).toBe(false);
        expect(new Set([...auto.back, ...auto.middle, ...auto.front])).toEqual(new Set(dealt));
      }
    }
  });
});
