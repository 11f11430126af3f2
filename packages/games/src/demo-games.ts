import type { RandomSource } from './random-source.ts';
import { FRUIT_SPIN, LUCKY_SEVENS, type SlotConfig, slotRtp, spinSlot } from './slots.ts';
import {
  COIN_SIDES,
  type CoinSide,
  coinRtp,
  DICE_BETS,
  type DiceBet,
  diceRtp,
  flipCoin,
  MULTIPLIER_SCALE,
  payoutOf,
  rollDice,
  spinWheel,
  wheelRtp,
} from './table-games.ts';

/**
 * The demo vendors' games: what a player may choose, how a round is played, and the stated RTP.
 * A round's payout is always an integer number of minor units.
 */
export type DemoGameCode = 'lucky-sevens' | 'fruit-spin' | 'dragon-dice' | 'gold-coin-flip' | 'tx-lucky-wheel';

export type DemoRound = { payout: number; outcome: Record<string, unknown>; summary: string };

export type DemoGame = {
  code: DemoGameCode;
  name: string;
  category: 'RNG' | 'TABLE' | 'MINIGAME';
  /** The choices a round takes (a dice bet, a coin side); empty for slots. */
  choices: readonly string[];
  /** Stated return to player, as a fraction, per choice (or for the game). */
  rtp: number;
  play: (stake: number, choice: string | undefined, random: RandomSource) => DemoRound;
};

function slotGame(code: DemoGameCode, name: string, config: SlotConfig): DemoGame {
  return {
    code,
    name,
    category: 'RNG',
    choices: [],
    rtp: slotRtp(config).rtp,
    play(stake, _choice, random) {
      const spin = spinSlot(config, random);
      return {
        payout: stake * spin.multiplier,
        outcome: { line: spin.line, stops: spin.stops, multiplier: spin.multiplier },
        summary: spin.line.join(' '),
      };
    },
  };
}

export const DEMO_GAMES: Readonly<Record<DemoGameCode, DemoGame>> = {
  'lucky-sevens': slotGame('lucky-sevens', 'Lucky Sevens', LUCKY_SEVENS),
  'fruit-spin': slotGame('fruit-spin', 'Fruit Spin', FRUIT_SPIN),
  'dragon-dice': {
    code: 'dragon-dice',
    name: 'Dragon Dice',
    category: 'TABLE',
    choices: DICE_BETS,
    rtp: diceRtp('BIG'),
    play(stake, choice, random) {
      const bet = (DICE_BETS as readonly string[]).includes(choice ?? '') ? (choice as DiceBet) : 'BIG';
      const roll = rollDice(bet, random);
      return {
        payout: payoutOf(stake, roll.multiplier),
        outcome: { bet, dice: roll.dice, total: roll.total },
        summary: `${roll.dice.join('+')}=${roll.total}`,
      };
    },
  },
  'gold-coin-flip': {
    code: 'gold-coin-flip',
    name: 'Gold Coin Flip',
    category: 'MINIGAME',
    choices: COIN_SIDES,
    rtp: coinRtp(),
    play(stake, choice, random) {
      const call = (COIN_SIDES as readonly string[]).includes(choice ?? '') ? (choice as CoinSide) : 'HEADS';
      const flip = flipCoin(call, random);
      return { payout: payoutOf(stake, flip.multiplier), outcome: { call, side: flip.side }, summary: flip.side };
    },
  },
  'tx-lucky-wheel': {
    code: 'tx-lucky-wheel',
    name: 'Lucky Wheel',
    category: 'MINIGAME',
    choices: [],
    rtp: wheelRtp(),
    play(stake, _choice, random) {
      const spin = spinWheel(random);
      return {
        payout: payoutOf(stake, spin.multiplier),
        outcome: { segment: spin.segment, multiplier: spin.multiplier / MULTIPLIER_SCALE },
        summary: `x${spin.multiplier / MULTIPLIER_SCALE}`,
      };
    },
  },
};

export function isDemoGameCode(code: string): code is DemoGameCode {
  return Object.hasOwn(DEMO_GAMES, code);
}
