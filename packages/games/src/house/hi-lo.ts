import type { RandomSource } from '../random-source.ts';
import { type Card, rankOf } from './cards.ts';
import { MINIGAME_RTP_PERCENT, payoutOfRatio } from './payout.ts';

/**
 * Hi-lo: cards come from an endless deck (each card uniform over the 52, independent of the others),
 * ranks ace (1) low to king (13) high. On each card the player calls HIGHER_OR_SAME (wins with
 * chance (14 − r)/13) or LOWER_OR_SAME (chance r/13), or cashes out. A wrong call loses the stake.
 * The multiplier after a run of right calls is 0.97 divided by the product of their exact chances,
 * so any run, stopped whenever the player likes, returns exactly 97%.
 */
export type HiLoGuess = 'HIGHER_OR_SAME' | 'LOWER_OR_SAME';
export type HiLoGame = { cards: Card[]; guesses: HiLoGuess[]; status: 'PLAYING' | 'LOST' | 'CASHED_OUT' };

/** How many of the 13 ranks win the call on a card of rank r. */
export function winningRanks(rank: number, guess: HiLoGuess): number {
  return guess === 'HIGHER_OR_SAME' ? 14 - rank : rank;
}

export function hiLoWins(current: Card, next: Card, guess: HiLoGuess): boolean {
  return guess === 'HIGHER_OR_SAME' ? rankOf(next) >= rankOf(current) : rankOf(next) <= rankOf(current);
}

export function startHiLo(random: RandomSource): HiLoGame {
  return { cards: [random(52)], guesses: [], status: 'PLAYING' };
}

export function guessHiLo(game: HiLoGame, guess: HiLoGuess, random: RandomSource): HiLoGame {
  if (game.status !== 'PLAYING') throw new RangeError('the game is over');
  const current = game.cards[game.cards.length - 1] as Card;
  const next = random(52);
  const status = hiLoWins(current, next, guess) ? 'PLAYING' : 'LOST';
  return { cards: [...game.cards, next], guesses: [...game.guesses, guess], status };
}

export function cashOutHiLo(game: HiLoGame): HiLoGame {
  if (game.status !== 'PLAYING' || game.guesses.length === 0) throw new RangeError('nothing to cash out');
  return { ...game, status: 'CASHED_OUT' };
}

/** 0.97 × Π 13 / (winning ranks of each call), as an exact ratio. */
export function hiLoMultiplier(game: Pick<HiLoGame, 'cards' | 'guesses'>): { numerator: bigint; denominator: bigint } {
  let numerator = MINIGAME_RTP_PERCENT;
  let denominator = 100n;
  game.guesses.forEach((guess, i) => {
    numerator *= 13n;
    denominator *= BigInt(winningRanks(rankOf(game.cards[i] as Card), guess));
  });
  return { numerator, denominator };
}

export function resolveHiLo(game: HiLoGame, stakeMinor: number): number {
  if (game.status !== 'CASHED_OUT') return 0;
  const { numerator, denominator } = hiLoMultiplier(game);
  return payoutOfRatio(stakeMinor, numerator, denominator);
}
