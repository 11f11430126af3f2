import { identityTag } from '@platform/contracts/identity-tag';
import type { RoundOutcome } from '@platform/contracts/round-outcome';
import { baiCaoScore, baiCaoWinners, dealBaiCao, rakeOf, splitPot } from '@platform/games/cards-pvp/bai-cao';
import {
  autoArrange,
  dealMauBinh,
  isArrangementOf,
  isFouled,
  type MauBinhRows,
  maxLossUnits,
  type PairResult,
  rowValue,
  settleMauBinh,
} from '@platform/games/cards-pvp/mau-binh';
import {
  autoPlay,
  dealTienLen,
  passTurn,
  playCards,
  startTienLen,
  TienLenError,
  type TienLenState,
} from '@platform/games/cards-pvp/tien-len';
import { type Card, cardName } from '@platform/games/house/cards';
import { roundRandom } from '@platform/games/random-source';
import { commitmentOf, newServerSeed } from '@platform/games/rng';
import type { Journal } from '../journal.ts';
import type { PlatformClient } from '../platform-client.ts';
import { createTableWallet, maskName, newBetId, pushNewest, type Settlement, TableRefused, type WalletEntry } from '../table-wallet.ts';

/**
 * One card room of the house game server (docs/house-games.md "Card rooms", ADR 0027): players sit
 * at seats and play each other, hand after hand; the house deals, keeps the time and takes the
 * room's stated rake from each pot. No bots: every seat is a member who joined from the site.
 *
 * A hand: when two or more players are seated a countdown starts; the hand opens with a fresh
 * server seed (only its SHA-256 is shown) and each seated player's ante is one seamless `debit`
 * (journaled first); if any ante is refused the hand is void and the others are refunded. Then the
 * deal (`roundRandom(seed, "<game>:<room>:<hand>", hand)`), the plays (tiến lên, each journaled
 * before it is shown, a turn timer per move, auto-play on timeout), the end: the pot less the rake
 * to the winner(s), a `credit` to every player (0 for the losers) with the hand's cards in the
 * betting record. Mậu binh: the ante is the most a player can lose (a sweep by every other player,
 * in units of the room's stake), the deal is followed by an arrange phase with one timer for all
 * (each player's rows journaled as he submits them, the missing ones auto-arranged at its end, or
 * at once for players who are away), then the reveal, and each credit is the ante plus the player's
 * net units less the rake on a win. A hand cut off by a crash or a shutdown before its end is void: every ante is
 * refunded once (rollback); a hand that ended but was not settled yet is settled on its result.
 */
export type CardGame = 'tien-len' | 'bai-cao' | 'mau-binh';
export const CARD_GAME_CODES: readonly CardGame[] = ['tien-len', 'bai-cao', 'mau-binh'];
const ROUND_PREFIX: Record<CardGame, string> = { 'tien-len': 'tl', 'bai-cao': 'bc', 'mau-binh': 'mb' };
export const CARD_HISTORY_KEPT = 60;

export type CardRoomConfig = {
  roomId: string;
  game: CardGame;
  /** The ante each seated player pays per hand (minor units); mậu binh: the value of one unit. */
  stake: number;
  /** The balance a player needs to sit down (minor units). */
  minBalance: number;
  seats: number;
  /** The house's rake on each pot (mậu binh: on each player's net win), in hundredths of a percent (500 = 5%). */
  rakeBps: number;
};

export type CardRoomOptions = {
  config: CardRoomConfig;
  journal: Journal<CardRoomEntry>;
  platform: PlatformClient;
  /** The secret the identity tags are keyed with (the vendor secret). */
  secret: string;
  now: () => number;
  /** A move's time; a player whose timer runs out is auto-played. */
  turnMs?: number;
  /** A disconnected player's turn is auto-played after this much. */
  awayTurnMs?: number;
  /** From two seated players to the deal. */
  startDelayMs?: number;
  /** Bài cào, mậu binh: how long the cards stay face up before the next countdown. */
  showdownMs?: number;
  /** Mậu binh: the time to arrange the rows; the rows not submitted by then are auto-arranged. */
  arrangeMs?: number;
  serverSeed?: (hand: number) => string;
  log?: (message: string, data?: Record<string, unknown>) => void;
};

export type SeatedPlayer = { seat: number; username: string; token: string; currency: string };

export type CardHistoryItem = {
  hand: number;
  commitment: string;
  serverSeed: string;
  clientSeed: string;
  end: 'played' | 'void';
  endedAt: number;
  leader: number | null;
  players: {
    seat: number;
    player: string;
    cards: string[];
    stake: number;
    payout: number;
    score: number;
    /** Mậu binh: the rows as played, whether they were fouled or auto-arranged, the net units. */
    rows?: { back: string[]; middle: string[]; front: string[] };
    fouled?: boolean;
    auto?: boolean;
    units?: number;
  }[];
  /** Mậu binh: the result of every two players, row by row. */
  pairs?: PairResult[];
  plays: { seat: number; cards: string[] | null; auto?: boolean }[];
  pot: number;
  rake: number;
  winners: number[];
  instantWin: string | null;
};

export type CardRoomEntry =
  | {
      t: 'hand';
      hand: number;
      at: number;
      serverSeed: string;
      commitment: string;
      clientSeed: string;
      leader: number | null;
      players: SeatedPlayer[];
    }
  | { t: 'bet'; hand: number; seat: number; betId: string; username: string; token: string; stake: number }
  | WalletEntry
  | { t: 'deal'; hand: number; at: number }
  | { t: 'play'; hand: number; seat: number; cards: Card[] | null; auto?: boolean }
  | { t: 'arrange'; hand: number; seat: number; rows: MauBinhRows; auto?: boolean }
  | { t: 'end'; hand: number; end: 'played' | 'void'; at: number }
  | { t: 'closed'; hand: number }
  | { t: 'history'; item: CardHistoryItem };

type Bet = {
  betId: string;
  hand: number;
  seat: number;
  username: string;
  token: string;
  stake: number;
  state: 'pending' | 'accepted' | 'refused';
  refusal?: string;
  settled?: Settlement;
};

type Hand = {
  no: number;
  serverSeed: string;
  commitment: string;
  clientSeed: string;
  leader: number | null;
  players: SeatedPlayer[];
  openedAt: number;
  phase: 'antes' | 'playing' | 'arranging' | 'showdown' | 'settling';
  bets: Map<string, Bet>;
  dealt?: Card[][];
  tl?: TienLenState;
  /** Mậu binh: each seat's submitted (or auto-arranged) rows, and when the arrange phase ends. */
  arranged?: Map<number, { rows: MauBinhRows; auto: boolean }>;
  /** Mậu binh: each seat's auto-arrangement, worked out once (offered on the page, used on timeout). */
  suggested?: Map<number, MauBinhRows>;
  arrangeEndsAt?: number;
  plays: { seat: number; cards: Card[] | null; auto?: boolean }[];
  end?: 'played' | 'void';
  endedAt?: number;
};

type Occupant = {
  username: string;
  token: string;
  currency: string;
  tag: string;
  links: readonly string[];
  leaving: boolean;
};

export type CardRoomRefusal =
  | 'ROOM_FULL'
  | 'ALREADY_SEATED_ELSEWHERE'
  | 'BALANCE_TOO_LOW'
  | 'IDENTITY_CONFLICT'
  | 'NOT_SEATED'
  | 'NO_HAND'
  | 'CARDS_INVALID'
  | 'ALREADY_ARRANGED'
  | TienLenError['code'];

export type CardPlayer = { username: string; token: string; currency: string; links?: readonly string[] };

const outcomeCard = (card: Card) => cardName(card).replace(/^T/, '10');

export function createCardRoom(options: CardRoomOptions) {
  const { config, journal, platform, now, secret } = options;
  const { roomId, game } = config;
  if (!/^[a-z0-9-]{1,24}$/.test(roomId)) throw new Error('a room id is 1 to 24 lower-case letters, digits or dashes');
  const turnMs = options.turnMs ?? 20_000;
  const awayTurnMs = options.awayTurnMs ?? 3_000;
  const startDelayMs = options.startDelayMs ?? 5_000;
  const showdownMs = options.showdownMs ?? 4_000;
  const arrangeMs = options.arrangeMs ?? 90_000;
  const log = options.log ?? (() => undefined);
  const wallet = createTableWallet({ platform, append: (entry) => journal.append(entry), gameCode: game });
  const seats: (Occupant | null)[] = Array.from({ length: config.seats }, () => null);
  const hands = new Map<number, Hand>();
  const history: CardHistoryItem[] = [];
  const listeners = new Set<() => void>();
  /** Open event streams per player name: a seated player with none is away. */
  const watching = new Map<string, number>();
  const isAway = (username: string) => (watching.get(username) ?? 0) === 0;
  let current: Hand | undefined;
  let lastHand = 0;
  let leader: number | null = null;
  let startsAt: number | null = null;
  let startTimer: NodeJS.Timeout | undefined;
  let turnTimer: NodeJS.Timeout | undefined;
  let turnEndsAt: number | null = null;
  let isStopped = true;
  /** One step at a time: joins, plays and timers queue here so no two change the hand at once. */
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(step: () => Promise<T> | T): Promise<T> => {
    const next = queue.then(step, step);
    queue = next.catch(() => undefined);
    return next;
  };

  const platformRoundId = (hand: Hand) => `${ROUND_PREFIX[game]}-${roomId}-${hand.no}-${hand.commitment.slice(0, 12)}`;
  const clientSeedOf = (no: number) => `${game}:${roomId}:${no}`;

  function changed(): void {
    for (const listener of listeners) {
      try {
        listener();
      } catch (err) {
        log('a watcher failed', { err: String(err) });
      }
    }
  }

  function seatOf(username: string): number {
    return seats.findIndex((s) => s?.username === username);
  }

  function findBet(betId: string): Bet | undefined {
    for (const hand of hands.values()) {
      const bet = hand.bets.get(betId);
      if (bet) return bet;
    }
    return undefined;
  }

  function dealOf(hand: Hand): Card[][] {
    const random = roundRandom(hand.serverSeed, hand.clientSeed, hand.no);
    const seatNos = hand.players.map((p) => p.seat);
    if (game === 'tien-len') return dealTienLen(random, seatNos);
    const dealt = game === 'mau-binh' ? dealMauBinh(random, seatNos) : dealBaiCao(random, seatNos);
    return Array.from({ length: config.seats }, (_, s) => dealt.get(s) ?? []);
  }

  // ---- results ------------------------------------------------------------------------------
  /** Mậu binh: every pair's result and each seat's net units, once every seat has its rows. */
  function mauBinhOf(hand: Hand): ReturnType<typeof settleMauBinh> | null {
    const arranged = hand.arranged;
    if (!arranged || !hand.players.every((p) => arranged.has(p.seat))) return null;
    return settleMauBinh(new Map(hand.players.map((p) => [p.seat, (arranged.get(p.seat) as { rows: MauBinhRows }).rows])));
  }

  function resultOf(hand: Hand): { winners: number[]; payouts: Map<number, number>; pot: number; rake: number } {
    const accepted = [...hand.bets.values()].filter((b) => b.state === 'accepted');
    const pot = accepted.reduce((s, b) => s + b.stake, 0);
    if (game === 'mau-binh') {
      const result = hand.end === 'played' ? mauBinhOf(hand) : null;
      if (!result) return { winners: [], payouts: new Map(), pot, rake: 0 };
      // Each credit: the ante back with the net units won or less those lost; a win pays the rake.
      const payouts = new Map<number, number>();
      let rake = 0;
      for (const bet of accepted) {
        const won = (result.net.get(bet.seat) ?? 0) * config.stake;
        const cut = won > 0 ? rakeOf(won, config.rakeBps) : 0;
        rake += cut;
        payouts.set(bet.seat, bet.stake + won - cut);
      }
      const winners = [...result.net].filter(([, units]) => units > 0).map(([seat]) => seat);
      return { winners: winners.sort((a, b) => a - b), payouts, pot, rake };
    }
    const rake = rakeOf(pot, config.rakeBps);
    let winners: number[] = [];
    if (hand.end === 'played' && hand.dealt) {
      if (game === 'tien-len') winners = hand.tl?.winner === null || hand.tl === undefined ? [] : [hand.tl.winner];
      else winners = baiCaoWinners(new Map(hand.players.map((p) => [p.seat, hand.dealt?.[p.seat] as Card[]])));
    }
    const payouts = winners.length > 0 ? splitPot(pot - rake, winners) : new Map<number, number>();
    return { winners, payouts, pot, rake: winners.length > 0 ? rake : 0 };
  }

  function scoreOf(hand: Hand, seat: number): number {
    const dealt = hand.dealt?.[seat] ?? [];
    if (game === 'bai-cao') return dealt.length === 3 ? baiCaoScore(dealt) : 0;
    if (game === 'mau-binh') {
      // The rows the seat won against the others.
      const result = mauBinhOf(hand);
      return result ? result.pairs.reduce((n, p) => n + p.rows.filter((r) => (p.a === seat ? r > 0 : p.b === seat && r < 0)).length, 0) : 0;
    }
    return hand.tl ? (hand.tl.hands[seat] as Card[]).length : dealt.length;
  }

  function rowsRecordOf(hand: Hand, seat: number) {
    const arranged = hand.arranged?.get(seat);
    if (game !== 'mau-binh' || !arranged) return {};
    const { rows, auto } = arranged;
    const result = mauBinhOf(hand);
    return {
      rows: { back: rows.back.map(cardName), middle: rows.middle.map(cardName), front: rows.front.map(cardName) },
      fouled: isFouled(rows),
      auto,
      ...(result && hand.end === 'played' ? { units: result.net.get(seat) ?? 0 } : {}),
    };
  }

  function historyItemOf(hand: Hand): CardHistoryItem {
    const { winners, payouts, pot, rake } = resultOf(hand);
    return {
      hand: hand.no,
      commitment: hand.commitment,
      serverSeed: hand.serverSeed,
      clientSeed: hand.clientSeed,
      end: hand.end ?? 'void',
      endedAt: hand.endedAt ?? hand.openedAt,
      leader: hand.leader,
      players: hand.players.map((p) => ({
        seat: p.seat,
        player: maskName(p.username),
        cards: (hand.dealt?.[p.seat] ?? []).map(cardName),
        stake: [...hand.bets.values()].find((b) => b.seat === p.seat && b.state === 'accepted')?.stake ?? 0,
        payout: payouts.get(p.seat) ?? 0,
        score: scoreOf(hand, p.seat),
        ...rowsRecordOf(hand, p.seat),
      })),
      ...(game === 'mau-binh' && hand.end === 'played' ? { pairs: mauBinhOf(hand)?.pairs ?? [] } : {}),
      plays: hand.plays.map((p) => ({ seat: p.seat, cards: p.cards?.map(cardName) ?? null, ...(p.auto ? { auto: true } : {}) })),
      pot,
      rake,
      winners,
      instantWin: hand.tl?.instantWin ?? null,
    };
  }

  function outcomeOf(hand: Hand): RoundOutcome {
    const { winners, pot, rake } = resultOf(hand);
    const title = game === 'tien-len' ? 'Tien len' : game === 'mau-binh' ? 'Mau binh' : 'Bai cao';
    const moves = hand.plays.filter((p) => p.cards).length;
    if (game === 'mau-binh') {
      // Each hand's cards in row order (back, middle, front), its score the rows it won.
      const net = mauBinhOf(hand)?.net;
      return {
        kind: 'cards',
        hands: hand.players.map((p) => {
          const rows = hand.arranged?.get(p.seat)?.rows;
          const fouled = rows ? isFouled(rows) : false;
          return {
            name: `${p.seat + 1} ${maskName(p.username)}${fouled ? ' X' : ''}`.slice(0, 24),
            cards: (rows ? [...rows.back, ...rows.middle, ...rows.front] : (hand.dealt?.[p.seat] ?? [])).map(outcomeCard),
            score: scoreOf(hand, p.seat),
          };
        }),
        summary: `${title} #${hand.no} (${roomId}): units ${hand.players
          .map((p) => `${p.seat + 1}:${(net?.get(p.seat) ?? 0) > 0 ? '+' : ''}${net?.get(p.seat) ?? 0}`)
          .join(' ')}; unit ${config.stake}, rake ${rake}`.slice(0, 120),
      };
    }
    return {
      kind: 'cards',
      hands: hand.players.map((p) => ({
        name: `${p.seat + 1} ${maskName(p.username)}${winners.includes(p.seat) ? ' *' : ''}`.slice(0, 24),
        cards: (hand.dealt?.[p.seat] ?? []).map(outcomeCard),
        score: scoreOf(hand, p.seat),
      })),
      summary:
        `${title} #${hand.no} (${roomId}): won by seat ${winners.map((w) => w + 1).join('+')}; pot ${pot}, rake ${rake}${game === 'tien-len' ? `; ${moves} plays` : ''}`.slice(
          0,
          120,
        ),
    };
  }

  // ---- replay -------------------------------------------------------------------------------
  function apply(entry: CardRoomEntry): void {
    switch (entry.t) {
      case 'hand': {
        const hand: Hand = {
          no: entry.hand,
          serverSeed: entry.serverSeed,
          commitment: entry.commitment,
          clientSeed: entry.clientSeed,
          leader: entry.leader,
          players: entry.players,
          openedAt: entry.at,
          phase: 'antes',
          bets: new Map(),
          plays: [],
        };
        hands.set(hand.no, hand);
        current = hand;
        lastHand = Math.max(lastHand, hand.no);
        return;
      }
      case 'bet': {
        const hand = hands.get(entry.hand);
        if (!hand) throw new Error(`ante ${entry.betId} of a hand that is not open`);
        hand.bets.set(entry.betId, { ...entry, state: 'pending' });
        return;
      }
      case 'bet-ok':
      case 'bet-refused':
      case 'settled':
        wallet.replay(entry, findBet(entry.betId));
        return;
      case 'deal': {
        const hand = hands.get(entry.hand);
        if (hand) dealInMemory(hand);
        return;
      }
      case 'play': {
        const hand = hands.get(entry.hand);
        if (hand?.tl) applyPlay(hand, entry.seat, entry.cards, entry.auto === true);
        return;
      }
      case 'arrange': {
        const hand = hands.get(entry.hand);
        hand?.arranged?.set(entry.seat, { rows: entry.rows, auto: entry.auto === true });
        return;
      }
      case 'end': {
        const hand = hands.get(entry.hand);
        if (hand) {
          hand.end = entry.end;
          hand.endedAt = entry.at;
          hand.phase = 'settling';
        }
        return;
      }
      case 'closed':
        hands.delete(entry.hand);
        lastHand = Math.max(lastHand, entry.hand);
        return;
      case 'history':
        pushNewest(history, entry.item, CARD_HISTORY_KEPT);
        lastHand = Math.max(lastHand, entry.item.hand);
        if (entry.item.end === 'played' && game === 'tien-len' && entry.item.winners.length === 1) leader = entry.item.winners[0] as number;
        return;
    }
  }

  function dealInMemory(hand: Hand): void {
    hand.dealt = dealOf(hand);
    hand.phase = game === 'tien-len' ? 'playing' : game === 'mau-binh' ? 'arranging' : 'showdown';
    if (game === 'mau-binh') hand.arranged = new Map();
    if (game === 'tien-len')
      hand.tl = startTienLen(
        hand.dealt,
        hand.players.map((p) => p.seat),
        hand.leader,
      );
  }

  function applyPlay(hand: Hand, seat: number, cards: Card[] | null, auto: boolean): void {
    const state = hand.tl as TienLenState;
    hand.tl = cards === null ? passTurn(state, seat, auto) : playCards(state, seat, cards, auto);
    hand.plays.push({ seat, cards, ...(auto ? { auto } : {}) });
  }

  // ---- the hand -----------------------------------------------------------------------------
  function scheduleStart(): void {
    if (isStopped || startTimer) return;
    if (current?.end) {
      // A settlement the platform could not take yet: tried again until it is done.
      startTimer = setTimeout(() => {
        startTimer = undefined;
        const hand = current;
        if (hand?.end) serial(() => settleHand(hand)).catch((err) => log('a hand could not be settled yet', { err: String(err) }));
      }, startDelayMs);
      startTimer.unref?.();
      return;
    }
    if (current) return;
    if (seats.filter(Boolean).length < 2) {
      startsAt = null;
      return;
    }
    startsAt = now() + startDelayMs;
    startTimer = setTimeout(() => {
      startTimer = undefined;
      startsAt = null;
      serial(startHand).catch((err) => log('a hand could not start', { err: String(err) }));
    }, startDelayMs);
    startTimer.unref?.();
  }

  async function startHand(): Promise<void> {
    if (isStopped || current) return;
    const players: SeatedPlayer[] = [];
    seats.forEach((s, seat) => {
      if (s) players.push({ seat, username: s.username, token: s.token, currency: s.currency });
    });
    if (players.length < 2) return changed();
    const no = lastHand + 1;
    const serverSeed = options.serverSeed?.(no) ?? newServerSeed();
    const entry: CardRoomEntry = {
      t: 'hand',
      hand: no,
      at: now(),
      serverSeed,
      commitment: commitmentOf(serverSeed),
      clientSeed: clientSeedOf(no),
      leader: leader !== null && players.some((p) => p.seat === leader) ? leader : null,
      players,
    };
    journal.append(entry);
    apply(entry);
    const hand = hands.get(no) as Hand;
    changed();
    const bets = players.map((p): Bet => {
      const bet: Bet = {
        betId: newBetId(`${ROUND_PREFIX[game]}-${roomId}-${no}-s${p.seat}`),
        hand: no,
        seat: p.seat,
        username: p.username,
        token: p.token,
        stake: game === 'mau-binh' ? maxLossUnits(players.length) * config.stake : config.stake,
        state: 'pending',
      };
      journal.append({ t: 'bet', hand: no, seat: p.seat, betId: bet.betId, username: p.username, token: p.token, stake: bet.stake });
      hand.bets.set(bet.betId, bet);
      return bet;
    });
    const answers = await Promise.allSettled(bets.map((b) => wallet.debit(b, platformRoundId(hand))));
    const refused = bets.filter((_, i) => answers[i]?.status === 'rejected');
    if (refused.length > 0) {
      // A player who cannot pay the ante stands up; the hand is void and the others are refunded.
      for (const b of refused) if (seats[b.seat]?.username === b.username) seats[b.seat] = null;
      await endHand(hand, 'void');
      return;
    }
    journal.append({ t: 'deal', hand: no, at: now() });
    dealInMemory(hand);
    if (game === 'mau-binh') {
      hand.arrangeEndsAt = now() + arrangeMs;
      armArrange(hand);
      changed();
      return;
    }
    if (game === 'bai-cao') {
      changed();
      await new Promise((resolve) => setTimeout(resolve, isStopped ? 0 : showdownMs));
      await endHand(hand, 'played');
      return;
    }
    if ((hand.tl as TienLenState).winner !== null) {
      await endHand(hand, 'played');
      return;
    }
    armTurn(hand);
    changed();
  }

  function armTurn(hand: Hand): void {
    clearTimeout(turnTimer);
    const seat = hand.tl?.turn;
    if (seat === null || seat === undefined || isStopped) {
      turnEndsAt = null;
      return;
    }
    const occupant = seats[seat];
    const ms = !occupant || occupant.leaving || isAway(occupant.username) ? awayTurnMs : turnMs;
    turnEndsAt = now() + ms;
    turnTimer = setTimeout(() => {
      serial(() => timeOut(hand.no, seat)).catch((err) => log('an automatic play failed', { err: String(err) }));
    }, ms);
    turnTimer.unref?.();
  }

  async function timeOut(no: number, seat: number): Promise<void> {
    const hand = current;
    if (!hand || hand.no !== no || hand.tl?.turn !== seat || hand.end) return;
    const next = autoPlay(hand.tl, seat);
    const last = next.plays.at(-1);
    await recordPlay(hand, seat, last?.cards ?? null, true);
  }

  async function recordPlay(hand: Hand, seat: number, cards: Card[] | null, auto: boolean): Promise<void> {
    journal.append({ t: 'play', hand: hand.no, seat, cards, ...(auto ? { auto } : {}) });
    applyPlay(hand, seat, cards, auto);
    if ((hand.tl as TienLenState).winner !== null) {
      clearTimeout(turnTimer);
      turnEndsAt = null;
      await endHand(hand, 'played');
      return;
    }
    armTurn(hand);
    changed();
  }

  // ---- mậu binh: the arrange phase ------------------------------------------------------------
  /** A seated player who left, asked to leave, or has no open connection: auto-arranged at once. */
  function isGone(seat: number, username: string): boolean {
    const occupant = seats[seat];
    return !occupant || occupant.username !== username || occupant.leaving || isAway(username);
  }

  function armArrange(hand: Hand): void {
    clearTimeout(turnTimer);
    if (isStopped || hand.phase !== 'arranging' || hand.arrangeEndsAt === undefined) {
      turnEndsAt = null;
      return;
    }
    const missing = hand.players.filter((p) => !hand.arranged?.has(p.seat));
    const left = Math.max(0, hand.arrangeEndsAt - now());
    const isShort = missing.some((p) => isGone(p.seat, p.username)) && awayTurnMs < left;
    turnEndsAt = hand.arrangeEndsAt;
    turnTimer = setTimeout(
      () => {
        serial(() => arrangeTimeout(hand.no, !isShort)).catch((err) => log('an automatic arrangement failed', { err: String(err) }));
      },
      isShort ? awayTurnMs : left,
    );
    turnTimer.unref?.();
  }

  async function arrangeTimeout(no: number, isDeadline: boolean): Promise<void> {
    const hand = current;
    if (!hand || hand.no !== no || hand.phase !== 'arranging' || hand.end) return;
    for (const p of hand.players)
      if (!hand.arranged?.has(p.seat) && (isDeadline || isGone(p.seat, p.username)))
        recordArrange(hand, p.seat, suggestionOf(hand, p.seat), true);
    await afterArrange(hand);
  }

  function suggestionOf(hand: Hand, seat: number): MauBinhRows {
    hand.suggested ??= new Map();
    let rows = hand.suggested.get(seat);
    if (!rows) {
      rows = autoArrange(hand.dealt?.[seat] as Card[]);
      hand.suggested.set(seat, rows);
    }
    return rows;
  }

  function recordArrange(hand: Hand, seat: number, rows: MauBinhRows, auto: boolean): void {
    journal.append({ t: 'arrange', hand: hand.no, seat, rows, ...(auto ? { auto } : {}) });
    hand.arranged?.set(seat, { rows, auto });
  }

  async function afterArrange(hand: Hand): Promise<void> {
    if (!hand.players.every((p) => hand.arranged?.has(p.seat))) {
      armArrange(hand);
      changed();
      return;
    }
    // Every row is in: the reveal, then the settlement.
    clearTimeout(turnTimer);
    turnEndsAt = null;
    hand.phase = 'showdown';
    changed();
    await new Promise((resolve) => setTimeout(resolve, isStopped ? 0 : showdownMs));
    await endHand(hand, 'played');
  }

  async function endHand(hand: Hand, end: 'played' | 'void'): Promise<void> {
    if (!hand.end) {
      const at = now();
      journal.append({ t: 'end', hand: hand.no, end, at });
      hand.end = end;
      hand.endedAt = at;
      hand.phase = 'settling';
    }
    clearTimeout(turnTimer);
    turnEndsAt = null;
    changed();
    await settleHand(hand);
  }

  async function settleHand(hand: Hand): Promise<boolean> {
    await wallet.drain();
    const { payouts } = resultOf(hand);
    const outcome = hand.end === 'played' ? outcomeOf(hand) : undefined;
    const isDone = await wallet.settleAll(
      hand.bets.values(),
      platformRoundId(hand),
      (bet) => {
        if (hand.end !== 'played' || !outcome) return { how: 'refunded' };
        const amount = payouts.get((bet as Bet).seat) ?? 0;
        return { how: amount > 0 ? 'paid' : 'lost', amount, outcome };
      },
      log,
    );
    if (!isDone) {
      scheduleStart();
      return false;
    }
    const item = historyItemOf(hand);
    journal.append({ t: 'closed', hand: hand.no });
    journal.append({ t: 'history', item });
    hands.delete(hand.no);
    pushNewest(history, item, CARD_HISTORY_KEPT);
    if (current === hand) current = undefined;
    if (hand.end === 'played' && game === 'tien-len' && item.winners.length === 1) leader = item.winners[0] as number;
    // Players who asked to leave, or are still away when the hand ends, stand up now.
    seats.forEach((s, i) => {
      if (s && (s.leaving || isAway(s.username))) seats[i] = null;
    });
    changed();
    scheduleStart();
    return true;
  }

  // ---- the player's calls -------------------------------------------------------------------
  /**
   * Sits a player down, or back at his own seat (reconnection). Refused when the room is full, the
   * balance is below the room's minimum, or a seated player shares an identity link with him.
   */
  function join(player: CardPlayer): Promise<{ seat: number }> {
    return serial(async () => {
      const tag = identityTag(secret, player.username);
      const links = player.links ?? [];
      const own = seatOf(player.username);
      if (own >= 0) {
        const occupant = seats[own] as Occupant;
        occupant.token = player.token;
        occupant.leaving = false;
        changed();
        return { seat: own };
      }
      for (const s of seats)
        if (s && (links.includes(s.tag) || s.links.includes(tag))) throw new TableRefused<CardRoomRefusal>('IDENTITY_CONFLICT');
      const free = seats.indexOf(null);
      if (free < 0) throw new TableRefused<CardRoomRefusal>('ROOM_FULL');
      const answer = await platform.call('balance', { token: player.token }).catch(() => {
        throw new TableRefused('PLATFORM_UNREACHABLE');
      });
      if (answer.status !== 'OK') throw new TableRefused(answer.status === 'SESSION_EXPIRED' ? 'SESSION_EXPIRED' : 'BET_REFUSED');
      if ((answer.balance ?? 0) < config.minBalance) throw new TableRefused<CardRoomRefusal>('BALANCE_TOO_LOW');
      // Checked again: the room may have filled while the balance was asked for.
      const seat = seats.indexOf(null);
      if (seat < 0) throw new TableRefused<CardRoomRefusal>('ROOM_FULL');
      seats[seat] = { username: player.username, token: player.token, currency: player.currency, tag, links, leaving: false };
      changed();
      scheduleStart();
      return { seat };
    });
  }

  /** Stands up now between hands; during a hand, at its end (the hand goes on, auto-played). */
  function leave(username: string): Promise<{ left: 'now' | 'after-hand' }> {
    return serial(() => {
      const seat = seatOf(username);
      if (seat < 0) throw new TableRefused<CardRoomRefusal>('NOT_SEATED');
      const inHand = current?.players.some((p) => p.username === username) === true;
      if (inHand) {
        (seats[seat] as Occupant).leaving = true;
        if (current?.tl?.turn === seat) armTurn(current);
        if (current?.phase === 'arranging') armArrange(current);
        changed();
        return { left: 'after-hand' as const };
      }
      seats[seat] = null;
      if (seats.filter(Boolean).length < 2) {
        clearTimeout(startTimer);
        startTimer = undefined;
        startsAt = null;
      }
      changed();
      return { left: 'now' as const };
    });
  }

  /** A move of tiến lên: cards to play, or null to pass. */
  function act(username: string, cards: unknown): Promise<{ ok: true }> {
    return serial(async () => {
      const seat = seatOf(username);
      if (seat < 0) throw new TableRefused<CardRoomRefusal>('NOT_SEATED');
      const hand = current;
      if (!hand?.tl || hand.end || game !== 'tien-len') throw new TableRefused<CardRoomRefusal>('NO_HAND');
      if (!hand.players.some((p) => p.seat === seat && p.username === username)) throw new TableRefused<CardRoomRefusal>('NO_HAND');
      let played: Card[] | null = null;
      if (cards !== null) {
        if (
          !Array.isArray(cards) ||
          cards.length === 0 ||
          cards.length > 13 ||
          !cards.every((c) => Number.isInteger(c) && c >= 0 && c < 52)
        )
          throw new TableRefused<CardRoomRefusal>('CARDS_INVALID');
        played = cards as Card[];
      }
      try {
        // Checked by the engine first, so a refused move changes nothing and is not journaled.
        if (played === null) passTurn(hand.tl, seat);
        else playCards(hand.tl, seat, played);
      } catch (err) {
        if (err instanceof TienLenError) throw new TableRefused<CardRoomRefusal>(err.code);
        throw err;
      }
      await recordPlay(hand, seat, played, false);
      return { ok: true as const };
    });
  }

  /**
   * Mậu binh: the player's rows (card numbers, back and middle 5 each, front 3), final once sent.
   * Rows that break the order (back ≥ middle ≥ front) are taken as they are: the hand is fouled.
   * `isCheck`: only says what the rows are (each row's kind, fouled or not), records nothing.
   */
  function arrange(
    username: string,
    rows: unknown,
    isCheck = false,
  ): Promise<{ ok: true; fouled: boolean; kinds: { back: string; middle: string; front: string } }> {
    return serial(async () => {
      const seat = seatOf(username);
      if (seat < 0) throw new TableRefused<CardRoomRefusal>('NOT_SEATED');
      const hand = current;
      if (game !== 'mau-binh' || !hand || hand.phase !== 'arranging' || hand.end) throw new TableRefused<CardRoomRefusal>('NO_HAND');
      if (!hand.players.some((p) => p.seat === seat && p.username === username)) throw new TableRefused<CardRoomRefusal>('NO_HAND');
      if (hand.arranged?.has(seat) && !isCheck) throw new TableRefused<CardRoomRefusal>('ALREADY_ARRANGED');
      const r = rows as Partial<Record<keyof MauBinhRows, unknown>> | null;
      const list = (x: unknown) => (Array.isArray(x) && x.length <= 5 && x.every((c) => Number.isInteger(c)) ? (x as Card[]) : null);
      const back = list(r?.back);
      const middle = list(r?.middle);
      const front = list(r?.front);
      const parsed = back && middle && front ? { back, middle, front } : null;
      if (!parsed || !isArrangementOf(parsed, hand.dealt?.[seat] ?? [])) throw new TableRefused<CardRoomRefusal>('CARDS_INVALID');
      const answer = {
        ok: true as const,
        fouled: isFouled(parsed),
        kinds: { back: rowValue(parsed.back).kind, middle: rowValue(parsed.middle).kind, front: rowValue(parsed.front).kind },
      };
      if (isCheck) return answer;
      recordArrange(hand, seat, parsed, false);
      await afterArrange(hand);
      return answer;
    });
  }

  /** A watcher of this room: counts as the player's connection when he is seated. */
  function watch(username: string | undefined, listener: () => void): () => void {
    listeners.add(listener);
    if (username) watching.set(username, (watching.get(username) ?? 0) + 1);
    if (username && seatOf(username) >= 0) changed();
    return () => {
      listeners.delete(listener);
      if (!username) return;
      const left = (watching.get(username) ?? 1) - 1;
      if (left > 0) watching.set(username, left);
      else watching.delete(username);
      const seat = seatOf(username);
      if (seat < 0) return;
      // Away on his turn: the shorter timer takes over.
      if (left === 0 && current?.tl?.turn === seat) void serial(() => current && armTurn(current));
      if (left === 0 && current?.phase === 'arranging') void serial(() => current && armArrange(current));
      changed();
    };
  }

  function rowsView(hand: Hand | undefined, seat: number, isShown: boolean) {
    const arranged = hand?.arranged?.get(seat);
    if (!arranged || !isShown) return null;
    const { rows, auto } = arranged;
    const row = (cards: Card[]) => ({ cards: cards.map(cardName), ids: cards, kind: rowValue(cards).kind });
    return { back: row(rows.back), middle: row(rows.middle), front: row(rows.front), fouled: isFouled(rows), auto };
  }

  function snapshot(username?: string) {
    const hand = current;
    const mySeat = username ? seatOf(username) : -1;
    const tl = hand?.tl;
    const isOver = hand?.end !== undefined;
    return {
      roomId,
      game,
      stake: config.stake,
      minBalance: config.minBalance,
      rakeBps: config.rakeBps,
      turnMs,
      arrangeMs,
      seats: seats.map((s, seat) => {
        const inHand = hand?.players.find((p) => p.seat === seat);
        return s || inHand
          ? {
              seat,
              player: maskName(s?.username ?? inHand?.username ?? ''),
              isAway: !s || isAway(s.username),
              isLeaving: s?.leaving ?? true,
              inHand: inHand !== undefined,
              cardsLeft: tl
                ? (tl.hands[seat] as Card[]).length
                : game !== 'tien-len' && hand?.dealt && inHand
                  ? (hand.dealt[seat] as Card[]).length
                  : 0,
              // Bài cào shows every hand at the showdown; tiến lên shows only the player's own.
              cards:
                hand?.dealt && inHand && (seat === mySeat || (game !== 'tien-len' && (hand.phase === 'showdown' || isOver)))
                  ? (game === 'tien-len' && tl ? (tl.hands[seat] as Card[]) : (hand.dealt[seat] as Card[])).map(cardName)
                  : null,
              cardIds: hand?.dealt && inHand && seat === mySeat ? (tl ? (tl.hands[seat] as Card[]) : (hand.dealt[seat] as Card[])) : null,
              // Mậu binh: whether the rows are in, and the rows themselves (one's own, or all at the reveal).
              hasArranged: hand?.arranged?.has(seat) ?? false,
              rows: rowsView(hand, seat, seat === mySeat || hand?.phase === 'showdown' || isOver),
              suggested: hand && seat === mySeat && hand.phase === 'arranging' && inHand ? suggestionOf(hand, seat) : null,
            }
          : null;
      }),
      mySeat: mySeat >= 0 ? mySeat : null,
      hand: hand
        ? {
            no: hand.no,
            phase: hand.phase,
            commitment: hand.commitment,
            clientSeed: hand.clientSeed,
            turn: tl?.turn ?? null,
            turnEndsAt,
            table: tl?.table ? { seat: tl.table.seat, cards: tl.table.cards.map(cardName), kind: tl.table.combo.kind } : null,
            passed: tl?.passed ?? [],
            mustPlay: tl?.mustPlay !== null && tl?.mustPlay !== undefined ? cardName(tl.mustPlay) : null,
            arrangeEndsAt: hand.phase === 'arranging' ? (hand.arrangeEndsAt ?? null) : null,
            // Mậu binh at the reveal: every pair's rows and each seat's net units.
            result:
              game === 'mau-binh' && (hand.phase === 'showdown' || isOver)
                ? (() => {
                    const r = mauBinhOf(hand);
                    return r ? { pairs: r.pairs, net: Object.fromEntries(r.net) } : null;
                  })()
                : null,
            plays: hand.plays.slice(-12).map((p) => ({ seat: p.seat, cards: p.cards?.map(cardName) ?? null, auto: p.auto === true })),
          }
        : null,
      startsAt,
      last: history[0] ?? null,
      history: history.slice(0, 20).map((h) => ({
        hand: h.hand,
        end: h.end,
        winners: h.winners,
        pot: h.pot,
        rake: h.rake,
        commitment: h.commitment,
        serverSeed: h.serverSeed,
      })),
      serverNow: now(),
    };
  }

  /** Replays the journal: a hand cut off before its end is void and refunded; an ended one is settled. */
  async function recover(): Promise<{ hands: number; bets: number }> {
    for (const entry of journal.entries) {
      try {
        apply(entry);
      } catch (err) {
        log('a journal line could not be replayed', { err: String(err), t: entry.t });
      }
    }
    let count = 0;
    let bets = 0;
    for (const hand of [...hands.values()]) {
      count += 1;
      bets += hand.bets.size;
      if (!hand.end) {
        const at = now();
        journal.append({ t: 'end', hand: hand.no, end: 'void', at });
        hand.end = 'void';
        hand.endedAt = at;
      }
      await settleHand(hand);
    }
    current = [...hands.values()].at(-1);
    const kept: CardRoomEntry[] = [...history].reverse().map((item) => ({ t: 'history', item }));
    for (const entry of journal.entries) {
      const no = 'hand' in entry && typeof entry.hand === 'number' ? entry.hand : 'betId' in entry ? findBet(entry.betId)?.hand : undefined;
      if (no !== undefined && hands.has(no)) kept.push(entry);
    }
    journal.compact(kept);
    return { hands: count, bets };
  }

  return {
    config,
    recover,
    start() {
      isStopped = false;
      scheduleStart();
    },
    /** Stops timers; a hand in progress is void and refunded (a shutdown). */
    async stop(): Promise<void> {
      isStopped = true;
      clearTimeout(startTimer);
      startTimer = undefined;
      clearTimeout(turnTimer);
      await serial(async () => {
        const hand = current;
        if (hand && !hand.end) await endHand(hand, 'void');
        else if (hand) await settleHand(hand);
      });
    },
    join,
    leave,
    act,
    arrange,
    watch,
    snapshot,
    history: () => [...history],
    /** The room's line in the live room list. */
    summary: () => ({ ...config, players: seats.filter(Boolean).length, isPlaying: current !== undefined }),
    unsettledBets: () => [...hands.values()].flatMap((h) => [...h.bets.values()].filter((b) => !b.settled && b.state !== 'refused')),
  };
}

export type CardRoom = ReturnType<typeof createCardRoom>;
