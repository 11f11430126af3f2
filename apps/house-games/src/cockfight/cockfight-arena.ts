import { randomBytes } from 'node:crypto';
import {
  type ArenaSettings,
  type ArenaSummary,
  type ArenaView,
  FIGHT_SIDES,
  type FightTerms,
  type FightView,
  type SettingsChange,
} from '@platform/contracts/cockfight';
import type { RoundOutcome } from '@platform/contracts/round-outcome';
import {
  DRAW_PAYS_TO_ONE,
  type FightBet,
  type FightMode,
  type FightResult,
  type FightSide,
  pariMutuelCancelled,
  pariMutuelPer100,
  poolsOf,
  settleFight,
} from '@platform/sportsbook/cockfight';
import type { Journal } from '../journal.ts';
import type { PlatformClient } from '../platform-client.ts';
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
 * A cockfight arena: fights one after another, each run by the operator (no timer): betting opens
 * for the next fight, closes, the result is declared, every bet is settled once. The maths are the
 * sportsbook package's (`settleFight`): pari-mutuel (Meron and Wala pools, the commission taken on
 * the winning side, the fight cancelled at close when a side would return 107 or less per 100) or
 * fixed odds (the operator's prices, taken by each bet when it is placed); a draw pays 8 to 1 on
 * draw bets and gives Meron and Wala their stakes back, in both modes.
 *
 * Money: a bet is one seamless `debit` at once (journaled first); the fight's settlement sends each
 * accepted bet one `credit` (its return; 0 for a losing bet) or, for a cancelled fight, one
 * `rollback`. The ids derive from the bet id, every step is journaled, so a restart settles a fight
 * whose result was declared and pays nobody twice; a fight still open at a restart stays open for
 * the operator (bets whose debit had no answer are refunded).
 */
export const FIGHT_HISTORY_KEPT = 120;
/** Pool updates reach the watchers at most once per this many ms (the last state always goes out). */
const PUSH_INTERVAL_MS = 250;
/** Bets shown per fight on its public result page (the newest settle first; the sums count all). */
const RECORDED_BETS_MAX = 500;
const RETRY_MS = 5_000;

export type CockfightRefusal =
  | 'BETTING_CLOSED'
  | 'SIDE_INVALID'
  | 'STAKE_INVALID'
  | 'BELOW_MINIMUM'
  | 'ABOVE_MAXIMUM'
  | 'FIGHT_OPEN'
  | 'NO_FIGHT'
  | 'NOT_CLOSED'
  | 'ALREADY_DECLARED'
  | 'ARENAS_FULL'
  | 'ARENA_BUSY'
  | 'ARENA_CLOSED'
  | 'LAST_ARENA';

export type FightBetRecord = { player: string; side: FightSide; stake: number; price: number | null; paid: number | null };
export type FightRecord = FightView & { roundId: string; bets: FightBetRecord[] };

export type CockfightEntry =
  | { t: 'settings'; settings: ArenaSettings; at: number }
  | { t: 'open'; fight: number; key: string; terms: FightTerms; at: number }
  | { t: 'odds'; fight: number; odds: FightTerms['odds'] }
  | {
      t: 'bet';
      fight: number;
      betId: string;
      username: string;
      token: string;
      currency: string;
      side: FightSide;
      stake: number;
      /** Fixed odds: the price the bet took (thousandths); null in pari-mutuel mode. */
      price: number | null;
      at: number;
    }
  | WalletEntry
  | { t: 'close'; fight: number; at: number }
  | { t: 'result'; fight: number; declared: FightResult; at: number }
  | { t: 'done'; fight: number; at: number }
  | { t: 'history'; item: FightRecord }
  /** The operator closed the arena: no fight opens in it again; its history and result pages stay. */
  | { t: 'retired'; at: number };

type Bet = {
  betId: string;
  fight: number;
  username: string;
  token: string;
  currency: string;
  side: FightSide;
  stake: number;
  price: number | null;
  state: BetState;
  refusal?: string;
  settled?: Settlement;
  paid?: number;
};

type Fight = {
  no: number;
  key: string;
  terms: FightTerms;
  openedAt: number;
  closedAt?: number;
  declared?: FightResult;
  settledAt?: number;
  bets: Map<string, Bet>;
};

export type CockfightPlayer = { username: string; token: string; currency: string };
export type PlayerFightBet = { betId: string; fight: number; side: FightSide; stake: number; price: number | null; paid: number | null };
export type CockfightEvent = { type: 'arena'; arena: ArenaView; serverNow: number };

export type CockfightArenaOptions = {
  gameCode: string;
  arenaId: string;
  /** The arena's settings until the operator changes them (then the journal keeps them). */
  defaults: ArenaSettings;
  journal: Journal<CockfightEntry>;
  platform: PlatformClient;
  now: () => number;
  log?: (message: string, data?: Record<string, unknown>) => void;
  /** Pool updates are pushed at most once per this many ms (PUSH_INTERVAL_MS by default). */
  pushIntervalMs?: number;
};

const isSide = (value: unknown): value is FightSide => (FIGHT_SIDES as readonly unknown[]).includes(value);

export function createCockfightArena(options: CockfightArenaOptions) {
  const { journal, platform, now, gameCode, arenaId } = options;
  if (!/^[a-z0-9]{1,8}$/.test(arenaId)) throw new Error('an arena id is 1 to 8 lower-case letters or digits');
  const log = options.log ?? (() => undefined);
  const pushIntervalMs = options.pushIntervalMs ?? PUSH_INTERVAL_MS;
  const wallet = createTableWallet({ platform, append: (entry) => journal.append(entry), gameCode });
  const listeners = new Set<(event: CockfightEvent) => void>();
  const fights = new Map<number, Fight>();
  const history: FightRecord[] = [];
  let settings: ArenaSettings = options.defaults;
  let current: Fight | undefined;
  let lastFight = 0;
  /** When the operator closed the arena (it takes no fight again). */
  let closedAt: number | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  /** One settlement at a time per fight: a repeated declare or a retry waits for the one running. */
  const settling = new Map<number, Promise<void>>();

  const roundIdOf = (fight: Fight) => `cf-${arenaId}-${fight.no}-${fight.key}`;
  /**
   * Each bet is a round of its own on the platform (its id is the bet id, `cf-<arena>-<fight>-<random>`),
   * so a member with bets on two sides of a fight gets one betting record per bet, each with its side.
   */
  const platformRoundOf = (bet: { betId: string }) => bet.betId;

  // ---- what a fight shows -------------------------------------------------------------------
  const accepted = (fight: Fight) => [...fight.bets.values()].filter((b) => b.state === 'accepted');
  const fightBets = (fight: Fight): FightBet[] => accepted(fight).map((b) => ({ id: b.betId, side: b.side, stake: b.stake }));

  function modeOf(terms: FightTerms): FightMode {
    return terms.mode === 'fixed'
      ? { mode: 'fixed', meron: terms.odds.meron, wala: terms.odds.wala }
      : { mode: 'pari-mutuel', commissionBp: terms.commissionBp };
  }

  /** The result the fight is settled on: a pari-mutuel fight failing the 107 rule is cancelled. */
  function effectiveOf(fight: Fight): FightResult | undefined {
    if (!fight.declared) return undefined;
    if (fight.terms.mode === 'pari-mutuel' && pariMutuelCancelled(poolsOf(fightBets(fight)), fight.terms.commissionBp)) return 'cancelled';
    return fight.declared;
  }

  /** Every accepted bet's return for the declared result (fixed odds: each bet at its own price). */
  function returnsOf(fight: Fight): Map<string, number> {
    const declared = fight.declared;
    if (!declared) return new Map();
    if (fight.terms.mode === 'pari-mutuel') return settleFight(modeOf(fight.terms), fightBets(fight), declared);
    const out = new Map<string, number>();
    for (const b of accepted(fight)) {
      const price = b.price ?? fight.terms.odds[b.side === 'draw' ? 'meron' : b.side];
      const r = settleFight({ mode: 'fixed', meron: price, wala: price }, [{ id: b.betId, side: b.side, stake: b.stake }], declared);
      out.set(b.betId, r.get(b.betId) ?? 0);
    }
    return out;
  }

  function phaseOf(fight: Fight): FightView['phase'] {
    if (fight.settledAt !== undefined) return 'settled';
    if (fight.declared) return 'settling';
    if (fight.closedAt !== undefined) return 'closed';
    return 'betting';
  }

  function viewOf(fight: Fight): FightView {
    const bets = accepted(fight);
    const pools = poolsOf(bets.map((b) => ({ side: b.side, stake: b.stake })));
    const draw = bets.filter((b) => b.side === 'draw').reduce((s, b) => s + b.stake, 0);
    const per100 = fight.terms.mode === 'pari-mutuel' ? pariMutuelPer100(pools, fight.terms.commissionBp) : { meron: null, wala: null };
    const returns = returnsOf(fight);
    return {
      fight: fight.no,
      phase: phaseOf(fight),
      terms: fight.terms,
      pools: { ...pools, draw },
      betCount: bets.length,
      per100,
      result: effectiveOf(fight) ?? null,
      declared: fight.declared ?? null,
      openedAt: fight.openedAt,
      closedAt: fight.closedAt ?? null,
      settledAt: fight.settledAt ?? null,
      staked: bets.reduce((s, b) => s + b.stake, 0),
      paid: [...returns.values()].reduce((s, r) => s + r, 0),
    };
  }

  function recordOf(fight: Fight): FightRecord {
    const returns = returnsOf(fight);
    return {
      ...viewOf(fight),
      roundId: roundIdOf(fight),
      bets: accepted(fight)
        .slice(-RECORDED_BETS_MAX)
        .map((b) => ({ player: maskName(b.username), side: b.side, stake: b.stake, price: b.price, paid: returns.get(b.betId) ?? null })),
    };
  }

  function arenaView(): ArenaView {
    return {
      arenaId,
      gameCode,
      settings,
      closedAt: closedAt ?? null,
      fight: current ? viewOf(current) : null,
      history: history.slice(0, 60).map(({ roundId: _r, bets: _b, ...view }) => view),
    };
  }

  function push(): void {
    const event: CockfightEvent = { type: 'arena', arena: arenaView(), serverNow: now() };
    for (const listener of listeners) {
      try {
        listener(event);
      } catch (err) {
        log('a watcher failed', { err: String(err) });
      }
    }
  }

  // Pushes to the watchers: the whole arena view each time, so a burst of bets is coalesced. A push
  // opens a quiet window of `pushIntervalMs`; pool updates inside it wait for its end and go out as
  // one push of the state as it is then. A phase change (open, close, result, settled, settings) goes
  // out at once. So watchers get a few pushes a second at most, and always the last state.
  let pushTimer: NodeJS.Timeout | undefined;
  let isWaiting = false;
  function openQuietWindow(): void {
    if (pushTimer || pushIntervalMs <= 0) return;
    pushTimer = setTimeout(() => {
      pushTimer = undefined;
      if (!isWaiting) return;
      isWaiting = false;
      push();
      openQuietWindow();
    }, pushIntervalMs);
    pushTimer.unref();
  }
  /** A pool update: pushed now, or at the end of the quiet window. */
  function emitSoon(): void {
    if (pushTimer) {
      isWaiting = true;
      return;
    }
    push();
    openQuietWindow();
  }
  /** A phase change: pushed at once (it carries any pool update that was waiting). */
  function emit(): void {
    isWaiting = false;
    push();
    openQuietWindow();
  }

  function findBet(betId: string): Bet | undefined {
    for (const fight of fights.values()) {
      const bet = fight.bets.get(betId);
      if (bet) return bet;
    }
    return undefined;
  }

  // ---- replay -------------------------------------------------------------------------------
  function apply(entry: CockfightEntry): void {
    switch (entry.t) {
      case 'retired':
        closedAt = entry.at;
        return;
      case 'settings':
        // Settings written before arenas had names take the defaults' name.
        settings = { ...options.defaults, ...entry.settings };
        return;
      case 'open': {
        const fight: Fight = { no: entry.fight, key: entry.key, terms: entry.terms, openedAt: entry.at, bets: new Map() };
        fights.set(fight.no, fight);
        current = fight;
        lastFight = Math.max(lastFight, fight.no);
        return;
      }
      case 'odds': {
        const fight = fights.get(entry.fight);
        if (fight) fight.terms = { ...fight.terms, odds: entry.odds };
        return;
      }
      case 'bet': {
        const fight = fights.get(entry.fight);
        if (!fight) throw new Error(`bet ${entry.betId} of a fight that is not open`);
        const { t: _t, at: _at, ...bet } = entry;
        fight.bets.set(entry.betId, { ...bet, state: 'pending' });
        return;
      }
      case 'bet-ok':
      case 'bet-refused':
      case 'settled':
        wallet.replay(entry, findBet(entry.betId));
        return;
      case 'close': {
        const fight = fights.get(entry.fight);
        if (fight) fight.closedAt = entry.at;
        return;
      }
      case 'result': {
        const fight = fights.get(entry.fight);
        if (fight) {
          fight.closedAt ??= entry.at;
          fight.declared = entry.declared;
        }
        return;
      }
      case 'done': {
        const fight = fights.get(entry.fight);
        if (fight) fight.settledAt = entry.at;
        fights.delete(entry.fight);
        lastFight = Math.max(lastFight, entry.fight);
        return;
      }
      case 'history':
        pushNewest(history, entry.item, FIGHT_HISTORY_KEPT);
        lastFight = Math.max(lastFight, entry.item.fight);
        return;
    }
  }

  // ---- money --------------------------------------------------------------------------------
  function outcomeOf(fight: Fight, bet: Bet, result: FightResult): RoundOutcome {
    return { kind: 'fight', fight: fight.no, result, side: bet.side, summary: `#${fight.no} (${arenaId}) ${result}` };
  }

  function decisionOf(fight: Fight, bet: Bet, returns: Map<string, number>): SettleDecision | undefined {
    const result = effectiveOf(fight);
    if (!result) return undefined;
    if (result === 'cancelled') return { how: 'refunded' };
    const amount = returns.get(bet.betId) ?? 0;
    return { how: amount > 0 ? 'paid' : 'lost', amount, outcome: outcomeOf(fight, bet, result) };
  }

  /** Settles a declared fight, once: every bet paid, closed as lost or refunded; then it joins the history. */
  function settleFightOnce(fight: Fight): Promise<void> {
    const running = settling.get(fight.no);
    if (running) return running;
    const run = (async () => {
      await wallet.drain();
      const returns = returnsOf(fight);
      const isDone = await wallet.settleAll(fight.bets.values(), platformRoundOf, (bet) => decisionOf(fight, bet as Bet, returns), log);
      if (!isDone || fight.settledAt !== undefined) return;
      for (const bet of accepted(fight)) bet.paid = returns.get(bet.betId) ?? 0;
      const at = now();
      fight.settledAt = at;
      const item = recordOf(fight);
      journal.append({ t: 'done', fight: fight.no, at });
      journal.append({ t: 'history', item });
      fights.delete(fight.no);
      pushNewest(history, item, FIGHT_HISTORY_KEPT);
    })().finally(() => {
      settling.delete(fight.no);
      emit();
    });
    settling.set(fight.no, run);
    return run;
  }

  // ---- the player's calls -------------------------------------------------------------------
  async function placeBet(player: CockfightPlayer, input: { side: unknown; stake: unknown }) {
    const fight = current;
    if (!fight || phaseOf(fight) !== 'betting') throw new TableRefused<CockfightRefusal>('BETTING_CLOSED');
    if (!isSide(input.side)) throw new TableRefused<CockfightRefusal>('SIDE_INVALID');
    const stake = input.stake;
    if (typeof stake !== 'number' || !Number.isSafeInteger(stake) || stake <= 0) throw new TableRefused<CockfightRefusal>('STAKE_INVALID');
    const { limits } = settings;
    if (stake < limits.min) throw new TableRefused<CockfightRefusal>('BELOW_MINIMUM');
    if (stake > (input.side === 'draw' ? limits.drawMax : limits.max)) throw new TableRefused<CockfightRefusal>('ABOVE_MAXIMUM');
    const side = input.side;
    const price = fight.terms.mode === 'fixed' ? (side === 'draw' ? (DRAW_PAYS_TO_ONE + 1) * 1000 : fight.terms.odds[side]) : null;
    const bet: Bet = {
      betId: newBetId(`cf-${arenaId}-${fight.no}`),
      fight: fight.no,
      username: player.username,
      token: player.token,
      currency: player.currency,
      side,
      stake,
      price,
      state: 'pending',
    };
    const { state: _s, ...journaled } = bet;
    journal.append({ t: 'bet', ...journaled, at: now() });
    fight.bets.set(bet.betId, bet);
    const answer = await wallet.debit(bet, platformRoundOf(bet));
    emitSoon();
    return { bet: playerBet(bet), ...answer };
  }

  const playerBet = (bet: Bet): PlayerFightBet => ({
    betId: bet.betId,
    fight: bet.fight,
    side: bet.side,
    stake: bet.stake,
    price: bet.price,
    paid: bet.paid ?? null,
  });

  /** The player's accepted bets of the current fight and of the fights still kept in memory. */
  function betsOf(username: string): PlayerFightBet[] {
    const mine: PlayerFightBet[] = [];
    for (const fight of fights.values())
      for (const bet of fight.bets.values()) if (bet.username === username && bet.state === 'accepted') mine.push(playerBet(bet));
    if (current && !fights.has(current.no))
      for (const bet of current.bets.values()) if (bet.username === username && bet.state === 'accepted') mine.push(playerBet(bet));
    return mine;
  }

  // ---- the operator's calls -----------------------------------------------------------------
  function openFight(override: Partial<FightTerms> = {}): ArenaView {
    if (closedAt !== undefined) throw new TableRefused<CockfightRefusal>('ARENA_CLOSED');
    if (current && phaseOf(current) !== 'settled') throw new TableRefused<CockfightRefusal>('FIGHT_OPEN');
    const terms: FightTerms = {
      mode: override.mode ?? settings.mode,
      commissionBp: override.commissionBp ?? settings.commissionBp,
      odds: override.odds ?? settings.odds,
    };
    const entry: CockfightEntry = { t: 'open', fight: lastFight + 1, key: randomBytes(4).toString('hex'), terms, at: now() };
    journal.append(entry);
    apply(entry);
    emit();
    return arenaView();
  }

  async function closeBetting(): Promise<ArenaView> {
    const fight = current;
    if (!fight || phaseOf(fight) !== 'betting') throw new TableRefused<CockfightRefusal>('NO_FIGHT');
    fight.closedAt = now();
    emit();
    // Every debit on its way gets its answer before the close is written, so the pools are final.
    await wallet.drain();
    journal.append({ t: 'close', fight: fight.no, at: fight.closedAt });
    // Pari-mutuel: pools that fail the 107 rule cancel the fight as betting closes.
    if (fight.terms.mode === 'pari-mutuel' && pariMutuelCancelled(poolsOf(fightBets(fight)), fight.terms.commissionBp)) {
      await declare('cancelled');
    }
    emit();
    return arenaView();
  }

  const isSameResult = (fight: { declared: FightResult | null; result: FightResult | null }, result: FightResult) =>
    fight.declared === result || fight.result === result;

  /**
   * Declares the current fight's result and settles it. The same result again changes nothing and
   * answers the arena, also once the fight is history (after a restart the settled fight is no
   * longer current); `fightNo`, when given, names the fight the result is for.
   */
  async function declare(result: FightResult, fightNo?: number): Promise<ArenaView> {
    const fight = current;
    if (!fight || (fightNo !== undefined && fight.no !== fightNo)) {
      const done = fightNo === undefined ? history[0] : history.find((h) => h.fight === fightNo);
      if (done && isSameResult(done, result)) return arenaView();
      if (done && fightNo !== undefined) throw new TableRefused<CockfightRefusal>('ALREADY_DECLARED');
      throw new TableRefused<CockfightRefusal>('NO_FIGHT');
    }
    if (fight.declared) {
      if (fight.declared !== result && effectiveOf(fight) !== result) throw new TableRefused<CockfightRefusal>('ALREADY_DECLARED');
      if (fight.settledAt === undefined) await settleFightOnce(fight);
      return arenaView();
    }
    if (phaseOf(fight) !== 'closed' || settling.size > 0) throw new TableRefused<CockfightRefusal>('NOT_CLOSED');
    const at = now();
    journal.append({ t: 'result', fight: fight.no, declared: result, at });
    fight.declared = result;
    emit();
    await settleFightOnce(fight);
    return arenaView();
  }

  /** The arena as the members' arena list shows it. */
  function summary(): ArenaSummary {
    const fight = current ? viewOf(current) : null;
    return {
      arenaId,
      name: settings.name,
      hasStream: settings.streamUrl !== '',
      mode: fight?.terms.mode ?? settings.mode,
      fight: fight && { fight: fight.fight, phase: fight.phase, betCount: fight.betCount },
      results: history.slice(0, 12).map((h) => h.result),
    };
  }

  /**
   * Closes the arena for good: refused while a fight is taking bets, closed or settling, or while a
   * bet still waits for its settlement. Its history and result pages stay; the members' list no
   * longer shows it. Closing it again answers the arena as it is.
   */
  function retire(): ArenaView {
    if (closedAt !== undefined) return arenaView();
    const busy = (current && phaseOf(current) !== 'settled') || [...fights.values()].some((f) => f.settledAt === undefined);
    if (busy) throw new TableRefused<CockfightRefusal>('ARENA_BUSY');
    const entry: CockfightEntry = { t: 'retired', at: now() };
    journal.append(entry);
    apply(entry);
    emit();
    return arenaView();
  }

  function changeSettings(change: SettingsChange): ArenaView {
    if (closedAt !== undefined) throw new TableRefused<CockfightRefusal>('ARENA_CLOSED');
    settings = {
      ...settings,
      ...change,
      ...(change.limits ? { limits: { ...change.limits } } : {}),
      ...(change.odds ? { odds: { ...change.odds } } : {}),
    };
    journal.append({ t: 'settings', settings, at: now() });
    // A fixed-odds fight still taking bets takes the new prices for its next bets.
    const fight = current;
    if (change.odds && fight && phaseOf(fight) === 'betting' && fight.terms.mode === 'fixed') {
      journal.append({ t: 'odds', fight: fight.no, odds: change.odds });
      fight.terms = { ...fight.terms, odds: change.odds };
    }
    emit();
    return arenaView();
  }

  /** Settlements the platform could not take yet: sent again until they go through. */
  async function retryPending(): Promise<void> {
    for (const fight of [...fights.values()]) if (fight.declared && fight.settledAt === undefined) await settleFightOnce(fight);
  }

  /**
   * Replays the journal; settles every fight whose result was declared; refunds the bets whose
   * debit never had an answer. A fight not declared stays open for the operator.
   */
  async function recover(): Promise<{ fights: number; bets: number }> {
    for (const entry of journal.entries) apply(entry);
    // A fight already settled is history (its result is in the strip); the page waits for the next one.
    if (current?.settledAt !== undefined) current = undefined;
    let count = 0;
    let bets = 0;
    for (const fight of [...fights.values()]) {
      count += 1;
      bets += fight.bets.size;
      for (const bet of fight.bets.values()) {
        if (bet.state === 'pending' && !bet.settled)
          await wallet.settle(bet, platformRoundOf(bet), { how: 'refunded' }).catch(() => undefined);
      }
      if (fight.declared) await settleFightOnce(fight);
    }
    const kept: CockfightEntry[] = [
      { t: 'settings', settings, at: now() },
      ...(closedAt === undefined ? [] : [{ t: 'retired' as const, at: closedAt }]),
      ...[...history].reverse().map((item) => ({ t: 'history' as const, item })),
    ];
    for (const entry of journal.entries) {
      const no =
        'fight' in entry && typeof entry.fight === 'number' ? entry.fight : 'betId' in entry ? findBet(entry.betId)?.fight : undefined;
      if (no !== undefined && fights.has(no)) kept.push(entry);
    }
    journal.compact(kept);
    return { fights: count, bets };
  }

  return {
    gameCode,
    arenaId,
    recover,
    placeBet,
    betsOf,
    openFight,
    closeBetting,
    declare,
    changeSettings,
    retire,
    isClosed: (): boolean => closedAt !== undefined,
    view: arenaView,
    summary,
    snapshot(username?: string) {
      return { arena: arenaView(), mine: username ? betsOf(username) : [], serverNow: now() };
    },
    fightRecord: (no: number): FightRecord | undefined => {
      const live = fights.get(no);
      return live ? recordOf(live) : history.find((h) => h.fight === no);
    },
    history: () => [...history],
    start() {
      retryTimer ??= setInterval(
        () => void retryPending().catch((err) => log('a fight settlement failed', { err: String(err) })),
        RETRY_MS,
      );
      retryTimer.unref();
    },
    async stop() {
      if (retryTimer) clearInterval(retryTimer);
      retryTimer = undefined;
      if (pushTimer) clearTimeout(pushTimer);
      pushTimer = undefined;
      await wallet.drain();
      await Promise.allSettled([...settling.values()]);
    },
    subscribe(listener: (event: CockfightEvent) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    unsettledBets: () => [...fights.values()].flatMap((f) => [...f.bets.values()].filter((b) => !b.settled && b.state !== 'refused')),
  };
}

export type CockfightArena = ReturnType<typeof createCockfightArena>;
