import { randomBytes } from 'node:crypto';
import type { RoundOutcome } from '@platform/contracts/round-outcome';
import {
  buildSeedChain,
  CRASH_DEFAULT_RATE_PER_MS,
  CRASH_POINT_MAX,
  CRASH_TARGET_MIN,
  crashPointOf,
  formatMultiplier,
  multiplierAt,
  payoutOf,
  timeToReach,
} from '@platform/games/crash/crash';
import type { Journal } from '../journal.ts';
import type { PlatformClient } from '../platform-client.ts';
import type { RoundGame, RoundPhase } from '../round-runner.ts';
import {
  type BetState,
  createTableWallet,
  maskName,
  pushNewest,
  type SettleDecision,
  type Settlement,
  TableRefused,
  newBetId as tableBetId,
  type WalletEntry,
} from '../table-wallet.ts';

/**
 * One crash table: a multiplayer round at a time on the round runner, bets and cash-outs moved
 * through the platform's seamless wallet, every step written to the table's journal first.
 *
 * Money per bet (transaction ids derive from the bet id, so every retry and every recovery sends
 * the same call): `debit` at the bet; at a cash-out `credit` of stake × multiplier (floored); when
 * the round crashes, `credit` 0 for each bet still riding (the platform closes the round as lost);
 * a round that cannot finish (shut down, killed) is void: its cash-outs are paid and every other
 * bet is rolled back, and so is any bet whose debit answer never came.
 */
export const CRASH_GAME_CODE = 'crash';
export const HISTORY_KEPT = 100;

export type CrashTableOptions = {
  tableId: string;
  journal: Journal<CrashEntry>;
  platform: PlatformClient;
  now: () => number;
  bettingMs?: number;
  pauseMs?: number;
  ratePerMs?: number;
  chainLength?: number;
  /** The chain's secret root and its salt (tests choose them); fresh random ones otherwise. */
  rootSeed?: string;
  salt?: string;
  stakeMax?: number;
  log?: (message: string, data?: Record<string, unknown>) => void;
};

type RoundEnd = 'crash' | 'void';

export type CrashEntry =
  | { t: 'chain'; chainId: string; salt: string; root: string; length: number; terminalHash: string; at: number }
  | { t: 'open'; chainId: string; round: number; at: number; closesAt: number }
  | {
      t: 'bet';
      round: number;
      betId: string;
      username: string;
      token: string;
      currency: string;
      stake: number;
      target: number | null;
      /** Played on a trial account's play money (journals written before trial play have none). */
      isTrial?: boolean;
      at: number;
    }
  | WalletEntry
  | { t: 'start'; chainId: string; round: number; at: number }
  | { t: 'cashout'; betId: string; k: number; payout: number; isAuto: boolean; at: number }
  | { t: 'end'; chainId: string; round: number; end: RoundEnd; at: number }
  | { t: 'closed'; chainId: string; round: number }
  | { t: 'history'; item: CrashHistoryItem };

export type CrashHistoryItem = {
  chainId: string;
  round: number;
  seed: string;
  crashPoint: number;
  end: RoundEnd;
  endedAt: number;
  bets: number;
  staked: number;
  paid: number;
};

type CrashBet = {
  betId: string;
  round: number;
  username: string;
  token: string;
  currency: string;
  stake: number;
  target: number | null;
  isTrial?: boolean;
  state: BetState;
  refusal?: string;
  cashout?: { k: number; payout: number; isAuto: boolean; at: number };
  settled?: Settlement;
};

type CrashRound = {
  chainId: string;
  no: number;
  seed: string;
  crashPoint: number;
  openedAt: number;
  closesAt: number;
  phase: RoundPhase;
  startedAt?: number;
  end?: RoundEnd;
  endedAt?: number;
  bets: Map<string, CrashBet>;
};

type Chain = { chainId: string; salt: string; length: number; terminalHash: string; seeds: string[] };

export type CrashPublicBet = {
  betId: string;
  player: string;
  /** A trial account's bet, in play money: other players see it marked so. */
  isTrial: boolean;
  stake: number;
  target: number | null;
  cashout: { k: number; payout: number; isAuto: boolean } | null;
};

export type CrashEvent =
  | { type: 'betting'; round: number; closesAt: number }
  | { type: 'bet'; round: number; bet: CrashPublicBet }
  | { type: 'start'; round: number; startedAt: number }
  | { type: 'cashout'; round: number; bet: CrashPublicBet }
  | { type: 'end'; round: number; end: RoundEnd; crashPoint: number; seed: string; endedAt: number }
  | { type: 'settled'; round: number };

export type CrashSnapshot = {
  tableId: string;
  chainId: string;
  terminalHash: string;
  salt: string;
  chainLength: number;
  ratePerMs: number;
  round: number;
  phase: RoundPhase;
  closesAt: number;
  startedAt: number | null;
  crashPoint: number | null;
  seed: string | null;
  end: RoundEnd | null;
  bets: CrashPublicBet[];
  mine: CrashPublicBet | null;
  history: CrashHistoryItem[];
  serverNow: number;
};

export type CrashRefusal =
  | 'BETTING_CLOSED'
  | 'ALREADY_BET'
  | 'STAKE_INVALID'
  | 'TARGET_INVALID'
  | 'NO_BET'
  | 'ROUND_ENDED'
  | 'ALREADY_CASHED_OUT';

/** A refused crash call (the table's own refusals and the wallet's). */
export const CrashRefused = TableRefused<CrashRefusal>;
export type CrashRefused = TableRefused<CrashRefusal>;

/** `isTrial`: a trial account (free play), whose stakes and wins the platform keeps in play money. */
export type CrashPlayer = { username: string; token: string; currency: string; isTrial?: boolean };

export function createCrashTable(options: CrashTableOptions) {
  const { journal, platform, now, tableId } = options;
  if (!/^[a-z0-9]{1,8}$/.test(tableId)) throw new Error('a table id is 1 to 8 lower-case letters or digits');
  const ratePerMs = options.ratePerMs ?? CRASH_DEFAULT_RATE_PER_MS;
  const chainLength = options.chainLength ?? 10_000;
  const stakeMax = options.stakeMax ?? 1_000_000_000;
  const log = options.log ?? (() => undefined);
  const listeners = new Set<(event: CrashEvent & { serverNow: number }) => void>();
  const rounds = new Map<string, CrashRound>();
  const history: CrashHistoryItem[] = [];
  const chains = new Map<string, Chain>();
  const wallet = createTableWallet({ platform, append: (entry) => journal.append(entry), gameCode: CRASH_GAME_CODE });
  let chain: Chain | undefined;
  let current: CrashRound | undefined;
  let endReveal: (() => void) | undefined;
  let isHalted = false;

  const roundKey = (chainId: string, no: number) => `${chainId}:${no}`;
  const platformRoundId = (r: { chainId: string; no: number }) => `crash-${tableId}-${r.chainId}-${r.no}`;

  function makeChain(root: string, salt: string, length: number): Chain {
    const seeds = buildSeedChain(root, length);
    const terminalHash = seeds[0] as string;
    return { chainId: terminalHash.slice(0, 10), salt, length, terminalHash, seeds };
  }

  function emit(event: CrashEvent): void {
    const withTime = { ...event, serverNow: now() };
    for (const listener of listeners) {
      try {
        listener(withTime);
      } catch (err) {
        log('a watcher failed', { err: String(err) });
      }
    }
  }

  function publicBet(bet: CrashBet): CrashPublicBet {
    return {
      betId: bet.betId,
      player: maskName(bet.username),
      isTrial: bet.isTrial === true,
      stake: bet.stake,
      target: bet.target,
      cashout: bet.cashout ? { k: bet.cashout.k, payout: bet.cashout.payout, isAuto: bet.cashout.isAuto } : null,
    };
  }

  /** A bet's id: new for every attempt, since the platform keeps a refused debit's id refused for good. */
  function newBetId(round: CrashRound): string {
    return tableBetId(`crash-${tableId}-${round.chainId}-${round.no}`);
  }

  /** The player's live bet in the round (pending or accepted); a refused attempt does not count. */
  function betOf(round: CrashRound, username: string): CrashBet | undefined {
    for (const bet of round.bets.values()) if (bet.username === username && bet.state !== 'refused') return bet;
    return undefined;
  }

  // ---- replay -------------------------------------------------------------------------------
  function apply(entry: CrashEntry): void {
    switch (entry.t) {
      case 'chain': {
        chain = makeChain(entry.root, entry.salt, entry.length);
        chains.set(chain.chainId, chain);
        return;
      }
      case 'open': {
        const c = chains.get(entry.chainId);
        if (!c) throw new Error(`round ${entry.round} names an unknown chain`);
        const seed = c.seeds[entry.round] as string;
        const round: CrashRound = {
          chainId: entry.chainId,
          no: entry.round,
          seed,
          crashPoint: crashPointOf(seed, c.salt),
          openedAt: entry.at,
          closesAt: entry.closesAt,
          phase: 'betting',
          bets: new Map(),
        };
        rounds.set(roundKey(round.chainId, round.no), round);
        current = round;
        return;
      }
      case 'bet': {
        const round = rounds.get(roundOfBet(entry.betId));
        if (!round) throw new Error(`bet ${entry.betId} of a round that is not open`);
        round.bets.set(entry.betId, { ...entry, state: 'pending' });
        return;
      }
      case 'bet-ok':
      case 'bet-refused':
      case 'settled': {
        wallet.replay(entry, findBet(entry.betId));
        return;
      }
      case 'start': {
        const round = rounds.get(roundKey(entry.chainId, entry.round));
        if (round) {
          round.startedAt = entry.at;
          round.phase = 'running';
        }
        return;
      }
      case 'cashout': {
        const bet = findBet(entry.betId);
        if (bet) bet.cashout = { k: entry.k, payout: entry.payout, isAuto: entry.isAuto, at: entry.at };
        return;
      }
      case 'end': {
        const round = rounds.get(roundKey(entry.chainId, entry.round));
        if (round) {
          round.end = entry.end;
          round.endedAt = entry.at;
          round.phase = 'settling';
        }
        return;
      }
      case 'closed': {
        const round = rounds.get(roundKey(entry.chainId, entry.round));
        if (round) closeRoundInMemory(round);
        return;
      }
      case 'history': {
        pushHistory(entry.item);
        return;
      }
    }
  }

  /** `crash-<table>-<chainId>-<no>-<player>` → the round's key. */
  function roundOfBet(betId: string): string {
    const [, , chainId, no] = betId.split('-');
    return roundKey(chainId ?? '', Number(no));
  }

  function entryRound(entry: CrashEntry): string | undefined {
    switch (entry.t) {
      case 'open':
      case 'start':
      case 'end':
      case 'closed':
        return roundKey(entry.chainId, entry.round);
      case 'bet':
      case 'bet-ok':
      case 'bet-refused':
      case 'cashout':
      case 'settled':
        return roundOfBet(entry.betId);
      default:
        return undefined;
    }
  }

  function findBet(betId: string): CrashBet | undefined {
    for (const round of rounds.values()) {
      const bet = round.bets.get(betId);
      if (bet) return bet;
    }
    return undefined;
  }

  function pushHistory(item: CrashHistoryItem): void {
    pushNewest(history, item, HISTORY_KEPT);
  }

  function historyItemOf(round: CrashRound): CrashHistoryItem {
    const bets = [...round.bets.values()].filter((b) => b.state === 'accepted');
    return {
      chainId: round.chainId,
      round: round.no,
      seed: round.seed,
      crashPoint: round.crashPoint,
      end: round.end ?? 'void',
      endedAt: round.endedAt ?? round.openedAt,
      bets: bets.length,
      staked: bets.reduce((sum, b) => sum + b.stake, 0),
      paid: bets.reduce((sum, b) => sum + (b.cashout?.payout ?? 0), 0),
    };
  }

  function closeRoundInMemory(round: CrashRound): void {
    round.phase = 'pause';
    rounds.delete(roundKey(round.chainId, round.no));
  }

  // ---- money --------------------------------------------------------------------------------
  const track = wallet.track;

  /**
   * What the betting record shows. A cash-out is paid while the round still runs, so its report
   * names only the cash-out: the crash point is not told to anyone before the round ends.
   */
  function outcomeOf(round: CrashRound, bet: CrashBet): RoundOutcome {
    const name = `Crash #${round.no} (${round.chainId})`;
    if (bet.cashout) {
      return {
        kind: 'numbers',
        numbers: [String(Math.min(bet.cashout.k, 999_999))],
        summary: `${name}: cashed out at ${formatMultiplier(bet.cashout.k)}`,
      };
    }
    return {
      kind: 'numbers',
      numbers: [String(Math.min(round.crashPoint, 999_999))],
      summary: `${name}: crashed at ${formatMultiplier(round.crashPoint)}`,
    };
  }

  /** How a bet ends: its cash-out paid, lost at the crash, refunded in a void round; undefined while it rides. */
  function decisionOf(round: CrashRound, bet: CrashBet): SettleDecision | undefined {
    if (bet.state === 'accepted' && bet.cashout) return { how: 'paid', amount: bet.cashout.payout, outcome: outcomeOf(round, bet) };
    if (bet.state === 'accepted' && round.end === 'crash') return { how: 'lost', amount: 0, outcome: outcomeOf(round, bet) };
    if (bet.state === 'pending' || round.end === 'void') return { how: 'refunded' };
    return undefined;
  }

  /** Closes one bet with the platform, once: paid, lost (credit 0) or refunded (rollback). */
  async function settleBet(round: CrashRound, bet: CrashBet): Promise<void> {
    const decision = decisionOf(round, bet);
    if (decision) await wallet.settle(bet, platformRoundId(round), decision);
  }

  async function settleRound(round: CrashRound): Promise<void> {
    const isDone = await wallet.settleAll(round.bets.values(), platformRoundId(round), (bet) => decisionOf(round, bet as CrashBet), log);
    if (!isDone) return;
    const item = historyItemOf(round);
    journal.append({ t: 'closed', chainId: round.chainId, round: round.no });
    journal.append({ t: 'history', item });
    closeRoundInMemory(round);
    pushHistory(item);
    emit({ type: 'settled', round: round.no });
  }

  // ---- the player's calls -------------------------------------------------------------------
  async function placeBet(player: CrashPlayer, input: { stake: unknown; target: unknown }): Promise<CrashPublicBet & { balance?: number }> {
    const round = current;
    if (round?.phase !== 'betting' || now() >= round.closesAt) throw new CrashRefused('BETTING_CLOSED');
    const { stake, target } = input;
    if (typeof stake !== 'number' || !Number.isSafeInteger(stake) || stake < 1 || stake > stakeMax) throw new CrashRefused('STAKE_INVALID');
    if (target !== null && target !== undefined) {
      if (typeof target !== 'number' || !Number.isSafeInteger(target) || target < CRASH_TARGET_MIN || target > CRASH_POINT_MAX)
        throw new CrashRefused('TARGET_INVALID');
    }
    if (betOf(round, player.username)) throw new CrashRefused('ALREADY_BET');
    const betId = newBetId(round);
    const bet: CrashBet = {
      betId,
      round: round.no,
      username: player.username,
      token: player.token,
      currency: player.currency,
      stake,
      target: typeof target === 'number' ? target : null,
      ...(player.isTrial ? { isTrial: true } : {}),
      state: 'pending',
    };
    const { state: _state, ...journaled } = bet;
    journal.append({ t: 'bet', ...journaled, at: now() });
    round.bets.set(betId, bet);
    const answer = await wallet.debit(bet, platformRoundId(round));
    emit({ type: 'bet', round: round.no, bet: publicBet(bet) });
    return { ...publicBet(bet), ...answer };
  }

  /** Records a cash-out and sends its credit; the cash-out stands even if the credit must wait. */
  function recordCashout(round: CrashRound, bet: CrashBet, k: number, isAuto: boolean): Promise<void> {
    const payout = payoutOf(bet.stake, k);
    const at = now();
    journal.append({ t: 'cashout', betId: bet.betId, k, payout, isAuto, at });
    bet.cashout = { k, payout, isAuto, at };
    emit({ type: 'cashout', round: round.no, bet: publicBet(bet) });
    return track(settleBet(round, bet)).catch((err: unknown) => log('a cash-out credit is waiting', { err: String(err) }));
  }

  /** Auto cash-outs due by `elapsed` ms (and not above the crash point), each at exactly its target. */
  function runAutoCashouts(round: CrashRound, elapsed: number): void {
    for (const bet of round.bets.values()) {
      if (bet.state !== 'accepted' || bet.cashout || bet.target === null) continue;
      if (bet.target <= round.crashPoint && timeToReach(bet.target, ratePerMs) <= elapsed) void recordCashout(round, bet, bet.target, true);
    }
  }

  async function cashOut(player: CrashPlayer): Promise<CrashPublicBet & { balance?: number }> {
    const round = current;
    if (!round) throw new CrashRefused('NO_BET');
    const bet = betOf(round, player.username);
    if (bet?.state !== 'accepted') throw new CrashRefused('NO_BET');
    if (round.phase !== 'running' || round.startedAt === undefined) {
      if (bet.cashout) throw new CrashRefused('ALREADY_CASHED_OUT');
      throw new CrashRefused(round.phase === 'betting' || round.phase === 'closed' ? 'BETTING_CLOSED' : 'ROUND_ENDED');
    }
    const elapsed = now() - round.startedAt;
    runAutoCashouts(round, elapsed);
    if (bet.cashout) throw new CrashRefused('ALREADY_CASHED_OUT');
    if (elapsed >= timeToReach(round.crashPoint, ratePerMs)) throw new CrashRefused('ROUND_ENDED');
    const k = multiplierAt(elapsed, ratePerMs);
    if (k >= round.crashPoint) throw new CrashRefused('ROUND_ENDED');
    await recordCashout(round, bet, k, false);
    const balance = await platform
      .call('balance', { token: bet.token })
      .then((a) => a.balance)
      .catch(() => undefined);
    return { ...publicBet(bet), ...(balance === undefined ? {} : { balance }) };
  }

  // ---- the round runner's steps -------------------------------------------------------------
  const game: RoundGame = {
    bettingMs: options.bettingMs ?? 8_000,
    pauseMs: options.pauseMs ?? 3_000,
    open(closesAt) {
      isHalted = false;
      let no = (current?.no ?? 0) + 1;
      if (!chain || no > chain.length) {
        const root = options.rootSeed ?? randomBytes(32).toString('hex');
        const salt = options.salt ?? randomBytes(16).toString('hex');
        const made = makeChain(root, salt, chainLength);
        journal.append({ t: 'chain', chainId: made.chainId, salt, root, length: chainLength, terminalHash: made.terminalHash, at: now() });
        chain = made;
        chains.set(made.chainId, made);
        no = 1;
      }
      const entry: CrashEntry = { t: 'open', chainId: chain.chainId, round: no, at: now(), closesAt };
      journal.append(entry);
      apply(entry);
      emit({ type: 'betting', round: no, closesAt });
    },
    async close() {
      if (current) current.phase = 'closed';
      await wallet.drain();
    },
    reveal() {
      const round = current;
      if (!round) return Promise.resolve();
      const end = (how: RoundEnd) => {
        if (round.end) return;
        const at = now();
        journal.append({ t: 'end', chainId: round.chainId, round: round.no, end: how, at });
        round.end = how;
        round.endedAt = at;
        round.phase = 'settling';
        emit({ type: 'end', round: round.no, end: how, crashPoint: round.crashPoint, seed: round.seed, endedAt: at });
      };
      if (isHalted) {
        end('void');
        return Promise.resolve();
      }
      const startedAt = now();
      journal.append({ t: 'start', chainId: round.chainId, round: round.no, at: startedAt });
      round.startedAt = startedAt;
      round.phase = 'running';
      emit({ type: 'start', round: round.no, startedAt });
      const crashAt = timeToReach(round.crashPoint, ratePerMs);
      return new Promise<void>((resolve, reject) => {
        let timer: NodeJS.Timeout | undefined;
        const finish = (how: RoundEnd) => {
          if (timer) clearTimeout(timer);
          endReveal = undefined;
          end(how);
          resolve();
        };
        const step = () => {
          try {
            const elapsed = now() - startedAt;
            runAutoCashouts(round, Math.min(elapsed, crashAt));
            if (elapsed >= crashAt) return finish('crash');
            let next = crashAt;
            for (const bet of round.bets.values()) {
              if (bet.state === 'accepted' && !bet.cashout && bet.target !== null && bet.target <= round.crashPoint)
                next = Math.min(next, timeToReach(bet.target, ratePerMs));
            }
            timer = setTimeout(step, Math.max(1, Math.ceil(next - elapsed)));
          } catch (err) {
            // The journal cannot be written: the round stops here and the next start recovers it.
            endReveal = undefined;
            reject(err);
          }
        };
        endReveal = () => finish('void');
        step();
      });
    },
    async settle() {
      await wallet.drain();
      for (const round of [...rounds.values()]) {
        if (!round.end) continue;
        await settleRound(round);
      }
    },
    halt() {
      isHalted = true;
      endReveal?.();
    },
  };

  /** Replays the journal, then settles or refunds every bet of any round that did not finish. */
  async function recover(): Promise<{ rounds: number; bets: number }> {
    for (const entry of journal.entries) apply(entry);
    let count = 0;
    let bets = 0;
    for (const round of [...rounds.values()]) {
      if (!round.end) {
        const at = now();
        journal.append({ t: 'end', chainId: round.chainId, round: round.no, end: 'void', at });
        round.end = 'void';
        round.endedAt = at;
        round.phase = 'settling';
      }
      count += 1;
      bets += round.bets.size;
      await settleRound(round);
    }
    // Keep what is still needed: the chains in use, the history and any round not closed yet.
    const kept: CrashEntry[] = [];
    const live = new Set([chain?.chainId, ...[...rounds.values()].map((r) => r.chainId)]);
    for (const entry of journal.entries) if (entry.t === 'chain' && live.has(entry.chainId)) kept.push(entry);
    for (const item of [...history].reverse()) kept.push({ t: 'history', item });
    // A round the platform could not settle yet keeps its entries; they replay at the next start.
    for (const entry of journal.entries) {
      const key = entryRound(entry);
      if (key !== undefined && rounds.has(key)) kept.push(entry);
    }
    if (current && !rounds.has(roundKey(current.chainId, current.no))) {
      // The last round, closed: numbering goes on after it.
      kept.push({ t: 'open', chainId: current.chainId, round: current.no, at: current.openedAt, closesAt: current.closesAt });
      kept.push({ t: 'closed', chainId: current.chainId, round: current.no });
    }
    journal.compact(kept);
    return { rounds: count, bets };
  }

  function snapshot(username?: string): CrashSnapshot {
    const round = current;
    const bets = round ? [...round.bets.values()].filter((b) => b.state === 'accepted') : [];
    const mine = round && username ? betOf(round, username) : undefined;
    const isOver = round?.end !== undefined || round?.phase === 'pause';
    return {
      tableId,
      chainId: chain?.chainId ?? '',
      terminalHash: chain?.terminalHash ?? '',
      salt: chain?.salt ?? '',
      chainLength: chain?.length ?? chainLength,
      ratePerMs,
      round: round?.no ?? 0,
      phase: round?.phase ?? 'pause',
      closesAt: round?.closesAt ?? 0,
      startedAt: round?.startedAt ?? null,
      crashPoint: isOver && round ? round.crashPoint : null,
      seed: isOver && round ? round.seed : null,
      end: round?.end ?? null,
      bets: bets.map(publicBet),
      mine: mine && mine.state === 'accepted' ? publicBet(mine) : null,
      history: history.slice(0, 30),
      serverNow: now(),
    };
  }

  return {
    game,
    recover,
    placeBet,
    cashOut,
    snapshot,
    history: () => [...history],
    chainOf: (chainId: string) => {
      const c = chains.get(chainId);
      return c ? { chainId: c.chainId, terminalHash: c.terminalHash, salt: c.salt, length: c.length } : undefined;
    },
    currentChain: () =>
      chain ? { chainId: chain.chainId, terminalHash: chain.terminalHash, salt: chain.salt, length: chain.length } : undefined,
    subscribe(listener: (event: CrashEvent & { serverNow: number }) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Open rounds' bets not settled yet (tests and the health view). */
    unsettledBets: () => [...rounds.values()].flatMap((r) => [...r.bets.values()].filter((b) => !b.settled && b.state !== 'refused')),
  };
}

export type CrashTable = ReturnType<typeof createCrashTable>;
