import type { RoundOutcome } from '@platform/contracts/round-outcome';
import {
  BACCARAT_BETS,
  type BaccaratBet,
  type BaccaratRound,
  type BaccaratTable,
  dealBaccarat,
  resolveBaccarat,
} from '@platform/games/house/baccarat';
import { type Card, cardName, rankOf } from '@platform/games/house/cards';
import { roundRandom } from '@platform/games/random-source';
import { commitmentOf, newServerSeed } from '@platform/games/rng';
import type { Journal } from '../journal.ts';
import type { PlatformClient } from '../platform-client.ts';
import type { RoundGame, RoundPhase } from '../round-runner.ts';
import {
  type BetState,
  createTableWallet,
  maskName,
  newBetId,
  pushNewest,
  type SettleDecision,
  type Settlement,
  TableRefused,
  type WalletEntry,
} from '../table-wallet.ts';
import { beadPlate, bigRoad, type RoadResult } from './roads.ts';

/**
 * One live-style baccarat table on the round runner: shared rounds (betting window, bets closed,
 * the deal revealed card by card, settlement through the engine's exact pays), every step written
 * to the table's journal first, money through the shared table wallet.
 *
 * Provably fair: each round's server seed is drawn when the round opens and only its SHA-256
 * commitment is shown while bets are taken; the deal is `dealBaccarat(roundRandom(seed, clientSeed,
 * round))` (a fresh 8-deck shoe per round), and the seed is published when the round ends, so
 * `replayRound({ game: 'baccarat', … })` (the verify script and page) recomputes it.
 *
 * A player has one bet per round, spread over the bet spots (one debit of the total). When the
 * deal has begun the outcome is fixed: a shutdown or a restart settles the round on it; a round
 * whose deal never began is void and every bet is refunded.
 */
export const BACCARAT_GAME_CODES = { COMMISSION: 'baccarat', NO_COMMISSION: 'baccarat-nc' } as const satisfies Record<
  BaccaratTable,
  string
>;
export const BACCARAT_HISTORY_KEPT = 120;

export type BaccaratLimits = { min: number; max: Record<BaccaratBet, number> };
export type BaccaratSpots = Partial<Record<BaccaratBet, number>>;
type RoundEnd = 'dealt' | 'void';

export type BaccaratTableOptions = {
  tableId: string;
  kind: BaccaratTable;
  /** The table's limits, or how to read them when each round opens (the operator's settings file, as the live tables). */
  limits: BaccaratLimits | (() => BaccaratLimits);
  journal: Journal<BaccaratEntry>;
  platform: PlatformClient;
  now: () => number;
  bettingMs?: number;
  /** The time between two revealed cards, in ms. */
  revealStepMs?: number;
  pauseMs?: number;
  /** The rounds' server seeds (tests choose them); fresh random ones otherwise. */
  serverSeed?: (round: number) => string;
  log?: (message: string, data?: Record<string, unknown>) => void;
};

export type BaccaratHistoryItem = {
  round: number;
  commitment: string;
  serverSeed: string;
  clientSeed: string;
  end: RoundEnd;
  endedAt: number;
  result: (RoadResult & { player: string[]; banker: string[]; playerTotal: number; bankerTotal: number }) | null;
  bets: number;
  staked: number;
  paid: number;
};

export type BaccaratEntry =
  | { t: 'open'; round: number; at: number; closesAt: number; serverSeed: string; commitment: string; clientSeed: string }
  | {
      t: 'bet';
      round: number;
      betId: string;
      username: string;
      token: string;
      currency: string;
      stake: number;
      spots: BaccaratSpots;
      at: number;
    }
  | WalletEntry
  | { t: 'deal'; round: number; at: number }
  | { t: 'end'; round: number; end: RoundEnd; at: number }
  | { t: 'closed'; round: number }
  | { t: 'history'; item: BaccaratHistoryItem };

type Bet = {
  betId: string;
  round: number;
  username: string;
  token: string;
  currency: string;
  stake: number;
  spots: BaccaratSpots;
  state: BetState;
  refusal?: string;
  settled?: Settlement;
  payout?: number;
};

type Round = {
  no: number;
  serverSeed: string;
  commitment: string;
  clientSeed: string;
  deal: BaccaratRound;
  openedAt: number;
  closesAt: number;
  phase: RoundPhase;
  /** How many cards of the deal are shown. */
  shown: number;
  dealtAt?: number;
  end?: RoundEnd;
  endedAt?: number;
  bets: Map<string, Bet>;
};

export type BaccaratPublicBet = { betId: string; player: string; stake: number; spots: BaccaratSpots; payout: number | null };
export type BaccaratCard = { side: 'PLAYER' | 'BANKER'; card: string };

export type BaccaratEvent =
  | { type: 'betting'; round: number; closesAt: number; commitment: string }
  | { type: 'bet'; round: number; bet: BaccaratPublicBet }
  | { type: 'closed'; round: number }
  | { type: 'card'; round: number; index: number; side: 'PLAYER' | 'BANKER'; card: string }
  | { type: 'end'; round: number; item: BaccaratHistoryItem }
  | { type: 'settled'; round: number };

export type BaccaratRefusal = 'BETTING_CLOSED' | 'ALREADY_BET' | 'STAKE_INVALID' | 'SPOT_INVALID' | 'BELOW_MINIMUM' | 'ABOVE_MAXIMUM';

export type BaccaratPlayer = { username: string; token: string; currency: string };

const handNames = (cards: readonly Card[]) => cards.map(cardName);
/** `TD` → `10D`, as round outcomes name cards. */
const outcomeCard = (card: Card) => cardName(card).replace(/^T/, '10');
const isPair = (cards: readonly Card[]) => cards.length >= 2 && rankOf(cards[0] as Card) === rankOf(cards[1] as Card);

export function createBaccaratTable(options: BaccaratTableOptions) {
  const { journal, platform, now, tableId, kind } = options;
  if (!/^[a-z0-9]{1,8}$/.test(tableId)) throw new Error('a table id is 1 to 8 lower-case letters or digits');
  const gameCode = BACCARAT_GAME_CODES[kind];
  const revealStepMs = options.revealStepMs ?? 900;
  const log = options.log ?? (() => undefined);
  const limitsSource = options.limits;
  let limits = typeof limitsSource === 'function' ? limitsSource() : limitsSource;
  /** A round keeps the limits it opened with; settings that cannot be read leave the previous ones. */
  function readLimits(): BaccaratLimits {
    if (typeof limitsSource !== 'function') return limitsSource;
    try {
      return limitsSource();
    } catch (err) {
      log('the table limits could not be read; the previous ones stay', { err: String(err) });
      return limits;
    }
  }
  const wallet = createTableWallet({ platform, append: (entry) => journal.append(entry), gameCode });
  const listeners = new Set<(event: BaccaratEvent & { serverNow: number }) => void>();
  const rounds = new Map<number, Round>();
  const history: BaccaratHistoryItem[] = [];
  let current: Round | undefined;
  let lastRound = 0;
  let skipReveal: (() => void) | undefined;
  let isHalted = false;

  const platformRoundId = (round: Round) => `bac-${tableId}-${round.no}-${round.commitment.slice(0, 12)}`;
  const clientSeedOf = (no: number) => `${gameCode}:${tableId}:${no}`;

  function emit(event: BaccaratEvent): void {
    const withTime = { ...event, serverNow: now() };
    for (const listener of listeners) {
      try {
        listener(withTime);
      } catch (err) {
        log('a watcher failed', { err: String(err) });
      }
    }
  }

  function publicBet(bet: Bet): BaccaratPublicBet {
    return { betId: bet.betId, player: maskName(bet.username), stake: bet.stake, spots: bet.spots, payout: bet.payout ?? null };
  }

  function betOf(round: Round, username: string): Bet | undefined {
    for (const bet of round.bets.values()) if (bet.username === username && bet.state !== 'refused') return bet;
    return undefined;
  }

  function findBet(betId: string): Bet | undefined {
    for (const round of rounds.values()) {
      const bet = round.bets.get(betId);
      if (bet) return bet;
    }
    return undefined;
  }

  function makeRound(entry: Extract<BaccaratEntry, { t: 'open' }>): Round {
    return {
      no: entry.round,
      serverSeed: entry.serverSeed,
      commitment: entry.commitment,
      clientSeed: entry.clientSeed,
      deal: dealBaccarat(roundRandom(entry.serverSeed, entry.clientSeed, entry.round)),
      openedAt: entry.at,
      closesAt: entry.closesAt,
      phase: 'betting',
      shown: 0,
      bets: new Map(),
    };
  }

  // ---- replay -------------------------------------------------------------------------------
  function apply(entry: BaccaratEntry): void {
    switch (entry.t) {
      case 'open': {
        const round = makeRound(entry);
        rounds.set(round.no, round);
        current = round;
        lastRound = Math.max(lastRound, round.no);
        return;
      }
      case 'bet': {
        const round = rounds.get(entry.round);
        if (!round) throw new Error(`bet ${entry.betId} of a round that is not open`);
        const { t: _t, at: _at, ...bet } = entry;
        round.bets.set(entry.betId, { ...bet, state: 'pending' });
        return;
      }
      case 'bet-ok':
      case 'bet-refused':
      case 'settled':
        wallet.replay(entry, findBet(entry.betId));
        return;
      case 'deal': {
        const round = rounds.get(entry.round);
        if (round) {
          round.dealtAt = entry.at;
          round.phase = 'running';
        }
        return;
      }
      case 'end': {
        const round = rounds.get(entry.round);
        if (round) endInMemory(round, entry.end, entry.at);
        return;
      }
      case 'closed': {
        const round = rounds.get(entry.round);
        if (round) closeInMemory(round);
        lastRound = Math.max(lastRound, entry.round);
        return;
      }
      case 'history':
        pushNewest(history, entry.item, BACCARAT_HISTORY_KEPT);
        lastRound = Math.max(lastRound, entry.item.round);
        return;
    }
  }

  function endInMemory(round: Round, end: RoundEnd, at: number): void {
    round.end = end;
    round.endedAt = at;
    round.phase = 'settling';
    if (end === 'dealt') {
      round.shown = round.deal.steps.length;
      for (const bet of round.bets.values()) if (bet.state === 'accepted') bet.payout = payoutOf(round, bet);
    }
  }

  function closeInMemory(round: Round): void {
    round.phase = 'pause';
    rounds.delete(round.no);
  }

  // ---- money --------------------------------------------------------------------------------
  function payoutOf(round: Round, bet: Pick<Bet, 'spots'>): number {
    let paid = 0;
    for (const spot of BACCARAT_BETS) {
      const stake = bet.spots[spot];
      if (stake) paid += resolveBaccarat(round.deal, spot, kind, stake);
    }
    return paid;
  }

  function outcomeOf(round: Round, bet: Bet): RoundOutcome {
    const d = round.deal;
    const spots = BACCARAT_BETS.filter((s) => bet.spots[s]).join(' ');
    return {
      kind: 'cards',
      hands: [
        { name: 'Player', cards: d.player.map(outcomeCard), score: d.playerTotal },
        { name: 'Banker', cards: d.banker.map(outcomeCard), score: d.bankerTotal },
      ],
      summary: `Baccarat #${round.no} (${tableId}): ${d.winner} ${d.playerTotal}-${d.bankerTotal}; bet ${spots}`.slice(0, 120),
    };
  }

  function decisionOf(round: Round, bet: Bet): SettleDecision | undefined {
    if (bet.state === 'pending' || round.end === 'void') return { how: 'refunded' };
    if (round.end !== 'dealt') return undefined;
    const amount = payoutOf(round, bet);
    return { how: amount > 0 ? 'paid' : 'lost', amount, outcome: outcomeOf(round, bet) };
  }

  function historyItemOf(round: Round): BaccaratHistoryItem {
    const bets = [...round.bets.values()].filter((b) => b.state === 'accepted');
    const d = round.deal;
    const isDealt = round.end === 'dealt';
    return {
      round: round.no,
      commitment: round.commitment,
      serverSeed: round.serverSeed,
      clientSeed: round.clientSeed,
      end: round.end ?? 'void',
      endedAt: round.endedAt ?? round.openedAt,
      result: isDealt
        ? {
            winner: d.winner,
            playerPair: isPair(d.player),
            bankerPair: isPair(d.banker),
            player: handNames(d.player),
            banker: handNames(d.banker),
            playerTotal: d.playerTotal,
            bankerTotal: d.bankerTotal,
          }
        : null,
      bets: bets.length,
      staked: bets.reduce((sum, b) => sum + b.stake, 0),
      paid: isDealt ? bets.reduce((sum, b) => sum + payoutOf(round, b), 0) : 0,
    };
  }

  async function settleRound(round: Round): Promise<void> {
    const isDone = await wallet.settleAll(round.bets.values(), platformRoundId(round), (bet) => decisionOf(round, bet as Bet), log);
    if (!isDone) return;
    const item = historyItemOf(round);
    journal.append({ t: 'closed', round: round.no });
    journal.append({ t: 'history', item });
    closeInMemory(round);
    pushNewest(history, item, BACCARAT_HISTORY_KEPT);
    emit({ type: 'settled', round: round.no });
  }

  function endRound(round: Round, end: RoundEnd): void {
    if (round.end) return;
    const at = now();
    journal.append({ t: 'end', round: round.no, end, at });
    endInMemory(round, end, at);
    emit({ type: 'end', round: round.no, item: historyItemOf(round) });
  }

  // ---- the player's calls -------------------------------------------------------------------
  async function placeBet(player: BaccaratPlayer, input: { spots: unknown }): Promise<BaccaratPublicBet & { balance?: number }> {
    const round = current;
    if (round?.phase !== 'betting' || now() >= round.closesAt) throw new TableRefused<BaccaratRefusal>('BETTING_CLOSED');
    const raw = input.spots;
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new TableRefused<BaccaratRefusal>('SPOT_INVALID');
    const spots: BaccaratSpots = {};
    let stake = 0;
    for (const [spot, amount] of Object.entries(raw)) {
      if (!(BACCARAT_BETS as readonly string[]).includes(spot)) throw new TableRefused<BaccaratRefusal>('SPOT_INVALID');
      if (amount === 0) continue;
      if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount < 0)
        throw new TableRefused<BaccaratRefusal>('STAKE_INVALID');
      if (amount < limits.min) throw new TableRefused<BaccaratRefusal>('BELOW_MINIMUM');
      if (amount > limits.max[spot as BaccaratBet]) throw new TableRefused<BaccaratRefusal>('ABOVE_MAXIMUM');
      spots[spot as BaccaratBet] = amount;
      stake += amount;
    }
    if (stake === 0) throw new TableRefused<BaccaratRefusal>('STAKE_INVALID');
    if (betOf(round, player.username)) throw new TableRefused<BaccaratRefusal>('ALREADY_BET');
    const bet: Bet = {
      betId: newBetId(`bac-${tableId}-${round.no}`),
      round: round.no,
      username: player.username,
      token: player.token,
      currency: player.currency,
      stake,
      spots,
      state: 'pending',
    };
    journal.append({
      t: 'bet',
      round: bet.round,
      betId: bet.betId,
      username: bet.username,
      token: bet.token,
      currency: bet.currency,
      stake,
      spots,
      at: now(),
    });
    round.bets.set(bet.betId, bet);
    const answer = await wallet.debit(bet, platformRoundId(round));
    emit({ type: 'bet', round: round.no, bet: publicBet(bet) });
    return { ...publicBet(bet), ...answer };
  }

  // ---- the round runner's steps -------------------------------------------------------------
  const game: RoundGame = {
    bettingMs: options.bettingMs ?? 15_000,
    pauseMs: options.pauseMs ?? 4_000,
    open(closesAt) {
      isHalted = false;
      limits = readLimits();
      const no = lastRound + 1;
      const serverSeed = options.serverSeed?.(no) ?? newServerSeed();
      const entry: BaccaratEntry = {
        t: 'open',
        round: no,
        at: now(),
        closesAt,
        serverSeed,
        commitment: commitmentOf(serverSeed),
        clientSeed: clientSeedOf(no),
      };
      journal.append(entry);
      apply(entry);
      emit({ type: 'betting', round: no, closesAt, commitment: entry.commitment });
    },
    async close() {
      if (current) current.phase = 'closed';
      emit({ type: 'closed', round: current?.no ?? 0 });
      await wallet.drain();
    },
    async reveal() {
      const round = current;
      if (!round || round.end) return;
      if (isHalted) return endRound(round, 'void');
      const at = now();
      journal.append({ t: 'deal', round: round.no, at });
      round.dealtAt = at;
      round.phase = 'running';
      for (const [index, step] of round.deal.steps.entries()) {
        if (!isHalted) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, revealStepMs);
            skipReveal = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          skipReveal = undefined;
        }
        round.shown = index + 1;
        emit({ type: 'card', round: round.no, index, side: step.side, card: cardName(step.card) });
      }
      endRound(round, 'dealt');
    },
    async settle() {
      await wallet.drain();
      for (const round of [...rounds.values()]) if (round.end) await settleRound(round);
    },
    halt() {
      isHalted = true;
      skipReveal?.();
    },
  };

  /** Replays the journal, then settles (deal begun) or refunds (not begun) every round left open. */
  async function recover(): Promise<{ rounds: number; bets: number }> {
    for (const entry of journal.entries) apply(entry);
    let count = 0;
    let bets = 0;
    for (const round of [...rounds.values()]) {
      if (!round.end) endRound(round, round.dealtAt === undefined ? 'void' : 'dealt');
      count += 1;
      bets += round.bets.size;
      await settleRound(round);
    }
    const kept: BaccaratEntry[] = [...history].reverse().map((item) => ({ t: 'history', item }));
    for (const entry of journal.entries) {
      const no = 'round' in entry ? entry.round : 'betId' in entry ? findBet(entry.betId)?.round : undefined;
      if (no !== undefined && rounds.has(no)) kept.push(entry);
    }
    journal.compact(kept);
    return { rounds: count, bets };
  }

  function snapshot(username?: string) {
    const round = current;
    const isOver = round?.end !== undefined || round?.phase === 'pause';
    const mine = round && username ? betOf(round, username) : undefined;
    const results = [...history]
      .reverse()
      .flatMap((h) => (h.result ? [{ winner: h.result.winner, playerPair: h.result.playerPair, bankerPair: h.result.bankerPair }] : []));
    return {
      tableId,
      gameCode,
      kind,
      limits,
      round: round?.no ?? 0,
      phase: round?.phase ?? 'pause',
      closesAt: round?.closesAt ?? 0,
      commitment: round?.commitment ?? '',
      clientSeed: round?.clientSeed ?? '',
      cards: round ? round.deal.steps.slice(0, round.shown).map((s): BaccaratCard => ({ side: s.side, card: cardName(s.card) })) : [],
      result: isOver && round?.end === 'dealt' ? historyItemOf(round) : null,
      bets: round ? [...round.bets.values()].filter((b) => b.state === 'accepted').map(publicBet) : [],
      mine: mine?.state === 'accepted' ? publicBet(mine) : null,
      history: history.slice(0, 30),
      roads: { bead: beadPlate(results.slice(-60)), big: bigRoad(results) },
      serverNow: now(),
    };
  }

  return {
    game,
    gameCode,
    recover,
    placeBet,
    snapshot,
    history: () => [...history],
    subscribe(listener: (event: BaccaratEvent & { serverNow: number }) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Open rounds' bets not settled yet (tests and the health view). */
    unsettledBets: () => [...rounds.values()].flatMap((r) => [...r.bets.values()].filter((b) => !b.settled && b.state !== 'refused')),
  };
}

export type BaccaratTableRuntime = ReturnType<typeof createBaccaratTable>;
