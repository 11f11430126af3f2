import type { RoundOutcome } from '@platform/contracts/round-outcome';
import {
  actBlackjack,
  type BlackjackAction,
  type BlackjackRound,
  handTotal,
  legalActions,
  resolveBlackjack,
  startBlackjack,
} from '@platform/games/house/blackjack';
import { type Card, cardName, rankOf, Shoe } from '@platform/games/house/cards';
import {
  type DiceTargetBet,
  diceTargetMultiplier,
  isValidDiceTargetBet,
  resolveDiceTarget,
  rollDiceTarget,
} from '@platform/games/house/dice-target';
import { cashOutHiLo, guessHiLo, type HiLoGame, hiLoMultiplier, resolveHiLo, startHiLo, winningRanks } from '@platform/games/house/hi-lo';
import {
  cashOutMines,
  MINES_CELLS,
  type MinesGame,
  minesMultiplier,
  resolveMines,
  revealCell,
  startMines,
} from '@platform/games/house/mines';
import {
  dropPlinko,
  PLINKO_RISKS,
  PLINKO_ROWS,
  type PlinkoDrop,
  type PlinkoRisk,
  plinkoTable,
  resolvePlinko,
} from '@platform/games/house/plinko';
import type { RoundInputs, VerifiableGame } from '@platform/games/house/verify';
import {
  dealVideoPoker,
  drawVideoPoker,
  evaluateHand,
  JACKS_OR_BETTER_9_6,
  resolveVideoPoker,
  VIDEO_POKER_HANDS,
  type VideoPokerDeal,
} from '@platform/games/house/video-poker';
import type { RandomSource } from '@platform/games/random-source';

/**
 * The single-player house games as rules the solo table plays (solo-table.ts): what a round's
 * choices are (`parse`), how it starts from the round's random stream (`start`), what the player may
 * do next (`act`), when it is over, what it pays, what the player sees, and how an abandoned round
 * ends (`finish`). The maths is `packages/games/src/house`; the return of each game is proven there.
 * Every draw reads the one HMAC stream of (server seed, client seed, nonce) in order, so a round is
 * recomputed by replaying its choices (`replayRound` checks the first draws, the verify page the rest).
 */
export type SoloAction = { type: string; cell?: number; guess?: string; holds?: boolean[] };

export class SoloRefusal extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}

export type SoloGame<P = unknown, S = unknown> = {
  readonly code: string;
  readonly verifyGame: VerifiableGame;
  /** The round's choices from the page's body, or a refusal code. */
  parse(body: Record<string, unknown>): P;
  start(random: RandomSource, params: P, stake: number): S;
  /** The next state; a refusal when the action is not allowed now. */
  act(state: S, action: SoloAction, random: RandomSource): S;
  /** A further stake this action takes first (blackjack's double and split), or 0. */
  extraStake(state: S, action: SoloAction, stake: number): number;
  isOver(state: S): boolean;
  /** What the whole round pays, stake included (0 when lost). */
  payout(state: S, stake: number): number;
  /** What the player sees (a mine's place only once the round is over). */
  view(state: S, stake: number): Record<string, unknown>;
  outcome(state: S, params: P): RoundOutcome;
  /**
   * How a round the player left ends: the action the game takes for them, or `refund` when nothing
   * was shown that the stake bought (mines and hi-lo before a first pick).
   */
  finish(state: S): SoloAction | 'refund';
  /** The verify inputs beyond the seeds (mines, rows, risk, decks, cards). */
  verifyInputs(params: P, state: S): Partial<RoundInputs>;
};

const outcomeCard = (card: Card) => cardName(card).replace(/^T/, '10');
const intIn = (value: unknown, min: number, max: number, code: string): number => {
  const n = typeof value === 'string' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < min || n > max) throw new SoloRefusal(code);
  return n;
};
const ratio = (r: { numerator: bigint; denominator: bigint }) => Number(r.numerator) / Number(r.denominator);

/** Dice with a target: one roll 0.00–99.99, UNDER or OVER a target in hundredths. */
export const diceGame: SoloGame<DiceTargetBet, { roll: number; bet: DiceTargetBet }> = {
  code: 'dice',
  verifyGame: 'dice',
  parse(body) {
    const direction = body.direction === 'OVER' ? 'OVER' : body.direction === 'UNDER' ? 'UNDER' : undefined;
    if (!direction) throw new SoloRefusal('TARGET_INVALID');
    const bet = { direction, target: intIn(body.target, 0, 9999, 'TARGET_INVALID') } as const;
    if (!isValidDiceTargetBet(bet)) throw new SoloRefusal('TARGET_INVALID');
    return bet;
  },
  start: (random, bet) => ({ roll: rollDiceTarget(random), bet }),
  act: () => {
    throw new SoloRefusal('ACTION_INVALID');
  },
  extraStake: () => 0,
  isOver: () => true,
  payout: (s, stake) => resolveDiceTarget(s.roll, s.bet, stake),
  view: (s) => ({ roll: s.roll, direction: s.bet.direction, target: s.bet.target, multiplier: ratio(diceTargetMultiplier(s.bet)) }),
  outcome: (s) => ({
    kind: 'numbers',
    numbers: [String(s.roll)],
    summary: `${(s.roll / 100).toFixed(2)} ${s.bet.direction === 'UNDER' ? '<' : '>'} ${(s.bet.target / 100).toFixed(2)} ×${ratio(diceTargetMultiplier(s.bet)).toFixed(4)}`,
  }),
  finish: () => 'refund',
  verifyInputs: () => ({}),
};

/** Plinko: rows 8–16 and a risk; one drop. */
export const plinkoGame: SoloGame<{ rows: number; risk: PlinkoRisk }, PlinkoDrop & { rows: number; risk: PlinkoRisk }> = {
  code: 'plinko',
  verifyGame: 'plinko',
  parse(body) {
    const rows = intIn(body.rows, PLINKO_ROWS[0], PLINKO_ROWS[PLINKO_ROWS.length - 1] as number, 'ROWS_INVALID');
    const risk = PLINKO_RISKS.find((r) => r === body.risk);
    if (!risk) throw new SoloRefusal('RISK_INVALID');
    return { rows, risk };
  },
  start: (random, p) => ({ ...dropPlinko(random, p.rows, p.risk), rows: p.rows, risk: p.risk }),
  act: () => {
    throw new SoloRefusal('ACTION_INVALID');
  },
  extraStake: () => 0,
  isOver: () => true,
  payout: (s, stake) => resolvePlinko(s, stake),
  view: (s) => ({ rows: s.rows, risk: s.risk, path: s.path, slot: s.slot, multiplier: s.multiplier / 10_000 }),
  outcome: (s) => ({
    kind: 'wheel',
    segment: s.slot,
    multiplier: s.multiplier / 10_000,
    summary: `${s.rows} ${s.risk} ${s.path.map((p) => (p ? 'R' : 'L')).join('')} ×${s.multiplier / 10_000}`,
  }),
  finish: () => 'refund',
  verifyInputs: (p) => ({ rows: p.rows, risk: p.risk }),
};

/** Mines: 5×5, 1–24 mines; reveal cells, cash out after any safe one. */
export const minesGame: SoloGame<{ mines: number }, MinesGame> = {
  code: 'mines',
  verifyGame: 'mines',
  parse: (body) => ({ mines: intIn(body.mines, 1, MINES_CELLS - 1, 'MINES_INVALID') }),
  start: (random, p) => startMines(random, p.mines),
  act(state, action) {
    try {
      if (action.type === 'REVEAL') return revealCell(state, intIn(action.cell, 0, MINES_CELLS - 1, 'ACTION_INVALID'));
      if (action.type === 'CASHOUT') return cashOutMines(state);
    } catch (err) {
      if (err instanceof RangeError) throw new SoloRefusal('ACTION_INVALID');
      throw err;
    }
    throw new SoloRefusal('ACTION_INVALID');
  },
  extraStake: () => 0,
  isOver: (s) => s.status !== 'PLAYING',
  payout: (s, stake) => resolveMines(s, stake),
  view(s) {
    const safe = s.revealed.filter((c) => !s.minePositions.includes(c)).length;
    const over = s.status !== 'PLAYING';
    return {
      mines: s.mines,
      revealed: s.revealed,
      status: s.status,
      multiplier: safe > 0 ? ratio(minesMultiplier(s.mines, safe)) : 1,
      next: safe < MINES_CELLS - s.mines ? ratio(minesMultiplier(s.mines, safe + 1)) : null,
      ...(over ? { minePositions: s.minePositions } : {}),
    };
  },
  outcome: (s) => ({
    kind: 'numbers',
    // The mines' cells, 1 to 25 row by row.
    numbers: s.minePositions.map((c) => String(c + 1)),
    summary: `${s.mines} mines, ${s.revealed.filter((c) => !s.minePositions.includes(c)).length} safe, ${s.status === 'CASHED_OUT' ? 'cashed out' : 'hit a mine'}`,
  }),
  finish: (s) => (s.revealed.length > 0 ? { type: 'CASHOUT' } : 'refund'),
  verifyInputs: (p) => ({ mines: p.mines }),
};

export const HI_LO_MAX_CALLS = 52;
export const HI_LO_MAX_MULTIPLIER = 10_000;

/** Hi-lo: higher-or-same or lower-or-same on each card, cash out after any right call. */
export const hiLoGame: SoloGame<Record<string, never>, HiLoGame> = {
  code: 'hi-lo',
  verifyGame: 'hi-lo',
  parse: () => ({}),
  start: (random) => startHiLo(random),
  act(state, action, random) {
    try {
      if (action.type === 'GUESS' && (action.guess === 'HIGHER_OR_SAME' || action.guess === 'LOWER_OR_SAME'))
        return guessHiLo(state, action.guess, random);
      if (action.type === 'CASHOUT') return cashOutHiLo(state);
    } catch (err) {
      if (err instanceof RangeError) throw new SoloRefusal('ACTION_INVALID');
      throw err;
    }
    throw new SoloRefusal('ACTION_INVALID');
  },
  extraStake: () => 0,
  // A run cashes out by itself at 52 calls or a ×10,000 multiplier (a stopping rule: still 97%).
  isOver: (s) =>
    s.status !== 'PLAYING' ||
    s.guesses.length >= HI_LO_MAX_CALLS ||
    (s.guesses.length > 0 && ratio(hiLoMultiplier(s)) >= HI_LO_MAX_MULTIPLIER),
  payout: (s, stake) => resolveHiLo(s.status === 'PLAYING' ? cashOutHiLo(s) : s, stake),
  view(s) {
    const current = s.cards[s.cards.length - 1] as Card;
    const rank = rankOf(current);
    return {
      cards: s.cards.map(cardName),
      guesses: s.guesses,
      status: s.status,
      multiplier: s.guesses.length > 0 && s.status !== 'LOST' ? ratio(hiLoMultiplier(s)) : 1,
      chances: { HIGHER_OR_SAME: winningRanks(rank, 'HIGHER_OR_SAME') / 13, LOWER_OR_SAME: winningRanks(rank, 'LOWER_OR_SAME') / 13 },
    };
  },
  outcome: (s) => ({
    kind: 'cards',
    hands: [{ name: 'Hi-lo', cards: s.cards.slice(-13).map(outcomeCard) }],
    summary: `${s.guesses.length} calls, ${s.status === 'LOST' ? 'lost' : 'cashed out'}`,
  }),
  finish: (s) => (s.guesses.length > 0 ? { type: 'CASHOUT' } : 'refund'),
  verifyInputs: (_p, s) => ({ cards: s.cards.length }),
};

type VideoPokerState = { deal: VideoPokerDeal; final?: Card[] };

/** Jacks or Better 9/6: deal five, hold any, draw once. */
export const videoPokerGame: SoloGame<Record<string, never>, VideoPokerState> = {
  code: 'video-poker',
  verifyGame: 'video-poker',
  parse: () => ({}),
  start: (random) => ({ deal: dealVideoPoker(random) }),
  act(state, action) {
    const holds = action.holds;
    if (state.final || action.type !== 'DRAW' || !Array.isArray(holds) || holds.length !== 5 || holds.some((h) => typeof h !== 'boolean'))
      throw new SoloRefusal('ACTION_INVALID');
    return { ...state, final: drawVideoPoker(state.deal, holds) };
  },
  extraStake: () => 0,
  isOver: (s) => s.final !== undefined,
  payout: (s, stake) => (s.final ? resolveVideoPoker(s.final, stake) : 0),
  view: (s) => ({
    hand: s.deal.hand.map(cardName),
    dealtHand: VIDEO_POKER_HANDS[evaluateHand(s.deal.hand)],
    ...(s.final ? { final: s.final.map(cardName), finalHand: VIDEO_POKER_HANDS[evaluateHand(s.final)] } : {}),
  }),
  outcome: (s) => {
    const final = s.final ?? s.deal.hand;
    return {
      kind: 'cards',
      hands: [
        { name: 'Deal', cards: s.deal.hand.map(outcomeCard) },
        { name: 'Draw', cards: final.map(outcomeCard) },
      ],
      summary: `${VIDEO_POKER_HANDS[evaluateHand(final)]} pays ${JACKS_OR_BETTER_9_6[evaluateHand(final)]} for 1`,
    };
  },
  // A hand left on the deal is drawn holding all five (the hand as dealt).
  finish: () => ({ type: 'DRAW', holds: [true, true, true, true, true] }),
  verifyInputs: () => ({}),
};

/** Blackjack's round and the shoe it draws from (rebuilt by replay after a restart). */
type BlackjackState = { round: BlackjackRound; shoe: Shoe };
export const BLACKJACK_TABLE_DECKS = 6;

export const blackjackGame: SoloGame<Record<string, never>, BlackjackState> = {
  code: 'blackjack',
  verifyGame: 'blackjack',
  parse: () => ({}),
  start(random, _p, stake) {
    const shoe = new Shoe(BLACKJACK_TABLE_DECKS, random);
    return { round: startBlackjack(shoe, stake), shoe };
  },
  act(state, action) {
    const type = action.type as BlackjackAction;
    if (!legalActions(state.round).includes(type)) throw new SoloRefusal('ACTION_INVALID');
    return { ...state, round: actBlackjack(state.round, type, state.shoe) };
  },
  extraStake(state, action, stake) {
    if (!legalActions(state.round).includes(action.type as BlackjackAction)) return 0;
    return action.type === 'DOUBLE' ? (state.round.hands[state.round.active]?.stakeMinor ?? stake) : action.type === 'SPLIT' ? stake : 0;
  },
  isOver: (s) => s.round.phase === 'SETTLED',
  payout: (s) => resolveBlackjack(s.round),
  view(s) {
    const over = s.round.phase === 'SETTLED';
    // The hole card stays hidden until the round is over.
    const dealer = over ? s.round.dealer : s.round.dealer.slice(0, 1);
    return {
      hands: s.round.hands.map((h) => ({
        cards: h.cards.map(cardName),
        total: handTotal(h.cards).total,
        soft: handTotal(h.cards).soft,
        stake: h.stakeMinor,
        doubled: h.doubled,
        done: h.done,
      })),
      active: s.round.active,
      dealer: dealer.map(cardName),
      dealerTotal: handTotal(dealer).total,
      holeHidden: !over,
      actions: legalActions(s.round),
      decks: BLACKJACK_TABLE_DECKS,
    };
  },
  outcome: (s) => ({
    kind: 'cards',
    hands: [
      { name: 'Dealer', cards: s.round.dealer.map(outcomeCard), score: handTotal(s.round.dealer).total },
      ...s.round.hands.map((h, i) => ({
        name: s.round.hands.length > 1 ? `Hand ${i + 1}` : 'Player',
        cards: h.cards.map(outcomeCard),
        score: handTotal(h.cards).total,
      })),
    ],
    summary: `${s.round.hands.map((h) => handTotal(h.cards).total).join('/')} vs ${handTotal(s.round.dealer).total}`,
  }),
  finish: () => ({ type: 'STAND' }),
  verifyInputs: (_p, s) => ({ decks: BLACKJACK_TABLE_DECKS, cards: s.round.dealt.length }),
};

export const SOLO_GAMES: Readonly<Record<string, SoloGame<unknown, unknown>>> = {
  dice: diceGame,
  plinko: plinkoGame,
  mines: minesGame,
  'hi-lo': hiLoGame,
  'video-poker': videoPokerGame,
  blackjack: blackjackGame,
};
export const SOLO_GAME_CODES = Object.keys(SOLO_GAMES) as readonly string[];
export const isSoloGame = (code: string): boolean => Object.hasOwn(SOLO_GAMES, code);

/** The tables a page shows: plinko's multipliers, video poker's paytable. */
export function gameInfo(code: string): Record<string, unknown> {
  if (code === 'plinko')
    return {
      rows: PLINKO_ROWS,
      risks: PLINKO_RISKS,
      tables: Object.fromEntries(
        PLINKO_ROWS.flatMap((rows) => PLINKO_RISKS.map((risk) => [`${rows}:${risk}`, plinkoTable(rows, risk).map((m) => m / 10_000)])),
      ),
    };
  if (code === 'video-poker') return { paytable: VIDEO_POKER_HANDS.map((hand, i) => [hand, JACKS_OR_BETTER_9_6[i]]) };
  if (code === 'mines')
    return {
      cells: MINES_CELLS,
      multipliers: Object.fromEntries(
        Array.from({ length: 24 }, (_, i) => [
          i + 1,
          Array.from({ length: 25 - i }, (_, k) => (k === 0 ? 1 : ratio(minesMultiplier(i + 1, k)))),
        ]),
      ),
    };
  return {};
}
