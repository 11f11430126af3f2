import { describe, expect, it } from 'vitest';
import { roundRandom } from '../random-source.ts';
import { baiCaoScore, baiCaoWinners, dealBaiCao, rakeOf, splitPot } from './bai-cao.ts';
import { cs } from './cards.test-support.ts';

describe('bài cào: points', () => {
  it('A is 1, 2 to 9 their number, 10 J Q K are 10; points are the sum mod 10', () => {
    expect(baiCaoScore(cs('AS 2C 3D'))).toBe(6);
    expect(baiCaoScore(cs('9S 8C 7D'))).toBe(4);
    expect(baiCaoScore(cs('TS 5C 4D'))).toBe(9);
    expect(baiCaoScore(cs('KS 9C AD'))).toBe(0);
    expect(baiCaoScore(cs('TS TC TD'))).toBe(0);
    expect(baiCaoScore(cs('JS QC TD'))).toBe(0);
    expect(baiCaoScore(cs('JS QC 9D'))).toBe(9);
  });

  it('three face cards ("ba cào") beat a nine', () => {
    expect(baiCaoScore(cs('JS QC KD'))).toBeGreaterThan(baiCaoScore(cs('JS QC 9D')));
    expect(baiCaoScore(cs('KS KC KD'))).toBe(baiCaoScore(cs('JS JC QD')));
  });
});

describe('bài cào: winners, ties and the pot', () => {
  it('the best hand wins; equal best hands share; suits never matter', () => {
    const hands = new Map([
      [0, cs('AS 2C 5D')],
      [1, cs('4S 4C TD')],
      [3, cs('8H KH 9H')],
    ]);
    expect(baiCaoWinners(hands)).toEqual([0, 1]);
    hands.set(2, cs('JD QD KH'));
    expect(baiCaoWinners(hands)).toEqual([2]);
  });

  it('splits a pot in equal shares, the indivisible units one each from the first seat', () => {
    expect([...splitPot(1000, [0, 2])]).toEqual([
      [0, 500],
      [2, 500],
    ]);
    expect([...splitPot(1001, [1, 2, 4])]).toEqual([
      [1, 334],
      [2, 334],
      [4, 333],
    ]);
    expect(rakeOf(40_000, 500)).toBe(2_000);
    expect(rakeOf(999, 500)).toBe(49);
  });

  it('deals three different cards to each seat, the same from the same seeds', () => {
    const a = dealBaiCao(roundRandom('c'.repeat(64), 'bai-cao:r1:1', 1), [4, 0, 2]);
    expect([...a.keys()]).toEqual([0, 2, 4]);
    expect(dealBaiCao(roundRandom('c'.repeat(64), 'bai-cao:r1:1', 1), [0, 2, 4])).toEqual(a);
    expect(new Set([...a.values()].flat()).size).toBe(9);
    expect(() => dealBaiCao(roundRandom('c'.repeat(64), 'x', 1), [0])).toThrow();
  });
});
