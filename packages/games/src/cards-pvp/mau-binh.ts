import { type Card, rankOf, Shoe } from '../house/cards.ts';
import type { RandomSource } from '../random-source.ts';

/**
 * Mậu binh (Vietnamese 13-card "Chinese poker"), 2 to 4 players, one 52-card deck. The rules this
 * engine plays are written out in docs/games.md ("Card rooms"); in short:
 *
 * - Each player gets 13 cards and arranges them into three rows: the back ("chi 1", 5 cards), the
 *   middle ("chi 2", 5 cards) and the front ("chi 3", 3 cards). The back must be at least as
 *   strong as the middle and the middle at least as strong as the front; otherwise the hand is
 *   fouled ("binh lủng").
 * - Ranks from low to high 2 3 … 10 J Q K A. Suits never matter (no suit breaks a tie).
 * - 5-card rows, from strong to weak: straight flush, four of a kind, full house, flush, straight,
 *   three of a kind, two pair, pair, high card. A-2-3-4-5 is the lowest straight (its top is the 5),
 *   10-J-Q-K-A the highest. Equal kinds compare by the ranks that make them, largest group first
 *   (the quad, the trips of a full house, the higher pair of two pair), then the kickers high to
 *   low. Exactly equal ranks are a tie.
 * - The 3-card front: three of a kind > pair > high card (no straights or flushes in three cards),
 *   compared the same way. Against a middle row for the foul check, the front counts as the 5-card
 *   kind of the same name with its missing kickers lowest.
 * - Settlement is between every two players, row by row: the stronger row wins one unit from the
 *   other, a tie none. A player who wins all three rows against another (a sweep, "sập ba chi")
 *   takes double: six units. A fouled hand loses every row to every player whose hand is not fouled
 *   (a sweep, six units each); two fouled hands settle nothing between them.
 * - Special instant hands (six pairs, dragon, three straights, three flushes…) are not played.
 */
export const MAU_BINH_MAX_SEATS = 4;
export const MAU_BINH_HAND_SIZE = 13;
/** Units one player can lose to one other (a sweep). */
export const MAU_BINH_SWEEP_UNITS = 6;

export type MauBinhRows = { back: Card[]; middle: Card[]; front: Card[] };

export const ROW_KINDS = [
  'HIGH_CARD',
  'PAIR',
  'TWO_PAIR',
  'THREE_OF_A_KIND',
  'STRAIGHT',
  'FLUSH',
  'FULL_HOUSE',
  'FOUR_OF_A_KIND',
  'STRAIGHT_FLUSH',
] as const;
export type RowKind = (typeof ROW_KINDS)[number];

/** A row's strength: its kind, and the ranks (2 to 14) that break ties between equal kinds. */
export type RowValue = { kind: RowKind; ranks: number[] };

/** 2 to 14 (the ace is high). */
export const mbRank = (card: Card): number => (rankOf(card) === 1 ? 14 : rankOf(card));

/** Ranks grouped by count (largest group first, then higher rank first). */
function groups(cards: readonly Card[]): { rank: number; count: number }[] {
  const counts = new Map<number, number>();
  for (const c of cards) counts.set(mbRank(c), (counts.get(mbRank(c)) ?? 0) + 1);
  return [...counts].map(([rank, count]) => ({ rank, count })).sort((a, b) => b.count - a.count || b.rank - a.rank);
}

/** The strength of a row of 5 (back, middle) or 3 (front) cards. */
export function rowValue(cards: readonly Card[]): RowValue {
  if ((cards.length !== 5 && cards.length !== 3) || new Set(cards).size !== cards.length)
    throw new RangeError('a row is 3 or 5 different cards');
  const g = groups(cards);
  const ranks = g.map((x) => x.rank);
  const shape = g.map((x) => x.count).join('');
  if (cards.length === 3) {
    if (shape === '3') return { kind: 'THREE_OF_A_KIND', ranks };
    if (shape === '21') return { kind: 'PAIR', ranks };
    return { kind: 'HIGH_CARD', ranks };
  }
  const isFlush = cards.every((c) => Math.floor(c / 13) === Math.floor((cards[0] as Card) / 13));
  let straightTop = 0;
  if (g.length === 5) {
    if ((ranks[0] as number) - (ranks[4] as number) === 4) straightTop = ranks[0] as number;
    else if (ranks.join() === '14,5,4,3,2') straightTop = 5;
  }
  if (straightTop && isFlush) return { kind: 'STRAIGHT_FLUSH', ranks: [straightTop] };
  if (shape === '41') return { kind: 'FOUR_OF_A_KIND', ranks };
  if (shape === '32') return { kind: 'FULL_HOUSE', ranks };
  if (isFlush) return { kind: 'FLUSH', ranks };
  if (straightTop) return { kind: 'STRAIGHT', ranks: [straightTop] };
  if (shape === '311') return { kind: 'THREE_OF_A_KIND', ranks };
  if (shape === '221') return { kind: 'TWO_PAIR', ranks };
  if (shape === '2111') return { kind: 'PAIR', ranks };
  return { kind: 'HIGH_CARD', ranks };
}

/** > 0 when `a` is stronger, < 0 when weaker, 0 for a tie; missing kickers count lowest. */
export function compareRows(a: RowValue, b: RowValue): number {
  const k = ROW_KINDS.indexOf(a.kind) - ROW_KINDS.indexOf(b.kind);
  if (k !== 0) return Math.sign(k);
  const n = Math.max(a.ranks.length, b.ranks.length);
  for (let i = 0; i < n; i++) {
    const d = (a.ranks[i] ?? 0) - (b.ranks[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  return 0;
}

/** Whether the cards are 13 different cards laid out 5 / 5 / 3. */
export function isArrangementOf(rows: MauBinhRows, hand: readonly Card[]): boolean {
  const all = [...rows.back, ...rows.middle, ...rows.front];
  if (rows.back.length !== 5 || rows.middle.length !== 5 || rows.front.length !== 3) return false;
  const held = new Set(hand);
  return new Set(all).size === MAU_BINH_HAND_SIZE && all.every((c) => held.has(c)) && held.size === MAU_BINH_HAND_SIZE;
}

/** Binh lủng: the back weaker than the middle, or the middle weaker than the front. */
export function isFouled(rows: MauBinhRows): boolean {
  const back = rowValue(rows.back);
  const middle = rowValue(rows.middle);
  return compareRows(back, middle) < 0 || compareRows(middle, rowValue(rows.front)) < 0;
}

function* choose(items: readonly Card[], k: number, from = 0, picked: Card[] = []): Generator<Card[]> {
  if (picked.length === k) {
    yield [...picked];
    return;
  }
  for (let i = from; i <= items.length - (k - picked.length); i++) {
    picked.push(items[i] as Card);
    yield* choose(items, k, i + 1, picked);
    picked.pop();
  }
}

function strongestFive(cards: readonly Card[]): Card[] {
  let best: Card[] | null = null;
  let bestValue: RowValue | null = null;
  // Cards in ascending number; among equal strengths the first combination found is kept.
  for (const five of choose(
    [...cards].sort((a, b) => a - b),
    5,
  )) {
    const value = rowValue(five);
    if (!bestValue || compareRows(value, bestValue) > 0) {
      best = five;
      bestValue = value;
    }
  }
  return best as Card[];
}

/**
 * The arrangement a player gets when he does not submit one (timeout, disconnection): the
 * strongest 5-card row of the 13 cards as the back, the strongest 5 of the 8 left as the middle,
 * the last 3 as the front (among equally strong rows, the first by card number). Always legal
 * (never fouled), not always the arrangement that scores best.
 */
export function autoArrange(hand: readonly Card[]): MauBinhRows {
  if (hand.length !== MAU_BINH_HAND_SIZE || new Set(hand).size !== MAU_BINH_HAND_SIZE) throw new RangeError('a mậu binh hand has 13 cards');
  const back = strongestFive(hand);
  const rest = hand.filter((c) => !back.includes(c));
  const middle = strongestFive(rest);
  const front = rest.filter((c) => !middle.includes(c)).sort((a, b) => mbRank(b) - mbRank(a) || a - b);
  return { back, middle, front };
}

/** Deals 13 cards to each seat in ascending order from a fresh deck shuffled by `random`. */
export function dealMauBinh(random: RandomSource, seats: readonly number[]): Map<number, Card[]> {
  if (seats.length < 2 || seats.length > MAU_BINH_MAX_SEATS) throw new RangeError('mậu binh is played by 2 to 4 players');
  const shoe = new Shoe(1, random);
  const hands = new Map<number, Card[]>();
  for (const seat of [...seats].sort((a, b) => a - b))
    hands.set(
      seat,
      Array.from({ length: MAU_BINH_HAND_SIZE }, () => shoe.draw()),
    );
  return hands;
}

export type PairResult = {
  /** The two seats, a < b. */
  a: number;
  b: number;
  /** Per row (back, middle, front): 1 when a won it, -1 when b did, 0 a tie. */
  rows: [number, number, number];
  /** Units a wins from b (negative: b wins from a), after the sweep doubling. */
  units: number;
};

/** Every pair's result and each seat's net units (they add up to zero). */
export function settleMauBinh(hands: ReadonlyMap<number, MauBinhRows>): { pairs: PairResult[]; net: Map<number, number> } {
  const seats = [...hands.keys()].sort((x, y) => x - y);
  type Info = { fouled: boolean; values: readonly RowValue[] };
  const info = new Map<number, Info>(
    seats.map((s): [number, Info] => {
      const rows = hands.get(s) as MauBinhRows;
      return [s, { fouled: isFouled(rows), values: [rowValue(rows.back), rowValue(rows.middle), rowValue(rows.front)] }];
    }),
  );
  const net = new Map(seats.map((s) => [s, 0]));
  const pairs: PairResult[] = [];
  for (let i = 0; i < seats.length; i++)
    for (let j = i + 1; j < seats.length; j++) {
      const a = seats[i] as number;
      const b = seats[j] as number;
      const A = info.get(a) as Info;
      const B = info.get(b) as Info;
      let rows: [number, number, number];
      if (A.fouled && B.fouled) rows = [0, 0, 0];
      else if (A.fouled) rows = [-1, -1, -1];
      else if (B.fouled) rows = [1, 1, 1];
      else rows = [0, 1, 2].map((r) => compareRows(A.values[r] as RowValue, B.values[r] as RowValue)) as [number, number, number];
      const sum = rows[0] + rows[1] + rows[2];
      const units = Math.abs(sum) === 3 ? sum * 2 : sum;
      pairs.push({ a, b, rows, units });
      net.set(a, (net.get(a) ?? 0) + units);
      net.set(b, (net.get(b) ?? 0) - units);
    }
  return { pairs, net };
}

/** The most units a seat can lose in a hand of `players` (a sweep by every other player). */
export const maxLossUnits = (players: number): number => (players - 1) * MAU_BINH_SWEEP_UNITS;
