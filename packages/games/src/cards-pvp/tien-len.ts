import { type Card, rankOf, Shoe, suitOf } from '../house/cards.ts';
import type { RandomSource } from '../random-source.ts';

/**
 * Tiến lên miền Nam (southern "go forward"), 2 to 4 players, 13 cards each from one 52-card deck.
 * The rules this engine plays are written out in docs/games.md ("Card rooms"); in short:
 *
 * - Ranks from low to high 3 4 5 6 7 8 9 10 J Q K A 2; suits from low to high ♠ ♣ ♦ ♥. A card's
 *   strength is its rank, then its suit (3♠ is the lowest card, 2♥ the highest).
 * - Combinations: a single, a pair, a triple, four of a kind ("tứ quý"), a straight ("sảnh") of 3
 *   or more consecutive ranks, and consecutive pairs ("đôi thông") of 3 or more pairs. A 2 is never
 *   part of a straight or consecutive pairs.
 * - A play beats the table's play of the same kind and length whose highest card is lower.
 * - "Chặt" (bombs): three consecutive pairs beat a single 2; four of a kind beats a single 2, a pair
 *   of 2s and three consecutive pairs; four consecutive pairs beat a single 2, a pair of 2s, three
 *   consecutive pairs and four of a kind. Only in turn, and only by a player still in the round.
 * - A player who passes is out until the round ends; when every other player has passed, the last
 *   to play leads a new round with anything. If he has gone out, the next player still in leads.
 * - The first hand at a table (or when the previous winner has left) is led by the holder of the
 *   lowest card dealt (3♠ with four players), whose first play must contain it; later hands are
 *   led by the previous winner, freely.
 * - The hand ends when the first player plays his last card: he wins.
 * - Instant wins ("tới trắng") dealt in a hand end it at once, strongest first: a dragon straight
 *   3 to A ("sảnh rồng"), four 2s ("tứ quý heo"), five consecutive pairs ("năm đôi thông"), six
 *   pairs ("sáu đôi"). Two players with instant wins of the same kind: the one who would play
 *   first from the leader wins.
 */
export const TIEN_LEN_SEATS = 4;
export const TIEN_LEN_HAND_SIZE = 13;

/** 0 for 3 up to 12 for 2. */
export function tlRank(card: Card): number {
  return (rankOf(card) + 10) % 13;
}

/** ♠ 0, ♣ 1, ♦ 2, ♥ 3 (cards.ts numbers suits clubs 0, diamonds 1, hearts 2, spades 3). */
export function tlSuit(card: Card): number {
  return [1, 2, 3, 0][suitOf(card)] as number;
}

/** The card's strength: 0 (3♠) to 51 (2♥). */
export function tlPower(card: Card): number {
  return tlRank(card) * 4 + tlSuit(card);
}

const TWO = 12;

export const sortTienLen = (cards: readonly Card[]): Card[] => [...cards].sort((a, b) => tlPower(a) - tlPower(b));

export type ComboKind = 'SINGLE' | 'PAIR' | 'TRIPLE' | 'QUAD' | 'STRAIGHT' | 'PAIRS';

/** A legal combination: its kind, how many cards, and the strength of its highest card. */
export type Combo = { kind: ComboKind; size: number; top: number };

/** What the cards form, or null when they are not a legal combination. */
export function classify(cards: readonly Card[]): Combo | null {
  const n = cards.length;
  if (n === 0 || new Set(cards).size !== n) return null;
  const sorted = sortTienLen(cards);
  const top = tlPower(sorted[n - 1] as Card);
  const ranks = sorted.map(tlRank);
  const sameRank = ranks.every((r) => r === ranks[0]);
  if (n === 1) return { kind: 'SINGLE', size: 1, top };
  if (sameRank && n <= 4) return { kind: (['PAIR', 'TRIPLE', 'QUAD'] as const)[n - 2] as ComboKind, size: n, top };
  if (ranks.includes(TWO)) return null;
  if (n >= 3 && ranks.every((r, i) => i === 0 || r === (ranks[i - 1] as number) + 1)) return { kind: 'STRAIGHT', size: n, top };
  if (n >= 6 && n % 2 === 0) {
    let ok = true;
    for (let i = 0; i < n; i += 2) {
      if (ranks[i] !== ranks[i + 1]) ok = false;
      if (i > 0 && ranks[i] !== (ranks[i - 2] as number) + 1) ok = false;
    }
    if (ok) return { kind: 'PAIRS', size: n, top };
  }
  return null;
}

const isTwos = (c: Combo) => Math.floor(c.top / 4) === TWO;

/** Whether `play` may be put on `table` (the last play of the round). */
export function beats(play: Combo, table: Combo): boolean {
  if (play.kind === table.kind && play.size === table.size) return play.top > table.top;
  const threePairs = play.kind === 'PAIRS' && play.size === 6;
  const fourPairs = play.kind === 'PAIRS' && play.size === 8;
  const quad = play.kind === 'QUAD';
  if (table.kind === 'SINGLE' && isTwos(table)) return threePairs || quad || fourPairs;
  if (table.kind === 'PAIR' && isTwos(table)) return quad || fourPairs;
  if (table.kind === 'PAIRS' && table.size === 6) return quad || fourPairs;
  if (table.kind === 'QUAD') return fourPairs;
  return false;
}

export type InstantWin = 'DRAGON' | 'FOUR_TWOS' | 'FIVE_PAIRS' | 'SIX_PAIRS';
const INSTANT_ORDER: readonly InstantWin[] = ['DRAGON', 'FOUR_TWOS', 'FIVE_PAIRS', 'SIX_PAIRS'];

/** The strongest instant win a dealt hand holds, if any. */
export function instantWinOf(hand: readonly Card[]): InstantWin | null {
  const counts = new Array<number>(13).fill(0);
  for (const c of hand) counts[tlRank(c)] = (counts[tlRank(c)] as number) + 1;
  if (counts.slice(0, 12).every((k) => k >= 1)) return 'DRAGON';
  if (counts[TWO] === 4) return 'FOUR_TWOS';
  let run = 0;
  for (let r = 0; r < 12; r++) {
    run = (counts[r] as number) >= 2 ? run + 1 : 0;
    if (run >= 5) return 'FIVE_PAIRS';
  }
  if (counts.reduce((s, k) => s + Math.floor(k / 2), 0) >= 6) return 'SIX_PAIRS';
  return null;
}

export type TienLenPlay = { seat: number; cards: Card[] | null; auto?: boolean };

export type TienLenState = {
  /** Seats dealt in (ascending); the others sit out this hand. */
  seats: number[];
  /** Each seat's cards, sorted weakest first (empty for a seat not dealt in). */
  hands: Card[][];
  /** Whose turn it is; null once the hand is over. */
  turn: number | null;
  /** The play to beat in this round, null when the round is fresh. */
  table: { seat: number; cards: Card[]; combo: Combo } | null;
  /** Seats that passed in this round. */
  passed: number[];
  /** The card the first play must contain (the first hand at a table), else null. */
  mustPlay: Card | null;
  /** Every play and pass, in order (`cards: null` is a pass). */
  plays: TienLenPlay[];
  winner: number | null;
  instantWin: InstantWin | null;
};

export type TienLenRefusal =
  | 'NOT_YOUR_TURN'
  | 'HAND_OVER'
  | 'NOT_YOUR_CARDS'
  | 'INVALID_COMBINATION'
  | 'DOES_NOT_BEAT'
  | 'MUST_PLAY_LOWEST'
  | 'CANNOT_PASS_LEAD';

export class TienLenError extends Error {
  constructor(readonly code: TienLenRefusal) {
    super(code);
  }
}

/**
 * Deals 13 cards to each seat from a fresh deck shuffled by `random` (lazy Fisher–Yates: seat after
 * seat in ascending order, the first 13 cards to the first seat, and so on).
 */
export function dealTienLen(random: RandomSource, seats: readonly number[]): Card[][] {
  if (seats.length < 2 || seats.length > TIEN_LEN_SEATS) throw new RangeError('tiến lên is played by 2 to 4 players');
  const shoe = new Shoe(1, random);
  const hands: Card[][] = Array.from({ length: TIEN_LEN_SEATS }, () => []);
  for (const seat of seats) hands[seat] = sortTienLen(Array.from({ length: TIEN_LEN_HAND_SIZE }, () => shoe.draw()));
  return hands;
}

/**
 * The state at the start of a hand. `leader` is the previous hand's winner if he is still dealt in;
 * otherwise the holder of the lowest card dealt leads and must play it.
 */
export function startTienLen(hands: Card[][], seats: readonly number[], leader: number | null): TienLenState {
  const ordered = [...seats].sort((a, b) => a - b);
  let first: number;
  let mustPlay: Card | null = null;
  if (leader !== null && ordered.includes(leader)) first = leader;
  else {
    let lowest: Card | null = null;
    first = ordered[0] as number;
    for (const s of ordered)
      for (const c of hands[s] as Card[])
        if (lowest === null || tlPower(c) < tlPower(lowest)) {
          lowest = c;
          first = s;
        }
    mustPlay = lowest;
  }
  const state: TienLenState = {
    seats: ordered,
    hands: hands.map((h) => sortTienLen(h)),
    turn: first,
    table: null,
    passed: [],
    mustPlay,
    plays: [],
    winner: null,
    instantWin: null,
  };
  // Instant wins, strongest kind first; the same kind: the first in playing order from the leader.
  const order = seatsFrom(ordered, first);
  let best: { seat: number; kind: InstantWin } | null = null;
  for (const s of order) {
    const kind = instantWinOf(hands[s] as Card[]);
    if (kind && (!best || INSTANT_ORDER.indexOf(kind) < INSTANT_ORDER.indexOf(best.kind))) best = { seat: s, kind };
  }
  if (best) {
    state.winner = best.seat;
    state.instantWin = best.kind;
    state.turn = null;
  }
  return state;
}

/** The seats in playing order (ascending seat numbers, round the table) starting at `from`. */
function seatsFrom(seats: readonly number[], from: number): number[] {
  const i = seats.indexOf(from);
  return [...seats.slice(i), ...seats.slice(0, i)];
}

/** The next seat after `seat` that is still in the round and holds cards. */
function nextInRound(state: TienLenState, seat: number): number | null {
  const order = seatsFrom(state.seats, seat).slice(1);
  return order.find((s) => !state.passed.includes(s) && (state.hands[s] as Card[]).length > 0) ?? null;
}

/** Checks a play without changing anything; throws the refusal. */
export function checkPlay(state: TienLenState, seat: number, cards: readonly Card[]): Combo {
  if (state.winner !== null) throw new TienLenError('HAND_OVER');
  if (state.turn !== seat) throw new TienLenError('NOT_YOUR_TURN');
  const hand = state.hands[seat] as Card[];
  if (cards.length === 0 || !cards.every((c) => hand.includes(c)) || new Set(cards).size !== cards.length)
    throw new TienLenError('NOT_YOUR_CARDS');
  const combo = classify(cards);
  if (!combo) throw new TienLenError('INVALID_COMBINATION');
  if (state.mustPlay !== null && !cards.includes(state.mustPlay)) throw new TienLenError('MUST_PLAY_LOWEST');
  if (state.table && !beats(combo, state.table.combo)) throw new TienLenError('DOES_NOT_BEAT');
  return combo;
}

/** Plays cards for the seat whose turn it is; returns the new state (the old one is not changed). */
export function playCards(state: TienLenState, seat: number, cards: readonly Card[], auto = false): TienLenState {
  const combo = checkPlay(state, seat, cards);
  const next: TienLenState = structuredClone(state);
  next.hands[seat] = (next.hands[seat] as Card[]).filter((c) => !cards.includes(c));
  next.table = { seat, cards: sortTienLen(cards), combo };
  next.mustPlay = null;
  next.plays.push({ seat, cards: sortTienLen(cards), ...(auto ? { auto } : {}) });
  if ((next.hands[seat] as Card[]).length === 0) {
    next.winner = seat;
    next.turn = null;
    return next;
  }
  next.turn = nextInRound(next, seat) ?? seat;
  if (next.turn === seat) newRound(next, seat);
  return next;
}

/** Passes for the seat whose turn it is; the leader of a fresh round cannot pass. */
export function passTurn(state: TienLenState, seat: number, auto = false): TienLenState {
  if (state.winner !== null) throw new TienLenError('HAND_OVER');
  if (state.turn !== seat) throw new TienLenError('NOT_YOUR_TURN');
  if (!state.table) throw new TienLenError('CANNOT_PASS_LEAD');
  const next: TienLenState = structuredClone(state);
  next.passed.push(seat);
  next.plays.push({ seat, cards: null, ...(auto ? { auto } : {}) });
  const lastSeat = (next.table as NonNullable<TienLenState['table']>).seat;
  const following = nextInRound(next, seat);
  // Everybody else has passed: the round is over and its last player leads the next.
  if (following === null || following === lastSeat) {
    newRound(next, lastSeat);
    return next;
  }
  next.turn = following;
  return next;
}

function newRound(state: TienLenState, lastSeat: number): void {
  state.table = null;
  state.passed = [];
  // Cards left: the last player leads; gone out (cannot happen: the hand ends), else the next one.
  state.turn = (state.hands[lastSeat] as Card[]).length > 0 ? lastSeat : nextInRound(state, lastSeat);
}

/**
 * What the server plays for a seat whose timer ran out or who left: a pass when following, the
 * lowest card alone when leading (the lowest card is the one the first play must contain).
 */
export function autoPlay(state: TienLenState, seat: number): TienLenState {
  if (state.table) return passTurn(state, seat, true);
  return playCards(state, seat, [(state.hands[seat] as Card[])[0] as Card], true);
}

/** Replays a hand's recorded plays from its deal (the verify page and recovery use it). */
export function replayTienLen(
  hands: Card[][],
  seats: readonly number[],
  leader: number | null,
  plays: readonly TienLenPlay[],
): TienLenState {
  let state = startTienLen(hands, seats, leader);
  for (const p of plays) state = p.cards === null ? passTurn(state, p.seat, p.auto) : playCards(state, p.seat, p.cards, p.auto);
  return state;
}
