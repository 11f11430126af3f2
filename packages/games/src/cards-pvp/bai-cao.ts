import { type Card, rankOf, Shoe } from '../house/cards.ts';
import type { RandomSource } from '../random-source.ts';

/**
 * Bài cào (three-card "scratch"), 2 to 6 players against each other, one 52-card deck:
 *
 * - Each player gets three cards. A is worth 1, 2 to 9 their number, 10 J Q K are worth 10.
 * - A hand's points are the sum mod 10 (0 to 9; "bù" is 0).
 * - "Ba cào" (three face cards: each a J, Q or K) beats every hand of points.
 * - The best hand wins the pot (every player's ante, less the room's rake). Equal best hands (the
 *   same points, or two ba cào) share it equally; the minor units that do not divide go one each
 *   to the tied players in seat order. Suits never matter.
 */
export const BAI_CAO_MAX_SEATS = 6;

export function baiCaoValue(card: Card): number {
  const r = rankOf(card);
  return r >= 10 ? 0 : r;
}

export const isFaceCard = (card: Card): boolean => rankOf(card) >= 11;

/** 10 for ba cào, else the points 0..9: a larger score is a better hand. */
export function baiCaoScore(hand: readonly Card[]): number {
  if (hand.length !== 3) throw new RangeError('a bài cào hand has three cards');
  if (hand.every(isFaceCard)) return 10;
  return hand.reduce((s, c) => s + baiCaoValue(c), 0) % 10;
}

/** Deals three cards to each seat in ascending order from a fresh deck shuffled by `random`. */
export function dealBaiCao(random: RandomSource, seats: readonly number[]): Map<number, Card[]> {
  if (seats.length < 2 || seats.length > BAI_CAO_MAX_SEATS) throw new RangeError('bài cào is played by 2 to 6 players');
  const shoe = new Shoe(1, random);
  const hands = new Map<number, Card[]>();
  for (const seat of [...seats].sort((a, b) => a - b)) hands.set(seat, [shoe.draw(), shoe.draw(), shoe.draw()]);
  return hands;
}

/** The winning seats: every seat whose score is the best (ascending seat order). */
export function baiCaoWinners(hands: ReadonlyMap<number, readonly Card[]>): number[] {
  const scores = [...hands].map(([seat, hand]) => ({ seat, score: baiCaoScore(hand) }));
  const best = Math.max(...scores.map((s) => s.score));
  return scores
    .filter((s) => s.score === best)
    .map((s) => s.seat)
    .sort((a, b) => a - b);
}

/**
 * Splits a pot among the winners (ascending seats): equal shares, the remainder one unit at a time
 * from the first winner on (with integer shares, at most winners − 1 units).
 */
export function splitPot(pot: number, winners: readonly number[]): Map<number, number> {
  const share = Math.floor(pot / winners.length);
  let rest = pot - share * winners.length;
  const out = new Map<number, number>();
  for (const w of winners) {
    out.set(w, share + (rest > 0 ? 1 : 0));
    if (rest > 0) rest--;
  }
  return out;
}

/** The rake on a pot, floored: `rakeBps` in hundredths of a percent (500 = 5%). */
export function rakeOf(pot: number, rakeBps: number): number {
  return Math.floor((pot * rakeBps) / 10_000);
}
