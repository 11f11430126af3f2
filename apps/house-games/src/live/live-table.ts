import type { RoundOutcome } from '@platform/contracts/round-outcome';
import { type RandomSource, roundRandom } from '@platform/games/random-source';
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

/**
 * A live-style table for any game whose round is one draw revealed in a few steps and whose bets
 * are independent spots on a layout (dragon tiger, sic bo, roulette): the baccarat table's round
 * (betting window, bets closed, reveal step by step, settlement, pause) with the game's rules
 * supplied by a `LiveGame`.
 *
 * Provably fair as baccarat: the round's server seed is drawn when the round opens and only its
 * SHA-256 is shown; the draw is `game.draw(roundRandom(seed, "<game code>:<table>:<round>", round))`;
 * the seed is published when the round ends and `replayRound({ game: game.verifyGame, … })`
 * recomputes it. When the reveal has begun the outcome is fixed: a shutdown or a restart settles
 * the round on it; a round whose reveal never began is void and every bet is refunded.
 */
export type LiveGame<O> = {
  /** The game as `replayRound` (the verify page and script) names it. */
  verifyGame: 'dragon-tiger' | 'sic-bo' | 'roulette';
  /** A short prefix of bet and platform round ids (`dt`, `sb`, `ro`). */
  idPrefix: string;
  /** Every spot the layout offers. */
  spots: readonly string[];
  /** The limit group of a spot (its maximum is the table's `max[group]`). */
  groupOf: (spot: string) => string;
  draw: (random: RandomSource) => O;
  /** The reveal, step by step (a card, a die, the pocket), as short public tokens. */
  steps: (outcome: O) => string[];
  /** What a stake on a spot returns (stake included), in minor units. */
  payout: (outcome: O, spot: string, stake: number) => number;
  /** The published result (history, verify page, the /live lobby). */
  result: (outcome: O) => Record<string, unknown>;
  /** What the member's betting record shows. */
  record: (outcome: O, heading: string, spots: readonly string[]) => RoundOutcome;
};

export type LiveLimits = { min: number; max: Record<string, number> };
export type LiveSpots = Record<string, number>;
type RoundEnd = 'revealed' | 'void';

export const LIVE_HISTORY_KEPT = 120;

export type LiveTableOptions<O> = {
  gameCode: string;
  tableId: string;
  game: LiveGame<O>;
  /** The table's limits, read when each round opens (the operator's settings file can change them). */
  limits: () => LiveLimits;
  journal: Journal<LiveEntry>;
  platform: PlatformClient;
  now: () => number;
  bettingMs?: number;
  /** The time between two revealed steps, in ms. */
  revealStepMs?: number;
  pauseMs?: number;
  /** The rounds' server seeds (tests choose them); fresh random ones otherwise. */
  serverSeed?: (round: number) => string;
  log?: (message: string, data?: Record<string, unknown>) => void;
};

export type LiveHistoryItem = {
  round: number;
  commitment: string;
  serverSeed: string;
  clientSeed: string;
  end: RoundEnd;
  endedAt: number;
  result: Record<string, unknown> | null;
  steps: string[];
  bets: number;
  staked: number;
  paid: number;
};

export type LiveEntry =
  | { t: 'open'; round: number; at: number; closesAt: number; serverSeed: string; commitment: string; clientSeed: string }
  | {
      t: 'bet';
      round: number;
      betId: string;
      username: string;
      token: string;
      currency: string;
      stake: number;
      spots: LiveSpots;
      at: number;
    }
  | WalletEntry
  | { t: 'reveal'; round: number; at: number }
  | { t: 'end'; round: number; end: RoundEnd; at: number }
  | { t: 'closed'; round: number }
  | { t: 'history'; item: LiveHistoryItem };

type Bet = {
  betId: string;
  round: number;
  username: string;
  token: string;
  currency: string;
  stake: number;
  spots: LiveSpots;
  state: BetState;
  refusal?: string;
  settled?: Settlement;
  payout?: number;
};

type Round<O> = {
  no: number;
  serverSeed: string;
  commitment: string;
  clientSeed: string;
  outcome: O;
  steps: string[];
  openedAt: number;
  closesAt: number;
  phase: RoundPhase;
  shown: number;
  revealedAt?: number;
  end?: RoundEnd;
  endedAt?: number;
  bets: Map<string, Bet>;
};

export type LivePublicBet = { betId: string; player: string; stake: number; spots: LiveSpots; payout: number | null };

export type LiveEvent =
  | { type: 'betting'; round: number; closesAt: number; commitment: string }
  | { type: 'bet'; round: number; bet: LivePublicBet }
  | { type: 'closed'; round: number }
  | { type: 'step'; round: number; index: number; step: string }
  | { type: 'end'; round: number; item: LiveHistoryItem }
  | { type: 'settled'; round: number };

export type LiveRefusal = 'BETTING_CLOSED' | 'ALREADY_BET' | 'STAKE_INVALID' | 'SPOT_INVALID' | 'BELOW_MINIMUM' | 'ABOVE_MAXIMUM';
export type LivePlayer = { username: string; token: string; currency: string };

/** Spots in bets are short: at most this many per bet (roulette's layout has 157). */
const SPOTS_PER_BET_MAX = 60;

export function createLiveTable<O>(options: LiveTableOptions<O>) {
  const { journal, platform, now, tableId, gameCode, game } = options;
  if (!/^[a-z0-9]{1,8}$/.test(tableId)) throw new Error('a table id is 1 to 8 lower-case letters or digits');
  let limits = options.limits();
  const spotSet = new Set(game.spots);
  const revealStepMs = options.revealStepMs ?? 1_200;
  const log = options.log ?? (() => undefined);
  const wallet = createTableWallet({ platform, append: (entry) => journal.append(entry), gameCode });
  const listeners = new Set<(event: LiveEvent & { serverNow: number }) => void>();
  const rounds = new Map<number, Round<O>>();
  const history: LiveHistoryItem[] = [];
  let current: Round<O> | undefined;
  let lastRound = 0;
  let skipReveal: (() => void) | undefined;
  let isHalted = false;

  function readLimits(): LiveLimits {
    try {
      return options.limits();
    } catch (err) {
      log('the table limits could not be read; the previous ones stay', { err: String(err) });
      return limits;
    }
  }

  const platformRoundId = (round: Round<O>) => `${game.idPrefix}-${tableId}-${round.no}-${round.commitment.slice(0, 12)}`;
  const clientSeedOf = (no: number) => `${gameCode}:${tableId}:${no}`;

  function emit(event: LiveEvent): void {
    const withTime = { ...event, serverNow: now() };
    for (const listener of listeners) {
      try {
        listener(withTime);
      } catch (err) {
        log('a watcher failed', { err: String(err) });
      }
    }
  }

  const publicBet = (bet: Bet): LivePublicBet => ({
    betId: bet.betId,
    player: maskName(bet.username),
    stake: bet.stake,
    spots: bet.spots,
    payout: bet.payout ?? null,
  });

  function betOf(round: Round<O>, username: string): Bet | undefined {
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

  function makeRound(entry: Extract<LiveEntry, { t: 'open' }>): Round<O> {
    const outcome = game.draw(roundRandom(entry.serverSeed, entry.clientSeed, entry.round));
    return {
      no: entry.round,
      serverSeed: entry.serverSeed,
      commitment: entry.commitment,
      clientSeed: entry.clientSeed,
      outcome,
      steps: game.steps(outcome),
      openedAt: entry.at,
      closesAt: entry.closesAt,
      phase: 'betting',
      shown: 0,
      bets: new Map(),
    };
  }

  // ---- replay -------------------------------------------------------------------------------
  function apply(entry: LiveEntry): void {
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
      case 'reveal': {
        const round = rounds.get(entry.round);
        if (round) {
          round.revealedAt = entry.at;
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
        pushNewest(history, entry.item, LIVE_HISTORY_KEPT);
        lastRound = Math.max(lastRound, entry.item.round);
        return;
    }
  }

  function endInMemory(round: Round<O>, end: RoundEnd, at: number): void {
    round.end = end;
    round.endedAt = at;
    round.phase = 'settling';
    if (end === 'revealed') {
      round.shown = round.steps.length;
      for (const bet of round.bets.values()) if (bet.state === 'accepted') bet.payout = payoutOf(round, bet);
    }
  }

  function closeInMemory(round: Round<O>): void {
    round.phase = 'pause';
    rounds.delete(round.no);
  }

  // ---- money --------------------------------------------------------------------------------
  function payoutOf(round: Round<O>, bet: Pick<Bet, 'spots'>): number {
    let paid = 0;
    for (const [spot, stake] of Object.entries(bet.spots)) if (stake > 0) paid += game.payout(round.outcome, spot, stake);
    return paid;
  }

  function decisionOf(round: Round<O>, bet: Bet): SettleDecision | undefined {
    if (bet.state === 'pending' || round.end === 'void') return { how: 'refunded' };
    if (round.end !== 'revealed') return undefined;
    const amount = payoutOf(round, bet);
    const heading = `#${round.no} (${tableId})`;
    return { how: amount > 0 ? 'paid' : 'lost', amount, outcome: game.record(round.outcome, heading, Object.keys(bet.spots)) };
  }

  function historyItemOf(round: Round<O>): LiveHistoryItem {
    const bets = [...round.bets.values()].filter((b) => b.state === 'accepted');
    const isRevealed = round.end === 'revealed';
    return {
      round: round.no,
      commitment: round.commitment,
      serverSeed: round.serverSeed,
      clientSeed: round.clientSeed,
      end: round.end ?? 'void',
      endedAt: round.endedAt ?? round.openedAt,
      result: isRevealed ? game.result(round.outcome) : null,
      steps: isRevealed ? round.steps : [],
      bets: bets.length,
      staked: bets.reduce((sum, b) => sum + b.stake, 0),
      paid: isRevealed ? bets.reduce((sum, b) => sum + payoutOf(round, b), 0) : 0,
    };
  }

  async function settleRound(round: Round<O>): Promise<void> {
    const isDone = await wallet.settleAll(round.bets.values(), platformRoundId(round), (bet) => decisionOf(round, bet as Bet), log);
    if (!isDone) return;
    const item = historyItemOf(round);
    journal.append({ t: 'closed', round: round.no });
    journal.append({ t: 'history', item });
    closeInMemory(round);
    pushNewest(history, item, LIVE_HISTORY_KEPT);
    emit({ type: 'settled', round: round.no });
  }

  function endRound(round: Round<O>, end: RoundEnd): void {
    if (round.end) return;
    const at = now();
    journal.append({ t: 'end', round: round.no, end, at });
    endInMemory(round, end, at);
    emit({ type: 'end', round: round.no, item: historyItemOf(round) });
  }

  // ---- the player's calls -------------------------------------------------------------------
  async function placeBet(player: LivePlayer, input: { spots: unknown }): Promise<LivePublicBet & { balance?: number }> {
    const round = current;
    if (round?.phase !== 'betting' || now() >= round.closesAt) throw new TableRefused<LiveRefusal>('BETTING_CLOSED');
    const raw = input.spots;
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new TableRefused<LiveRefusal>('SPOT_INVALID');
    const entries = Object.entries(raw);
    if (entries.length > SPOTS_PER_BET_MAX) throw new TableRefused<LiveRefusal>('SPOT_INVALID');
    const spots: LiveSpots = {};
    let stake = 0;
    for (const [spot, amount] of entries) {
      if (!spotSet.has(spot)) throw new TableRefused<LiveRefusal>('SPOT_INVALID');
      if (amount === 0) continue;
      if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount < 0) throw new TableRefused<LiveRefusal>('STAKE_INVALID');
      if (amount < limits.min) throw new TableRefused<LiveRefusal>('BELOW_MINIMUM');
      if (amount > (limits.max[game.groupOf(spot)] ?? 0)) throw new TableRefused<LiveRefusal>('ABOVE_MAXIMUM');
      spots[spot] = amount;
      stake += amount;
    }
    if (stake === 0) throw new TableRefused<LiveRefusal>('STAKE_INVALID');
    if (!Number.isSafeInteger(stake)) throw new TableRefused<LiveRefusal>('STAKE_INVALID');
    if (betOf(round, player.username)) throw new TableRefused<LiveRefusal>('ALREADY_BET');
    const bet: Bet = {
      betId: newBetId(`${game.idPrefix}-${tableId}-${round.no}`),
      round: round.no,
      username: player.username,
      token: player.token,
      currency: player.currency,
      stake,
      spots,
      state: 'pending',
    };
    const { state: _s, ...journaled } = bet;
    journal.append({ t: 'bet', ...journaled, at: now() });
    round.bets.set(bet.betId, bet);
    const answer = await wallet.debit(bet, platformRoundId(round));
    emit({ type: 'bet', round: round.no, bet: publicBet(bet) });
    return { ...publicBet(bet), ...answer };
  }

  // ---- the round runner's steps -------------------------------------------------------------
  const runnerGame: RoundGame = {
    bettingMs: options.bettingMs ?? 15_000,
    pauseMs: options.pauseMs ?? 4_000,
    open(closesAt) {
      isHalted = false;
      limits = readLimits();
      const no = lastRound + 1;
      const serverSeed = options.serverSeed?.(no) ?? newServerSeed();
      const entry: LiveEntry = {
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
      journal.append({ t: 'reveal', round: round.no, at });
      round.revealedAt = at;
      round.phase = 'running';
      for (const [index, step] of round.steps.entries()) {
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
        emit({ type: 'step', round: round.no, index, step });
      }
      endRound(round, 'revealed');
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

  /** Replays the journal, then settles (reveal begun) or refunds (not begun) every round left open. */
  async function recover(): Promise<{ rounds: number; bets: number }> {
    for (const entry of journal.entries) apply(entry);
    let count = 0;
    let bets = 0;
    for (const round of [...rounds.values()]) {
      if (!round.end) endRound(round, round.revealedAt === undefined ? 'void' : 'revealed');
      count += 1;
      bets += round.bets.size;
      await settleRound(round);
    }
    const kept: LiveEntry[] = [...history].reverse().map((item) => ({ t: 'history', item }));
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
    return {
      tableId,
      gameCode,
      game: game.verifyGame,
      limits,
      round: round?.no ?? 0,
      phase: round?.phase ?? 'pause',
      closesAt: round?.closesAt ?? 0,
      commitment: round?.commitment ?? '',
      clientSeed: round?.clientSeed ?? '',
      steps: round ? round.steps.slice(0, round.shown) : [],
      result: isOver && round?.end === 'revealed' ? historyItemOf(round) : null,
      bets: round ? [...round.bets.values()].filter((b) => b.state === 'accepted').map(publicBet) : [],
      mine: mine?.state === 'accepted' ? publicBet(mine) : null,
      history: history.slice(0, 30),
      serverNow: now(),
    };
  }

  return {
    game: runnerGame,
    gameCode,
    tableId,
    verifyGame: game.verifyGame,
    recover,
    placeBet,
    snapshot,
    limits: () => limits,
    history: () => [...history],
    subscribe(listener: (event: LiveEvent & { serverNow: number }) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    unsettledBets: () => [...rounds.values()].flatMap((r) => [...r.bets.values()].filter((b) => !b.settled && b.state !== 'refused')),
  };
}

export type LiveTableRuntime = ReturnType<typeof createLiveTable<unknown>>;
