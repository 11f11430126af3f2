import type { RandomSource } from '../random-source.ts';

/**
 * A card is an integer 0..51: rank = card % 13 + 1 (1 = ace, 11 = jack, 12 = queen, 13 = king) and
 * suit = floor(card / 13) (0 clubs, 1 diamonds, 2 hearts, 3 spades). A shoe of n decks holds each card
 * n times.
 */
export type Card = number;

export const SUITS = ['C', 'D', 'H', 'S'] as const;
const RANK_NAMES = ['A', '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K'] as const;

export const rankOf = (card: Card): number => (card % 13) + 1;
export const suitOf = (card: Card): number => Math.floor(card / 13);

/** "AS" for the ace of spades, "TD" for the ten of diamonds. */
export function cardName(card: Card): string {
  return `${RANK_NAMES[card % 13]}${SUITS[suitOf(card)]}`;
}

/** The shoe in its fixed starting order: deck after deck, each deck in card order 0..51. */
export function orderedShoe(decks: number): Card[] {
  const shoe: Card[] = [];
  for (let d = 0; d < decks; d++) for (let card = 0; card < 52; card++) shoe.push(card);
  return shoe;
}

/**
 * Fisher–Yates in place: for i from the end down to 1, swap item i with a uniform item in [0, i].
 * After the shuffle the top of the pile is the last item, so dealing pops from the end.
 */
export function shuffle<T>(items: T[], random: RandomSource): T[] {
  for (let i = items.length - 1; i > 0; i--) swap(items, i, random(i + 1));
  return items;
}

/**
 * A shoe dealt one card at a time by running Fisher–Yates lazily: the k-th card dealt is the card
 * a full `shuffle` of the same shoe with the same source would put k-th from the top, so a round
 * costs one draw per card it uses, not one per card in the shoe.
 */
export class Shoe {
  private readonly cards: Card[];
  private remaining: number;

  constructor(
    decks: number,
    private readonly random: RandomSource,
  ) {
    this.cards = orderedShoe(decks);
    this.remaining = this.cards.length;
  }

  get dealt(): number {
    return this.cards.length - this.remaining;
  }

  /**
   * Puts every dealt card back. The cards stay in the order the deal left them, which is as good as
   * any order for drawing uniformly, so a simulator reuses one shoe; a provably fair round always
   * starts from a new shoe in its fixed starting order.
   */
  refill(): void {
    this.remaining = this.cards.length;
  }

  draw(): Card {
    if (this.remaining === 0) throw new RangeError('the shoe is empty');
    const i = --this.remaining;
    swap(this.cards, i, this.random(i + 1));
    return this.cards[i] as Card;
  }
}

function swap<T>(items: T[], i: number, j: number): void {
  const t = items[i] as T;
  items[i] = items[j] as T;
  items[j] = t;
}
