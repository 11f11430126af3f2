import { payoutOf } from '../table-games.ts';
import { type Card, rankOf, type Shoe } from './cards.ts';

/** Where cards come from: a round's shoe (or, in a test, a stacked deck). */
export type CardSource = Pick<Shoe, 'draw'>;

/**
 * Blackjack, one player against the dealer, from a fresh 6- or 8-deck shoe each round. Rules:
 * - blackjack (an ace and a ten-value card as the first two cards) pays 3:2; other wins 1:1;
 * - the dealer stands on every 17, soft or hard (S17), and checks the hole card for blackjack when
 *   showing an ace or a ten: a dealer blackjack ends the round at once (a player blackjack pushes);
 * - the player may double on any first two cards (one more card, stake doubled), also after a split;
 * - the player may split two cards of the same value once (two hands at most); split aces get one
 *   card each; 21 on a split hand is not a blackjack;
 * - no surrender and no insurance.
 * Dealing order: player, dealer (up card), player, dealer (hole card); then cards as needed.
 */
export const BLACKJACK_DECKS = [6, 8] as const;
export type BlackjackAction = 'HIT' | 'STAND' | 'DOUBLE' | 'SPLIT';
export type BlackjackHand = { cards: Card[]; stakeMinor: number; doubled: boolean; done: boolean; fromSplit: boolean };
export type BlackjackRound = {
  hands: BlackjackHand[];
  /** Index of the hand the player acts on; meaningful while phase is PLAYER. */
  active: number;
  dealer: Card[];
  phase: 'PLAYER' | 'SETTLED';
  /** Every card in the order it was dealt (the hole card where it was dealt): the reveal order. */
  dealt: Card[];
};

const value = (card: Card): number => Math.min(rankOf(card), 10);

function drawInto(shoe: CardSource, dealt: Card[]): Card {
  const card = shoe.draw();
  dealt.push(card);
  return card;
}

/** A hand's best total and whether an ace still counts 11 (a soft total). */
export function handTotal(cards: readonly Card[]): { total: number; soft: boolean } {
  let total = 0;
  let aces = 0;
  for (const card of cards) {
    total += value(card);
    if (value(card) === 1) aces++;
  }
  const soft = aces > 0 && total + 10 <= 21;
  return { total: soft ? total + 10 : total, soft };
}

export const isBlackjack = (cards: readonly Card[]): boolean => cards.length === 2 && handTotal(cards).total === 21;

export function startBlackjack(shoe: CardSource, stakeMinor: number): BlackjackRound {
  const dealt: Card[] = [];
  const player = [drawInto(shoe, dealt)];
  const dealer = [drawInto(shoe, dealt)];
  player.push(drawInto(shoe, dealt));
  dealer.push(drawInto(shoe, dealt));
  const round: BlackjackRound = {
    hands: [{ cards: player, stakeMinor, doubled: false, done: false, fromSplit: false }],
    active: 0,
    dealer,
    phase: 'PLAYER',
    dealt,
  };
  if (isBlackjack(player) || isBlackjack(dealer)) return { ...round, hands: [{ ...round.hands[0]!, done: true }], phase: 'SETTLED' };
  return round;
}

export function legalActions(round: BlackjackRound): BlackjackAction[] {
  if (round.phase !== 'PLAYER') return [];
  const hand = round.hands[round.active]!;
  const splitAce = hand.fromSplit && value(hand.cards[0]!) === 1;
  if (splitAce) return ['STAND'];
  const actions: BlackjackAction[] = ['HIT', 'STAND'];
  if (hand.cards.length === 2) {
    actions.push('DOUBLE');
    if (round.hands.length === 1 && value(hand.cards[0]!) === value(hand.cards[1]!)) actions.push('SPLIT');
  }
  return actions;
}

/** Applies one action and returns the next state; the dealer plays when the last hand is done. */
export function actBlackjack(round: BlackjackRound, action: BlackjackAction, shoe: CardSource): BlackjackRound {
  if (!legalActions(round).includes(action)) throw new RangeError(`${action} is not allowed now`);
  const dealt = [...round.dealt];
  const draw = (): Card => drawInto(shoe, dealt);
  const hands = round.hands.map((h) => ({ ...h, cards: [...h.cards] }));
  const hand = hands[round.active]!;
  switch (action) {
    case 'HIT':
      hand.cards.push(draw());
      hand.done = handTotal(hand.cards).total >= 21;
      break;
    case 'STAND':
      hand.done = true;
      break;
    case 'DOUBLE':
      hand.cards.push(draw());
      hand.stakeMinor *= 2;
      hand.doubled = true;
      hand.done = true;
      break;
    case 'SPLIT': {
      const second: BlackjackHand = {
        cards: [hand.cards.pop()!],
        stakeMinor: hand.stakeMinor,
        doubled: false,
        done: false,
        fromSplit: true,
      };
      hand.fromSplit = true;
      hand.cards.push(draw());
      second.cards.push(draw());
      hands.push(second);
      // Split aces take one card each and stand.
      if (value(hand.cards[0]!) === 1) hand.done = second.done = true;
      break;
    }
  }
  // A split hand that reaches 21 on its second card stands by itself.
  for (const h of hands) if (!h.done && handTotal(h.cards).total === 21) h.done = true;
  const active = hands.findIndex((h) => !h.done);
  if (active >= 0) return { ...round, hands, active, dealt };
  const dealer = [...round.dealer];
  if (hands.some((h) => handTotal(h.cards).total <= 21)) while (handTotal(dealer).total < 17) dealer.push(draw());
  return { hands, active: round.active, dealer, phase: 'SETTLED', dealt };
}

/** What one settled hand returns, stake included, in thousandths of its stake. */
export function handMultiplier(hand: BlackjackHand, dealer: readonly Card[]): number {
  const player = handTotal(hand.cards).total;
  const dealerTotal = handTotal(dealer).total;
  const natural = isBlackjack(hand.cards) && !hand.fromSplit;
  if (isBlackjack(dealer)) return natural ? 1000 : 0;
  if (natural) return 2500;
  if (player > 21) return 0;
  if (dealerTotal > 21 || player > dealerTotal) return 2000;
  return player === dealerTotal ? 1000 : 0;
}

/** The round's total payout in minor units (stakes included). */
export function resolveBlackjack(round: BlackjackRound): number {
  if (round.phase !== 'SETTLED') throw new RangeError('the round is not over');
  return round.hands.reduce((sum, hand) => sum + payoutOf(hand.stakeMinor, handMultiplier(hand, round.dealer)), 0);
}

/** Total staked over the round (doubles and splits included). */
export const stakedMinor = (round: BlackjackRound): number => round.hands.reduce((sum, h) => sum + h.stakeMinor, 0);

/**
 * Basic strategy for exactly these rules (S17, double any two, double after split, one split, no
 * surrender), by hard total, soft total and pair against the dealer's up card. Simulators play it;
 * players may ignore it.
 */
export function basicStrategy(round: BlackjackRound): BlackjackAction {
  const legal = legalActions(round);
  const hand = round.hands[round.active]!;
  const up = value(round.dealer[0]!) === 1 ? 11 : value(round.dealer[0]!);
  const between = (lo: number, hi: number): boolean => up >= lo && up <= hi;
  const pick = (action: BlackjackAction, otherwise: BlackjackAction = 'HIT'): BlackjackAction =>
    legal.includes(action) ? action : otherwise;
  if (legal.includes('SPLIT')) {
    const pair = value(hand.cards[0]!);
    const split =
      pair === 1 ||
      pair === 8 ||
      ((pair === 2 || pair === 3 || pair === 7) && between(2, 7)) ||
      (pair === 4 && between(5, 6)) ||
      (pair === 6 && between(2, 6)) ||
      (pair === 9 && (between(2, 6) || between(8, 9)));
    if (split) return 'SPLIT';
  }
  const { total, soft } = handTotal(hand.cards);
  if (soft) {
    if (total >= 19) return 'STAND';
    if (total === 18) return between(3, 6) ? pick('DOUBLE', 'STAND') : up <= 8 ? 'STAND' : 'HIT';
    if (total === 17) return between(3, 6) ? pick('DOUBLE') : 'HIT';
    if (total >= 15) return between(4, 6) ? pick('DOUBLE') : 'HIT';
    return between(5, 6) ? pick('DOUBLE') : 'HIT';
  }
  if (total >= 17) return 'STAND';
  if (total >= 13) return between(2, 6) ? 'STAND' : 'HIT';
  if (total === 12) return between(4, 6) ? 'STAND' : 'HIT';
  if (total === 11) return up <= 10 ? pick('DOUBLE') : 'HIT';
  if (total === 10) return up <= 9 ? pick('DOUBLE') : 'HIT';
  if (total === 9) return between(3, 6) ? pick('DOUBLE') : 'HIT';
  return 'HIT';
}
