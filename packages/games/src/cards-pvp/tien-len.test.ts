import { describe, expect, it } from 'vitest';
import { roundRandom } from '../random-source.ts';
import { c, cs } from './cards.test-support.ts';
import {
  autoPlay,
  beats,
  classify,
  dealTienLen,
  instantWinOf,
  passTurn,
  playCards,
  replayTienLen,
  startTienLen,
  type TienLenState,
  tlPower,
} from './tien-len.ts';

const combo = (names: string) => {
  const k = classify(cs(names));
  if (!k) throw new Error(`${names} is not a combination`);
  return k;
};
const canBeat = (play: string, table: string) => beats(combo(play), combo(table));

/** Fills four 13-card hands: the given cards first, then the rest of the deck in order. */
function handsOf(given: string[]): number[][] {
  const used = new Set(given.flatMap((g) => cs(g)));
  const rest = Array.from({ length: 52 }, (_, i) => i).filter((x) => !used.has(x));
  return given.map((g) => {
    const hand = cs(g);
    while (hand.length < 13) hand.push(rest.shift() as number);
    return hand;
  });
}

describe('tiến lên: card order', () => {
  it('ranks 3 lowest to 2 highest, suits ♠ < ♣ < ♦ < ♥', () => {
    const order = cs('3S 3C 3D 3H 4S 9H TS JS QS KS AS AH 2S 2C 2D 2H');
    for (let i = 1; i < order.length; i++) expect(tlPower(order[i] as number)).toBeGreaterThan(tlPower(order[i - 1] as number));
    expect(tlPower(c('3S'))).toBe(0);
    expect(tlPower(c('2H'))).toBe(51);
  });
});

describe('tiến lên: combinations', () => {
  it('knows singles, pairs, triples and four of a kind', () => {
    expect(classify(cs('7D'))?.kind).toBe('SINGLE');
    expect(classify(cs('7D 7S'))?.kind).toBe('PAIR');
    expect(classify(cs('7D 7S 7H'))?.kind).toBe('TRIPLE');
    expect(classify(cs('7D 7S 7H 7C'))?.kind).toBe('QUAD');
    expect(classify(cs('2D 2S'))?.kind).toBe('PAIR');
    expect(classify(cs('7D 8S'))).toBeNull();
    expect(classify(cs('7D 7S 8H'))).toBeNull();
  });

  it('knows straights of three or more ranks in a row, with no 2 in them', () => {
    expect(classify(cs('3S 4D 5H'))).toEqual({ kind: 'STRAIGHT', size: 3, top: tlPower(c('5H')) });
    expect(classify(cs('9S TD JH QC KD AS'))?.kind).toBe('STRAIGHT');
    expect(classify(cs('QS KD AH'))?.kind).toBe('STRAIGHT');
    // A 2 is not part of a straight, and A does not turn round to 3.
    expect(classify(cs('KS AD 2H'))).toBeNull();
    expect(classify(cs('AS 2D 3H'))).toBeNull();
    expect(classify(cs('3S 4D'))).toBeNull();
    expect(classify(cs('3S 4D 6H'))).toBeNull();
  });

  it('knows three or more consecutive pairs ("đôi thông"), with no 2 in them', () => {
    expect(classify(cs('3S 3C 4D 4H 5S 5C'))).toEqual({ kind: 'PAIRS', size: 6, top: tlPower(c('5C')) });
    expect(classify(cs('9S 9C TD TH JS JC QD QH'))?.kind).toBe('PAIRS');
    expect(classify(cs('3S 3C 4D 4H'))).toBeNull();
    expect(classify(cs('3S 3C 4D 4H 6S 6C'))).toBeNull();
    expect(classify(cs('KS KC AD AH 2S 2C'))).toBeNull();
  });

  it('refuses the same card twice and no cards', () => {
    expect(classify([c('5S'), c('5S')])).toBeNull();
    expect(classify([])).toBeNull();
  });
});

describe('tiến lên: which play beats which', () => {
  it('beats the same kind and size with a higher top card, rank then suit', () => {
    expect(canBeat('8S', '7H')).toBe(true);
    expect(canBeat('7H', '7D')).toBe(true);
    expect(canBeat('7D', '7H')).toBe(false);
    expect(canBeat('2S', 'AH')).toBe(true);
    expect(canBeat('9S 9H', '9C 9D')).toBe(true);
    expect(canBeat('9S 9C', '9D 9H')).toBe(false);
    expect(canBeat('4S 5S 6H', '4C 5D 6D')).toBe(true);
    expect(canBeat('5S 6S 7S', '4C 5D 6H')).toBe(true);
    // Different sizes or kinds never beat each other (outside the chặt rules).
    expect(canBeat('4S 5S 6H 7H', '4C 5D 6D')).toBe(false);
    expect(canBeat('9S 9H', '8H')).toBe(false);
    expect(canBeat('KS KC KH', 'QS QC')).toBe(false);
  });

  it('chặt: three consecutive pairs beat a single 2, not a pair of 2s', () => {
    expect(canBeat('3S 3C 4D 4H 5S 5C', '2H')).toBe(true);
    expect(canBeat('3S 3C 4D 4H 5S 5C', '2S 2H')).toBe(false);
    expect(canBeat('3S 3C 4D 4H 5S 5C', 'AH')).toBe(false);
  });

  it('chặt: four of a kind beats a single 2, a pair of 2s and three consecutive pairs', () => {
    expect(canBeat('3S 3C 3D 3H', '2H')).toBe(true);
    expect(canBeat('3S 3C 3D 3H', '2D 2H')).toBe(true);
    expect(canBeat('3S 3C 3D 3H', 'QS QC KD KH AS AC')).toBe(true);
    expect(canBeat('3S 3C 3D 3H', '2S 2C 2D')).toBe(false);
    expect(canBeat('4S 4C 4D 4H', '3S 3C 3D 3H')).toBe(true);
  });

  it('chặt: four consecutive pairs beat a 2, a pair of 2s, three consecutive pairs and four of a kind', () => {
    const fourPairs = '3S 3C 4D 4H 5S 5C 6D 6H';
    expect(canBeat(fourPairs, '2H')).toBe(true);
    expect(canBeat(fourPairs, '2D 2H')).toBe(true);
    expect(canBeat(fourPairs, 'QS QC KD KH AS AC')).toBe(true);
    expect(canBeat(fourPairs, 'AS AC AD AH')).toBe(true);
    // …but nothing beats four consecutive pairs except higher four consecutive pairs.
    expect(canBeat('AS AC AD AH', fourPairs)).toBe(false);
    expect(canBeat('4S 4C 5D 5H 6S 6C 7D 7H', fourPairs)).toBe(true);
  });

  it('a 2 or a bomb does not beat ordinary plays of another kind', () => {
    expect(canBeat('3S 3C 3D 3H', 'AH')).toBe(false);
    expect(canBeat('3S 3C 4D 4H 5S 5C', '7S 8S 9S')).toBe(false);
  });
});

describe('tiến lên: instant wins ("tới trắng")', () => {
  it('knows the dragon straight, four 2s, five consecutive pairs and six pairs', () => {
    expect(instantWinOf(cs('3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS 2H'))).toBe('DRAGON');
    expect(instantWinOf(cs('2S 2C 2D 2H 3S 5C 7D 9H JS KC 4D 6H 8S'))).toBe('FOUR_TWOS');
    expect(instantWinOf(cs('5S 5C 6D 6H 7S 7C 8D 8H 9S 9C 3D JH KS'))).toBe('FIVE_PAIRS');
    expect(instantWinOf(cs('3S 3C 5D 5H 7S 7C 9D 9H JS JC KD KH AS'))).toBe('SIX_PAIRS');
    // Five pairs, not consecutive, and four consecutive pairs are not instant wins.
    expect(instantWinOf(cs('3S 3C 5D 5H 7S 7C 9D 9H JS JC KD AH 2S'))).toBeNull();
    expect(instantWinOf(cs('5S 5C 6D 6H 7S 7C 8D 8H TS QC 3D JH KS'))).toBeNull();
    // Five pairs J Q K A 2 are not consecutive pairs (a 2 never is); T J Q K A are.
    expect(instantWinOf(cs('JS JC QD QH KS KC AD AH 2S 2C 3D 5H 7S'))).toBeNull();
    expect(instantWinOf(cs('TS TC JS JC QD QH KS KC AD AH 3D 5H 7S'))).toBe('FIVE_PAIRS');
  });

  it('ends the hand at the deal; the stronger kind wins, then the first in playing order', () => {
    const hands = handsOf(['3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS', '2S 2C 2D 2H', '', '']);
    const state = startTienLen(hands, [0, 1, 2, 3], null);
    expect(state.winner).toBe(0);
    expect(state.instantWin).toBe('DRAGON');
    expect(state.turn).toBeNull();
    const twoSix = [
      cs('4S 4C 6D 6H 8S 8C TD TH QS QC AD AH 3S'),
      cs('3D 3H 4D 4H 5D 5H 6S 7S 8D 9D TS JS QD'),
      cs('5S 5C 7D 7H 9S 9C JD JH KS KC 2D 2H 3C'),
      cs('6C 7C 8H 9H TC JC QH KD KH AS AC 2S 2C'),
    ];
    // Seats 0 and 2 both hold six pairs; seat 1 leads (previous winner), so seat 2 comes first.
    expect(startTienLen(twoSix, [0, 1, 2, 3], 1).winner).toBe(2);
    expect(startTienLen(twoSix, [0, 1, 2, 3], 3).winner).toBe(0);
  });
});

describe('tiến lên: turns, passing and rounds', () => {
  // Seat 0 holds 3♠, so it leads the first hand at the table.
  const hands = [
    cs('3S 4C 5D 7S 7C 7D 7H 8S 8C 8D 8H JS KH'),
    cs('3C 4D 5H 6S TH JC QH KS AC 9C JD 2D 6C'),
    cs('3D 4H 5S 6D TD JH QS KC AH 2C 9D 9H 2S'),
    cs('3H 4S 5C 6H 9S TS QC KD AD 2H TC QD AS'),
  ];
  const start = () => startTienLen(hands, [0, 1, 2, 3], null);

  it('the holder of 3♠ leads and must play it', () => {
    const s = start();
    expect(s.turn).toBe(0);
    expect(() => playCards(s, 0, cs('4C'))).toThrow('MUST_PLAY_LOWEST');
    expect(() => playCards(s, 1, cs('3C'))).toThrow('NOT_YOUR_TURN');
    expect(() => passTurn(s, 0)).toThrow('CANNOT_PASS_LEAD');
    expect(() => playCards(s, 0, cs('3S 4C'))).toThrow('INVALID_COMBINATION');
    expect(() => playCards(s, 0, cs('3S 3C'))).toThrow('NOT_YOUR_CARDS');
    const next = playCards(s, 0, cs('3S 4C 5D'));
    expect(next.turn).toBe(1);
    expect(next.hands[0]).toHaveLength(10);
    expect(s.hands[0]).toHaveLength(13);
  });

  it('a pass is out for the round; when all others pass the last player leads anything', () => {
    let s = playCards(start(), 0, cs('3S'));
    expect(() => playCards(s, 1, cs('3C 4D 5H'))).toThrow('DOES_NOT_BEAT');
    s = playCards(s, 1, cs('3C'));
    s = passTurn(s, 2);
    s = playCards(s, 3, cs('3H'));
    s = passTurn(s, 0);
    // Seat 2 passed: after seat 1 passes too, seat 3 has won the round and leads again.
    expect(s.turn).toBe(1);
    s = passTurn(s, 1);
    expect(s.turn).toBe(3);
    expect(s.table).toBeNull();
    expect(s.passed).toEqual([]);
    s = playCards(s, 3, cs('4S 5C 6H'));
    expect(s.turn).toBe(0);
  });

  it('a chặt on a 2 by a player still in the round', () => {
    const bombHands = handsOf(['3S 2H', '5S 5C 6D 6H 7S 7C', '', '']);
    let s = startTienLen(bombHands, [0, 1, 2, 3], 0);
    s = playCards(s, 0, cs('2H'));
    s = playCards(s, 1, cs('5S 5C 6D 6H 7S 7C'));
    expect(s.table?.combo.kind).toBe('PAIRS');
  });

  it('the first to play his last card wins and the hand is over', () => {
    const short = handsOf(['3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS 2C', '2H', '', '']);
    // Seat 0 holds a dragon straight: that is an instant win, so a lead by seat 1 is not needed.
    expect(startTienLen(short, [0, 1, 2, 3], null).instantWin).toBe('DRAGON');
    const two = [cs('3S 4S 5S 6S 7D 8D TS JS QH KS AH 2C 2D'), cs('3C 4C 5C 6C 7C 8C TC JC QC KC AC 2S 2H'), [], []];
    let s = startTienLen(two, [0, 1], null);
    expect(s.instantWin).toBeNull();
    s = playCards(s, 0, cs('3S 4S 5S 6S 7D 8D'));
    s = passTurn(s, 1);
    s = playCards(s, 0, cs('TS JS QH KS AH'));
    s = passTurn(s, 1);
    s = playCards(s, 0, cs('2C 2D'));
    expect(s.winner).toBe(0);
    expect(s.turn).toBeNull();
    expect(() => passTurn(s, 1)).toThrow('HAND_OVER');
  });

  it('auto-play passes when following and leads the lowest card alone', () => {
    let s = start();
    s = autoPlay(s, 0);
    expect(s.plays.at(-1)).toEqual({ seat: 0, cards: [c('3S')], auto: true });
    s = autoPlay(s, 1);
    expect(s.plays.at(-1)).toEqual({ seat: 1, cards: null, auto: true });
  });

  it('the previous winner leads the next hand freely; a replay gives the same state', () => {
    let s: TienLenState = startTienLen(hands, [0, 1, 2, 3], 2);
    expect(s.turn).toBe(2);
    expect(s.mustPlay).toBeNull();
    s = playCards(s, 2, cs('9D'));
    s = passTurn(s, 3);
    expect(replayTienLen(hands, [0, 1, 2, 3], 2, s.plays)).toEqual(s);
  });
});

describe('tiến lên: the deal', () => {
  it('deals 13 different cards to each seat, the same from the same seeds', () => {
    const a = dealTienLen(roundRandom('b'.repeat(64), 'tien-len:t1:1', 1), [0, 1, 2, 3]);
    expect(dealTienLen(roundRandom('b'.repeat(64), 'tien-len:t1:1', 1), [0, 1, 2, 3])).toEqual(a);
    expect(new Set(a.flat()).size).toBe(52);
    for (const h of a) expect(h).toHaveLength(13);
    const three = dealTienLen(roundRandom('b'.repeat(64), 'x', 2), [0, 2, 3]);
    expect(three[1]).toEqual([]);
    expect(new Set(three.flat()).size).toBe(39);
  });
});
