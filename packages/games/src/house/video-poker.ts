import type { RandomSource } from '../random-source.ts';
import { payoutOf } from '../table-games.ts';
import { type Card, rankOf, Shoe, suitOf } from './cards.ts';

/**
 * Jacks or Better, 9/6 full pay, one 52-card deck per round. The deal takes ten cards from the
 * shuffled deck: the first five are the hand, the next five the replacements, used in order for the
 * discarded positions from left to right, so what the draw brings is fixed at the deal and a hold
 * cannot change it. Pays "for one" (returned per unit staked, stake included): royal flush 800,
 * straight flush 50, four of a kind 25, full house 9, flush 6, straight 4, three of a kind 3, two
 * pair 2, a pair of jacks or better 1. The royal pays 800 on every stake (the usual table pays 800
 * only at five coins). Return with optimal holds: 99.5439%.
 */
export const VIDEO_POKER_HANDS = [
  'NOTHING',
  'JACKS_OR_BETTER',
  'TWO_PAIR',
  'THREE_OF_A_KIND',
  'STRAIGHT',
  'FLUSH',
  'FULL_HOUSE',
  'FOUR_OF_A_KIND',
  'STRAIGHT_FLUSH',
  'ROYAL_FLUSH',
] as const;
export type VideoPokerHand = (typeof VIDEO_POKER_HANDS)[number];
/** Indexed like VIDEO_POKER_HANDS. */
export const JACKS_OR_BETTER_9_6: readonly number[] = [0, 1, 2, 3, 4, 6, 9, 25, 50, 800];

export type VideoPokerDeal = { hand: Card[]; replacements: Card[] };

export function dealVideoPoker(random: RandomSource, shoe = new Shoe(1, random)): VideoPokerDeal {
  const hand: Card[] = [];
  const replacements: Card[] = [];
  for (let i = 0; i < 5; i++) hand.push(shoe.draw());
  for (let i = 0; i < 5; i++) replacements.push(shoe.draw());
  return { hand, replacements };
}

/** The final hand: held positions keep their card, the others take the replacements in order. */
export function drawVideoPoker(deal: VideoPokerDeal, held: readonly boolean[]): Card[] {
  let next = 0;
  return deal.hand.map((card, i) => (held[i] ? card : (deal.replacements[next++] as Card)));
}

/** The index in VIDEO_POKER_HANDS of a five-card hand. */
export function evaluateHand(cards: ArrayLike<Card>): number {
  const counts = new Array<number>(14).fill(0);
  let flush = true;
  let mask = 0;
  for (let i = 0; i < 5; i++) {
    const r = rankOf(cards[i] as Card);
    counts[r]!++;
    mask |= 1 << r;
    if (suitOf(cards[i] as Card) !== suitOf(cards[0] as Card)) flush = false;
  }
  let pairs = 0;
  let three = false;
  let four = false;
  let highPair = false;
  for (let r = 1; r <= 13; r++) {
    const c = counts[r]!;
    if (c === 4) four = true;
    else if (c === 3) three = true;
    else if (c === 2) {
      pairs++;
      if (r === 1 || r >= 11) highPair = true;
    }
  }
  const distinct = pairs === 0 && !three && !four;
  const royal = distinct && mask === ((1 << 1) | (1 << 10) | (1 << 11) | (1 << 12) | (1 << 13));
  const lowest = 31 - Math.clz32(mask & -mask);
  const straight = royal || (distinct && mask === 31 << lowest);
  if (straight && flush) return royal ? 9 : 8;
  if (four) return 7;
  if (three && pairs === 1) return 6;
  if (flush) return 5;
  if (straight) return 4;
  if (three) return 3;
  if (pairs === 2) return 2;
  return highPair ? 1 : 0;
}

export function videoPokerMultiplier(finalHand: ArrayLike<Card>): number {
  return (JACKS_OR_BETTER_9_6[evaluateHand(finalHand)] as number) * 1000;
}

export function resolveVideoPoker(finalHand: readonly Card[], stakeMinor: number): number {
  return payoutOf(stakeMinor, videoPokerMultiplier(finalHand));
}
