import type { RandomSource } from '../random-source.ts';
import { MULTIPLIER_SCALE, payoutOf } from '../table-games.ts';
import { type Card, rankOf, Shoe } from './cards.ts';

/**
 * Punto banco from a fresh 8-deck shoe each round. Card values: ace 1, 2–9 face value, tens and
 * pictures 0; a hand's total is its sum mod 10. Player and banker get two cards each (player,
 * banker, player, banker); a natural 8 or 9 on either side ends the deal; otherwise the player draws
 * on 0–5 and stands on 6–7, then the banker follows `bankerDraws`.
 *
 * Pays (returned amount per unit staked, stake included, in thousandths):
 * - player 1:1; banker 1:1 less 5% commission (1.95), or on the no-commission table 1:1 except a
 *   banker win with a total of 6, which pays 1:2 (1.5); on a tie, player and banker bets push;
 * - tie 8:1; player pair and banker pair (the side's first two cards of one rank) 11:1.
 */
export const BACCARAT_DECKS = 8;
export const BACCARAT_BETS = ['PLAYER', 'BANKER', 'TIE', 'PLAYER_PAIR', 'BANKER_PAIR'] as const;
export type BaccaratBet = (typeof BACCARAT_BETS)[number];
export type BaccaratTable = 'COMMISSION' | 'NO_COMMISSION';
export type BaccaratWinner = 'PLAYER' | 'BANKER' | 'TIE';

/** One card of the deal in the order it is revealed. */
export type BaccaratStep = { side: 'PLAYER' | 'BANKER'; card: Card };

export type BaccaratRound = {
  steps: BaccaratStep[];
  player: Card[];
  banker: Card[];
  playerTotal: number;
  bankerTotal: number;
  winner: BaccaratWinner;
};

export const cardPoints = (card: Card): number => baccaratValue(rankOf(card));
export const baccaratValue = (rank: number): number => (rank >= 10 ? 0 : rank);
const total = (cards: readonly Card[]): number => cards.reduce((sum, c) => sum + cardPoints(c), 0) % 10;

/** The player draws a third card on 0–5 (after neither side has a natural). */
export const playerDraws = (playerTotal: number): boolean => playerTotal <= 5;

/**
 * The banker's rule. If the player stood, the banker draws on 0–5. Otherwise it depends on the
 * player's third card's value v: banker 0–2 draws; 3 draws unless v = 8; 4 draws on v 2–7; 5 on
 * v 4–7; 6 on v 6–7; 7 stands.
 */
export function bankerDraws(bankerTotal: number, playerThird: number | null): boolean {
  if (playerThird === null) return bankerTotal <= 5;
  switch (bankerTotal) {
    case 0:
    case 1:
    case 2:
      return true;
    case 3:
      return playerThird !== 8;
    case 4:
      return playerThird >= 2 && playerThird <= 7;
    case 5:
      return playerThird >= 4 && playerThird <= 7;
    case 6:
      return playerThird === 6 || playerThird === 7;
    default:
      return false;
  }
}

/** Deals one round card by card; `steps` is the reveal order. */
export function dealBaccarat(random: RandomSource, shoe = new Shoe(BACCARAT_DECKS, random)): BaccaratRound {
  const steps: BaccaratStep[] = [];
  const player: Card[] = [];
  const banker: Card[] = [];
  const give = (side: 'PLAYER' | 'BANKER'): Card => {
    const card = shoe.draw();
    (side === 'PLAYER' ? player : banker).push(card);
    steps.push({ side, card });
    return card;
  };
  give('PLAYER');
  give('BANKER');
  give('PLAYER');
  give('BANKER');
  if (total(player) < 8 && total(banker) < 8) {
    const playerThird = playerDraws(total(player)) ? cardPoints(give('PLAYER')) : null;
    if (bankerDraws(total(banker), playerThird)) give('BANKER');
  }
  const playerTotal = total(player);
  const bankerTotal = total(banker);
  const winner = playerTotal > bankerTotal ? 'PLAYER' : bankerTotal > playerTotal ? 'BANKER' : 'TIE';
  return { steps, player, banker, playerTotal, bankerTotal, winner };
}

const isPair = (cards: readonly Card[]): boolean => rankOf(cards[0] as Card) === rankOf(cards[1] as Card);

/** The returned amount per unit staked (stake included), in thousandths. */
export function baccaratMultiplier(
  outcome: Pick<BaccaratRound, 'winner' | 'bankerTotal' | 'player' | 'banker'>,
  bet: BaccaratBet,
  table: BaccaratTable,
): number {
  switch (bet) {
    case 'PLAYER':
      return outcome.winner === 'PLAYER' ? 2000 : outcome.winner === 'TIE' ? MULTIPLIER_SCALE : 0;
    case 'BANKER':
      if (outcome.winner === 'TIE') return MULTIPLIER_SCALE;
      if (outcome.winner === 'PLAYER') return 0;
      return table === 'COMMISSION' ? 1950 : outcome.bankerTotal === 6 ? 1500 : 2000;
    case 'TIE':
      return outcome.winner === 'TIE' ? 9000 : 0;
    case 'PLAYER_PAIR':
      return isPair(outcome.player) ? 12_000 : 0;
    case 'BANKER_PAIR':
      return isPair(outcome.banker) ? 12_000 : 0;
  }
}

export function resolveBaccarat(outcome: BaccaratRound, bet: BaccaratBet, table: BaccaratTable, stakeMinor: number): number {
  return payoutOf(stakeMinor, baccaratMultiplier(outcome, bet, table));
}
