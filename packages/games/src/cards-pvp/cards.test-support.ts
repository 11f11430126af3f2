import type { Card } from '../house/cards.ts';

/** "3S" → the three of spades, "TD" the ten of diamonds, "2H" the two of hearts (cards.ts numbering). */
export function c(name: string): Card {
  const rank = 'A23456789TJQK'.indexOf(name[0] as string);
  const suit = 'CDHS'.indexOf(name[1] as string);
  if (rank < 0 || suit < 0 || name.length !== 2) throw new Error(`bad card ${name}`);
  return suit * 13 + rank;
}

/** "3S 3C 4D" → cards. */
export const cs = (names: string): Card[] => names.split(' ').filter(Boolean).map(c);
