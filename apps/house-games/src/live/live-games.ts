import { cardName } from '@platform/games/house/cards';
import {
  DRAGON_TIGER_BETS,
  type DragonTigerBet,
  type DragonTigerRound,
  dealDragonTiger,
  resolveDragonTiger,
} from '@platform/games/house/dragon-tiger';
import { allRouletteBets, RED_NUMBERS, type RouletteBet, resolveRoulette, spinRoulette } from '@platform/games/house/roulette';
import { allSicBoBets, resolveSicBo, rollSicBo, type SicBoBet, type SicBoRoll } from '@platform/games/house/sic-bo';
import type { LiveGame } from './live-table.ts';

/**
 * The rules of the live-style tables beside baccarat, as `LiveGame`s: the spots each layout
 * offers (by a stable key), their limit groups, the draw, the reveal steps and the pays, all from
 * the engines in packages/games (which prove each bet's exact return).
 */

/** `TD` → `10D`, as round outcomes name cards. */
const outcomeCard = (card: number) => cardName(card).replace(/^T/, '10');

// ---- dragon tiger -----------------------------------------------------------------------------
/** Dragon tiger, the half-loss variant: on a tie dragon and tiger bets lose half; tie 8:1, suited tie 50:1. */
export const dragonTigerGame: LiveGame<DragonTigerRound> = {
  verifyGame: 'dragon-tiger',
  idPrefix: 'dt',
  spots: DRAGON_TIGER_BETS,
  groupOf: (spot) => (spot === 'DRAGON' || spot === 'TIGER' ? 'MAIN' : spot),
  draw: (random) => dealDragonTiger(random),
  steps: (round) => [`D:${cardName(round.dragon)}`, `T:${cardName(round.tiger)}`],
  payout: (round, spot, stake) => resolveDragonTiger(round, spot as DragonTigerBet, stake),
  result: (round) => ({
    winner: round.winner,
    dragon: cardName(round.dragon),
    tiger: cardName(round.tiger),
    suited: round.dragon === round.tiger,
  }),
  record: (round, heading, spots) => ({
    kind: 'cards',
    hands: [
      { name: 'Dragon', cards: [outcomeCard(round.dragon)] },
      { name: 'Tiger', cards: [outcomeCard(round.tiger)] },
    ],
    summary: `Dragon Tiger ${heading}: ${round.winner}; bet ${spots.join(' ')}`.slice(0, 120),
  }),
};

// ---- sic bo -----------------------------------------------------------------------------------
/** A sic bo bet's key on the layout: BIG, TOTAL_9, TRIPLE_6, DOUBLE_2, SINGLE_4, COMBO_1_5 ... */
export function sicBoKey(bet: SicBoBet): string {
  switch (bet.kind) {
    case 'TOTAL':
      return `TOTAL_${bet.total}`;
    case 'SPECIFIC_TRIPLE':
      return `TRIPLE_${bet.face}`;
    case 'DOUBLE':
    case 'SINGLE':
      return `${bet.kind}_${bet.face}`;
    case 'COMBINATION':
      return `COMBO_${bet.faces[0]}_${bet.faces[1]}`;
    default:
      return bet.kind;
  }
}
const SIC_BO_BY_KEY = new Map(allSicBoBets().map((bet) => [sicBoKey(bet), bet]));
const sicBoGroup = (bet: SicBoBet): string => {
  switch (bet.kind) {
    case 'BIG':
    case 'SMALL':
    case 'ODD':
    case 'EVEN':
      return 'EVEN_MONEY';
    case 'ANY_TRIPLE':
    case 'SPECIFIC_TRIPLE':
      return 'TRIPLE';
    case 'COMBINATION':
      return 'COMBO';
    default:
      return bet.kind;
  }
};

export const sicBoGame: LiveGame<SicBoRoll> = {
  verifyGame: 'sic-bo',
  idPrefix: 'sb',
  spots: [...SIC_BO_BY_KEY.keys()],
  groupOf: (spot) => sicBoGroup(SIC_BO_BY_KEY.get(spot) as SicBoBet),
  draw: (random) => rollSicBo(random),
  steps: (roll) => roll.dice.map(String),
  payout: (roll, spot, stake) => resolveSicBo(roll, SIC_BO_BY_KEY.get(spot) as SicBoBet, stake),
  result: (roll) => ({
    dice: roll.dice,
    total: roll.total,
    triple: roll.isTriple,
    // Tài (big) 11–17, xỉu (small) 4–10; a triple is neither.
    size: roll.isTriple ? 'TRIPLE' : roll.total >= 11 ? 'BIG' : 'SMALL',
  }),
  record: (roll, heading, spots) => ({
    kind: 'dice',
    dice: roll.dice,
    summary: `Sic Bo ${heading}: ${roll.dice.join('+')}=${roll.total}; bet ${spots.join(' ')}`.slice(0, 120),
  }),
};

// ---- roulette ---------------------------------------------------------------------------------
const OUTSIDE: ReadonlySet<RouletteBet['kind']> = new Set(['RED', 'BLACK', 'ODD', 'EVEN', 'LOW', 'HIGH']);
/** A roulette bet's key: RED, DOZEN_2, COLUMN_3, STRAIGHT_17, SPLIT_0_2, STREET_4_5_6, CORNER_1_2_4_5, SIX_LINE_1_…_6. */
export function rouletteKey(bet: RouletteBet): string {
  if (OUTSIDE.has(bet.kind)) return bet.kind;
  if (bet.kind === 'DOZEN') return `DOZEN_${Math.ceil((bet.numbers[0] as number) / 12)}`;
  if (bet.kind === 'COLUMN') return `COLUMN_${bet.numbers[0]}`;
  return `${bet.kind}_${bet.numbers.join('_')}`;
}
const ROULETTE_BY_KEY = new Map(allRouletteBets().map((bet) => [rouletteKey(bet), bet]));
const rouletteGroup = (bet: RouletteBet): string =>
  OUTSIDE.has(bet.kind) ? 'EVEN_MONEY' : bet.kind === 'DOZEN' || bet.kind === 'COLUMN' ? 'DOZEN_COLUMN' : bet.kind;
export const rouletteColour = (pocket: number): 'GREEN' | 'RED' | 'BLACK' =>
  pocket === 0 ? 'GREEN' : RED_NUMBERS.has(pocket) ? 'RED' : 'BLACK';

export const rouletteGame: LiveGame<number> = {
  verifyGame: 'roulette',
  idPrefix: 'ro',
  spots: [...ROULETTE_BY_KEY.keys()],
  groupOf: (spot) => rouletteGroup(ROULETTE_BY_KEY.get(spot) as RouletteBet),
  draw: (random) => spinRoulette(random),
  steps: (pocket) => [String(pocket)],
  payout: (pocket, spot, stake) => resolveRoulette(pocket, ROULETTE_BY_KEY.get(spot) as RouletteBet, stake),
  result: (pocket) => ({ pocket, colour: rouletteColour(pocket) }),
  record: (pocket, heading, spots) => ({
    kind: 'numbers',
    numbers: [String(pocket)],
    summary: `Roulette ${heading}: ${pocket} ${rouletteColour(pocket)}; bet ${spots.length} spots`.slice(0, 120),
  }),
};

/** The limit groups of each game, for the settings file and the page. */
export const LIVE_LIMIT_GROUPS = {
  'dragon-tiger': ['MAIN', 'TIE', 'SUITED_TIE'],
  'sic-bo': ['EVEN_MONEY', 'TOTAL', 'TRIPLE', 'DOUBLE', 'SINGLE', 'COMBO'],
  roulette: ['EVEN_MONEY', 'DOZEN_COLUMN', 'SIX_LINE', 'CORNER', 'STREET', 'SPLIT', 'STRAIGHT'],
} as const;
