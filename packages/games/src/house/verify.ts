import { roundRandom } from '../random-source.ts';
import { verifyCommitment } from '../rng.ts';
import { dealBaccarat } from './baccarat.ts';
import { BLACKJACK_DECKS } from './blackjack.ts';
import { cardName, Shoe } from './cards.ts';
import { rollDiceTarget } from './dice-target.ts';
import { dealDragonTiger } from './dragon-tiger.ts';
import { spinJackpotWheel } from './jackpot-wheel.ts';
import { placeMines } from './mines.ts';
import { dropPlinko, PLINKO_RISKS, type PlinkoRisk } from './plinko.ts';
import { spinRoulette } from './roulette.ts';
import { rollSicBo } from './sic-bo.ts';
import { dealVideoPoker } from './video-poker.ts';

/**
 * Recomputes a house round from its published seeds: what a player (or the offline script
 * scripts/verify-round.ts) runs to check a round. Each game draws from the one HMAC stream of
 * (serverSeed, clientSeed, nonce) exactly as the engine did, so the same seeds give the same outcome.
 */
export const VERIFIABLE_GAMES = [
  'baccarat',
  'dragon-tiger',
  'sic-bo',
  'roulette',
  'blackjack',
  'video-poker',
  'mines',
  'plinko',
  'dice',
  'hi-lo',
  'jackpot-wheel',
] as const;
export type VerifiableGame = (typeof VERIFIABLE_GAMES)[number];

export type RoundInputs = {
  game: VerifiableGame;
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  /** The SHA-256 commitment published before the round; checked when given. */
  commitment?: string | undefined;
  /** The jackpot wheel: the stake (minor units), which sets the jackpot's chance. */
  stake?: number | undefined;
  /** The jackpot wheel: the jackpot draw's bound when a spin published another than the stated one (tests). */
  triggerBound?: number | undefined;
  /** Mines: the mine count. Plinko: rows and risk. Blackjack: decks. Blackjack and hi-lo: how many cards to show. */
  mines?: number | undefined;
  rows?: number | undefined;
  risk?: string | undefined;
  decks?: number | undefined;
  cards?: number | undefined;
};

export type VerifiedRound = { game: VerifiableGame; commitmentMatches: boolean | null; outcome: Record<string, unknown> };

export function replayRound(inputs: RoundInputs): VerifiedRound {
  const random = roundRandom(inputs.serverSeed, inputs.clientSeed, inputs.nonce);
  const commitmentMatches = inputs.commitment === undefined ? null : verifyCommitment(inputs.serverSeed, inputs.commitment);
  return { game: inputs.game, commitmentMatches, outcome: outcomeOf(inputs, random) };
}

const names = (cards: readonly number[]) => cards.map(cardName);

function outcomeOf(inputs: RoundInputs, random: ReturnType<typeof roundRandom>): Record<string, unknown> {
  switch (inputs.game) {
    case 'baccarat': {
      const round = dealBaccarat(random);
      return {
        player: names(round.player),
        banker: names(round.banker),
        playerTotal: round.playerTotal,
        bankerTotal: round.bankerTotal,
        winner: round.winner,
      };
    }
    case 'dragon-tiger': {
      const round = dealDragonTiger(random);
      return { dragon: cardName(round.dragon), tiger: cardName(round.tiger), winner: round.winner };
    }
    case 'sic-bo': {
      const roll = rollSicBo(random);
      return { dice: roll.dice, total: roll.total, triple: roll.isTriple };
    }
    case 'roulette':
      return { pocket: spinRoulette(random) };
    case 'blackjack': {
      const decks = inputs.decks ?? 6;
      if (!(BLACKJACK_DECKS as readonly number[]).includes(decks)) throw new RangeError('blackjack deals from 6 or 8 decks');
      const shoe = new Shoe(decks, random);
      // Deal order: player, dealer, player, dealer (hole), then every card the round asked for.
      return { decks, shoe: names(Array.from({ length: inputs.cards ?? 12 }, () => shoe.draw())) };
    }
    case 'video-poker': {
      const deal = dealVideoPoker(random);
      return { hand: names(deal.hand), replacements: names(deal.replacements) };
    }
    case 'mines': {
      const mines = inputs.mines ?? 3;
      return { mines, minePositions: placeMines(random, mines) };
    }
    case 'plinko': {
      const rows = inputs.rows ?? 16;
      const risk = (inputs.risk ?? 'MEDIUM').toUpperCase();
      if (!(PLINKO_RISKS as readonly string[]).includes(risk)) throw new RangeError(`risk is one of ${PLINKO_RISKS.join(', ')}`);
      const drop = dropPlinko(random, rows, risk as PlinkoRisk);
      return {
        rows,
        risk,
        path: drop.path.map((step) => (step === 1 ? 'R' : 'L')).join(''),
        slot: drop.slot,
        multiplier: drop.multiplier / 10_000,
      };
    }
    case 'dice': {
      const roll = rollDiceTarget(random);
      return { roll: (roll / 100).toFixed(2) };
    }
    case 'hi-lo':
      return { cards: names(Array.from({ length: inputs.cards ?? 12 }, () => random(52))) };
    case 'jackpot-wheel': {
      const stake = inputs.stake ?? 0;
      if (!Number.isSafeInteger(stake) || stake < 0) throw new RangeError('the jackpot wheel needs the stake (minor units)');
      const spin = spinJackpotWheel(random, stake, inputs.triggerBound);
      return { stake, segment: spin.segment, multiplier: spin.multiplier / 100, isJackpot: spin.isJackpot };
    }
  }
}
