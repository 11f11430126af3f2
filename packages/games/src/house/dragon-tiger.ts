import type { RandomSource } from '../random-source.ts';
import { payoutOf } from '../table-games.ts';
import { type Card, rankOf, Shoe } from './cards.ts';

/**
 * Dragon tiger from a fresh 8-deck shoe each round: one card to dragon, one to tiger; the higher
 * rank wins (ace low, king high; suits do not rank).
 *
 * Pays (returned per unit staked, stake included, in thousandths): dragon or tiger 1:1; on a tie
 * dragon and tiger bets lose half the stake (half is returned); tie 8:1; suited tie (same rank and
 * suit) 50:1.
 */
export const DRAGON_TIGER_DECKS = 8;
export const DRAGON_TIGER_BETS = ['DRAGON', 'TIGER', 'TIE', 'SUITED_TIE'] as const;
export type DragonTigerBet = (typeof DRAGON_TIGER_BETS)[number];
export type DragonTigerRound = { dragon: Card; tiger: Card; winner: 'DRAGON' | 'TIGER' | 'TIE' };

export function dealDragonTiger(random: RandomSource, shoe = new Shoe(DRAGON_TIGER_DECKS, random)): DragonTigerRound {
  const dragon = shoe.draw();
  const tiger = shoe.draw();
  const d = rankOf(dragon);
  const t = rankOf(tiger);
  return { dragon, tiger, winner: d > t ? 'DRAGON' : t > d ? 'TIGER' : 'TIE' };
}

export function dragonTigerMultiplier(round: DragonTigerRound, bet: DragonTigerBet): number {
  switch (bet) {
    case 'DRAGON':
    case 'TIGER':
      return round.winner === bet ? 2000 : round.winner === 'TIE' ? 500 : 0;
    case 'TIE':
      return round.winner === 'TIE' ? 9000 : 0;
    case 'SUITED_TIE':
      return round.dragon === round.tiger ? 51_000 : 0;
  }
}

export function resolveDragonTiger(round: DragonTigerRound, bet: DragonTigerBet, stakeMinor: number): number {
  return payoutOf(stakeMinor, dragonTigerMultiplier(round, bet));
}
