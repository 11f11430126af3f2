import type { RoundOutcome } from '@platform/contracts/round-outcome';
import { type RandomSource, roundRandom } from '@platform/games/random-source';
import { commitmentOf, newServerSeed } from '@platform/games/rng';
import type { Journal } from '../journal.ts';
import { type PlatformClient, PlatformUnreachable } from '../platform-client.ts';
import { newBetId, pushNewest, TableRefused, type WalletRefusal } from '../table-wallet.ts';
import { type SoloAction, type SoloGame, SoloRefusal } from './solo-games.ts';

/**
 * The single-player rounds of one house game (mines, plinko, dice, hi-lo, video poker, blackjack):
 * each player has a **seed pair**, a server seed whose SHA-256 is shown before the round and a client
 * seed they may change, and a nonce that counts their rounds. A round starts with one `debit` of the
 * stake (blackjack's double and split add one each), plays the player's actions on the round's one
 * random stream, and ends with one `credit` of the payout (0 when lost), whose outcome the betting
 * record shows; then the server seed is revealed and a new one committed.
 *
 * Journal first: every step is written (fsync) before it has any effect outside the process. A
 * restart replays the journal: a round whose debit never had an answer is rolled back; a round the
 * player was still playing is kept for them to finish (their next visit shows it), and a round left
 * alone longer than `idleMs` is finished for them (`SoloGame.finish`: cash out, stand, or draw holding
 * all; refunded when nothing was shown yet); a credit the platform could not take is sent again.
 */
export type SoloPlayer = { username: string; token: string; currency: string };

export type SoloEntry =
  | { t: 'seed'; username: string; serverSeed: string; commitment: string; clientSeed: string; nonce: number }
  | {
      t: 'start';
      roundId: string;
      username: string;
      token: string;
      stake: number;
      params: unknown;
      serverSeed: string;
      commitment: string;
      clientSeed: string;
      nonce: number;
      at: number;
    }
  | { t: 'debit-ok'; roundId: string; n: number }
  | { t: 'debit-refused'; roundId: string; n: number; status: string }
  | { t: 'extra'; roundId: string; n: number; amount: number; action: SoloAction }
  | { t: 'act'; roundId: string; action: SoloAction; at: number }
  | { t: 'over'; roundId: string; payout: number; how: 'paid' | 'refunded' }
  | { t: 'settled'; roundId: string };

type Debit = { n: number; amount: number; state: 'pending' | 'accepted' | 'refused'; action?: SoloAction };

type Round = {
  roundId: string;
  username: string;
  token: string;
  stake: number;
  params: unknown;
  serverSeed: string;
  commitment: string;
  clientSeed: string;
  nonce: number;
  startedAt: number;
  lastAt: number;
  debits: Debit[];
  actions: SoloAction[];
  /** An extra debit whose action is not yet applied (journal replay only). */
  unapplied?: Debit;
  state?: unknown;
  random?: RandomSource;
  over?: { payout: number; how: 'paid' | 'refunded' };
  settled: boolean;
};

type SeedPair = { serverSeed: string; commitment: string; clientSeed: string; nonce: number };

export type SoloHistoryItem = {
  roundId: string;
  player: string;
  nonce: number;
  serverSeed: string;
  commitment: string;
  clientSeed: string;
  stake: number;
  payout: number;
  how: 'paid' | 'refunded';
  verify: Record<string, unknown>;
  view: Record<string, unknown>;
  endedAt: number;
};

const HISTORY_MAX = 300;
const PLAYER_HISTORY_MAX = 20;
const CLIENT_SEED_MAX = 64;
export const SOLO_IDLE_MS = 30 * 60_000;

export function createSoloTable(deps: {
  game: SoloGame<unknown, unknown>;
  journal: Journal<SoloEntry>;
  platform: PlatformClient;
  now: () => number;
  log?: (message: string, data?: Record<string, unknown>) => void;
  /** A round left alone this long is finished for the player (ms). */
  idleMs?: number;
  /** Stakes allowed, in minor units. */
  limits?: { min: number; max: number };
  /** Tests fix the server seeds. */
  serverSeed?: () => string;
}) {
  const { game, journal, platform, now } = deps;
  const gameCode = game.code;
  const log = deps.log ?? (() => undefined);
  const idleMs = deps.idleMs ?? SOLO_IDLE_MS;
  const limits = deps.limits ?? { min: 1, max: 1_000_000_000 };
  const drawSeed = deps.serverSeed ?? newServerSeed;
  const seeds = new Map<string, SeedPair>();
  const rounds = new Map<string, Round>();
  /** The open round of each player (one at a time). */
  const openOf = new Map<string, string>();
  const history: SoloHistoryItem[] = [];
  const busy = new Set<string>();
  let sweepTimer: NodeJS.Timeout | undefined;

  const append = (entry: SoloEntry) => journal.append(entry);

  function seedOf(username: string): SeedPair {
    let pair = seeds.get(username);
    if (!pair) {
      const serverSeed = drawSeed();
      pair = { serverSeed, commitment: commitmentOf(serverSeed), clientSeed: defaultClientSeed(username), nonce: 1 };
      append({ t: 'seed', username, ...pair });
      seeds.set(username, pair);
    }
    return pair;
  }

  const defaultClientSeed = (username: string) => `${username.slice(0, 8)}-${commitmentOf(`${username}:${now()}`).slice(0, 12)}`;

  function rotate(round: Round): void {
    const current = seeds.get(round.username);
    const serverSeed = drawSeed();
    const pair = {
      serverSeed,
      commitment: commitmentOf(serverSeed),
      clientSeed: current?.clientSeed ?? round.clientSeed,
      nonce: round.nonce + 1,
    };
    append({ t: 'seed', username: round.username, ...pair });
    seeds.set(round.username, pair);
  }

  /** Replays a round's start and actions on a fresh stream of its seeds. */
  function rebuild(round: Round): void {
    const random = roundRandom(round.serverSeed, round.clientSeed, round.nonce);
    let state = game.start(random, round.params, round.stake);
    for (const action of round.actions) state = game.act(state, action, random);
    round.state = state;
    round.random = random;
  }

  function publicRound(round: Round) {
    return {
      roundId: round.roundId,
      stake: round.stake,
      staked: round.debits.filter((d) => d.state === 'accepted').reduce((s, d) => s + d.amount, 0),
      nonce: round.nonce,
      commitment: round.commitment,
      clientSeed: round.clientSeed,
      params: round.params,
      isOver: Boolean(round.over),
      ...(round.over ? { payout: round.over.payout, how: round.over.how, serverSeed: round.serverSeed, settled: round.settled } : {}),
      view: round.state === undefined ? {} : game.view(round.state, round.stake),
    };
  }

  function snapshot(username: string) {
    const pair = seedOf(username);
    const openId = openOf.get(username);
    const open = openId ? rounds.get(openId) : undefined;
    if (open && open.state === undefined && open.debits[0]?.state === 'accepted') rebuild(open);
    return {
      gameCode,
      limits,
      fair: { commitment: pair.commitment, clientSeed: pair.clientSeed, nonce: pair.nonce },
      round: open && open.state !== undefined ? publicRound(open) : null,
      history: history.filter((h) => h.player === username).slice(0, PLAYER_HISTORY_MAX),
    };
  }

  function setClientSeed(username: string, clientSeed: unknown) {
    if (typeof clientSeed !== 'string' || !/^[\w.:-]{1,64}$/.test(clientSeed) || clientSeed.length > CLIENT_SEED_MAX)
      throw new TableRefused('CLIENT_SEED_INVALID');
    if (openOf.has(username)) throw new TableRefused('ROUND_OPEN');
    const pair = seedOf(username);
    const next = { ...pair, clientSeed };
    append({ t: 'seed', username, ...next });
    seeds.set(username, next);
    return { fair: { commitment: next.commitment, clientSeed: next.clientSeed, nonce: next.nonce } };
  }

  async function exclusive<T>(username: string, work: () => Promise<T>): Promise<T> {
    if (busy.has(username)) throw new TableRefused('BUSY');
    busy.add(username);
    try {
      return await work();
    } finally {
      busy.delete(username);
    }
  }

  /** Sends one debit of a round (journaled as pending by the caller); throws the refusal. */
  async function sendDebit(round: Round, debit: Debit): Promise<number | undefined> {
    const transactionId = debit.n === 1 ? `${round.roundId}-bet` : `${round.roundId}-bet${debit.n}`;
    let answer: Awaited<ReturnType<PlatformClient['call']>>;
    try {
      answer = await platform.call('debit', { token: round.token, roundId: round.roundId, gameCode, transactionId, amount: debit.amount });
    } catch (err) {
      if (!(err instanceof PlatformUnreachable)) throw err;
      await rollbackDebit(round, debit).catch(() => undefined);
      throw new TableRefused('PLATFORM_UNREACHABLE');
    }
    if (answer.status !== 'OK') {
      append({ t: 'debit-refused', roundId: round.roundId, n: debit.n, status: answer.status });
      debit.state = 'refused';
      const known: readonly string[] = ['INSUFFICIENT_FUNDS', 'PLAYER_BLOCKED', 'SESSION_EXPIRED'];
      throw new TableRefused(known.includes(answer.status) ? (answer.status as WalletRefusal) : 'BET_REFUSED');
    }
    append({ t: 'debit-ok', roundId: round.roundId, n: debit.n });
    debit.state = 'accepted';
    return answer.balance;
  }

  async function rollbackDebit(round: Round, debit: Debit): Promise<void> {
    const ref = debit.n === 1 ? `${round.roundId}-bet` : `${round.roundId}-bet${debit.n}`;
    const answer = await platform.call('rollback', {
      token: round.token,
      roundId: round.roundId,
      gameCode,
      transactionId: `${ref}-rb`,
      referenceTransactionId: ref,
    });
    if (answer.status !== 'OK') throw new Error(`the platform refused to roll back ${ref}: ${answer.status}`);
    append({ t: 'debit-refused', roundId: round.roundId, n: debit.n, status: 'ROLLED_BACK' });
    debit.state = 'refused';
  }

  /** The round is over: journals what it pays, reveals its seed, then settles it with the platform. */
  async function end(round: Round, how: 'paid' | 'refunded'): Promise<void> {
    const payout = how === 'paid' ? game.payout(round.state, round.stake) : 0;
    round.over = { payout, how };
    append({ t: 'over', roundId: round.roundId, payout, how });
    openOf.delete(round.username);
    rotate(round);
    pushNewest(
      history,
      {
        roundId: round.roundId,
        player: round.username,
        nonce: round.nonce,
        serverSeed: round.serverSeed,
        commitment: round.commitment,
        clientSeed: round.clientSeed,
        stake: round.debits.filter((d) => d.state === 'accepted').reduce((s, d) => s + d.amount, 0),
        payout,
        how,
        verify: round.state === undefined ? {} : game.verifyInputs(round.params, round.state),
        view: round.state === undefined ? {} : game.view(round.state, round.stake),
        endedAt: now(),
      },
      HISTORY_MAX,
    );
    await settle(round).catch((err) => log('a solo round could not be settled yet', { roundId: round.roundId, err: String(err) }));
  }

  async function settle(round: Round): Promise<void> {
    if (round.settled || !round.over) return;
    if (round.over.how === 'refunded') {
      for (const debit of round.debits) if (debit.state !== 'refused') await rollbackDebit(round, debit);
    } else {
      const outcome: RoundOutcome = game.outcome(round.state, round.params);
      const answer = await platform.call('credit', {
        token: round.token,
        roundId: round.roundId,
        gameCode,
        transactionId: `${round.roundId}-win`,
        amount: round.over.payout,
        outcome,
      });
      if (answer.status !== 'OK') throw new Error(`the platform refused to settle ${round.roundId}: ${answer.status}`);
    }
    append({ t: 'settled', roundId: round.roundId });
    round.settled = true;
    if (openOf.get(round.username) !== round.roundId) rounds.delete(round.roundId);
  }

  async function start(player: SoloPlayer, body: Record<string, unknown>) {
    return exclusive(player.username, async () => {
      if (openOf.has(player.username)) throw new TableRefused('ROUND_OPEN');
      const stake = body.stake;
      if (typeof stake !== 'number' || !Number.isSafeInteger(stake) || stake <= 0) throw new TableRefused('STAKE_INVALID');
      if (stake < limits.min) throw new TableRefused('BELOW_MINIMUM');
      if (stake > limits.max) throw new TableRefused('ABOVE_MAXIMUM');
      let params: unknown;
      try {
        params = game.parse(body);
      } catch (err) {
        if (err instanceof SoloRefusal) throw new TableRefused(err.code);
        throw err;
      }
      const pair = seedOf(player.username);
      const round: Round = {
        roundId: newBetId(gameCode.replace(/-/g, '')),
        username: player.username,
        token: player.token,
        stake,
        params,
        ...pair,
        startedAt: now(),
        lastAt: now(),
        debits: [{ n: 1, amount: stake, state: 'pending' }],
        actions: [],
        settled: false,
      };
      append({ t: 'start', roundId: round.roundId, username: round.username, token: round.token, stake, params, ...pair, at: now() });
      rounds.set(round.roundId, round);
      openOf.set(round.username, round.roundId);
      let balance: number | undefined;
      try {
        balance = await sendDebit(round, round.debits[0] as Debit);
      } catch (err) {
        // Refused: nothing was drawn for this seed pair, which stays as it was for the next try.
        openOf.delete(round.username);
        rounds.delete(round.roundId);
        throw err;
      }
      rebuild(round);
      if (game.isOver(round.state)) await end(round, 'paid');
      return { round: publicRound(round), fair: publicFair(round.username), ...(balance === undefined ? {} : { balance }) };
    });
  }

  const publicFair = (username: string) => {
    const pair = seedOf(username);
    return { commitment: pair.commitment, clientSeed: pair.clientSeed, nonce: pair.nonce };
  };

  async function act(player: SoloPlayer, body: Record<string, unknown>) {
    return exclusive(player.username, async () => {
      const openId = openOf.get(player.username);
      const round = openId ? rounds.get(openId) : undefined;
      if (!round || round.roundId !== body.roundId) throw new TableRefused('NO_ROUND');
      if (round.state === undefined) rebuild(round);
      const action: SoloAction = {
        type: String(body.action ?? ''),
        ...(body.cell !== undefined ? { cell: Number(body.cell) } : {}),
        ...(typeof body.guess === 'string' ? { guess: body.guess } : {}),
        ...(Array.isArray(body.holds) ? { holds: body.holds as boolean[] } : {}),
      };
      await applyAction(round, action, player.token);
      return { round: publicRound(round), fair: publicFair(round.username) };
    });
  }

  async function applyAction(round: Round, action: SoloAction, token: string): Promise<void> {
    // A further stake (blackjack's double, split) is debited before the action is played.
    round.token = token || round.token;
    const extra = game.extraStake(round.state, action, round.stake);
    if (extra > 0) {
      const debit: Debit = { n: round.debits.length + 1, amount: extra, state: 'pending', action };
      append({ t: 'extra', roundId: round.roundId, n: debit.n, amount: extra, action });
      round.debits.push(debit);
      await sendDebit(round, debit);
    }
    await playAction(round, action);
  }

  /** Applies an action whose stake (if any) is paid: journals it, then ends the round if it is over. */
  async function playAction(round: Round, action: SoloAction): Promise<void> {
    let next: unknown;
    try {
      next = game.act(round.state, action, round.random as RandomSource);
    } catch (err) {
      if (err instanceof SoloRefusal) {
        // A refused action may have read the stream (hi-lo never does before checking); replay to be sure.
        rebuild(round);
        throw new TableRefused(err.code);
      }
      throw err;
    }
    append({ t: 'act', roundId: round.roundId, action, at: now() });
    round.actions.push(action);
    round.state = next;
    round.lastAt = now();
    if (game.isOver(round.state)) await end(round, 'paid');
  }

  /** Finishes the rounds players left longer than `idleMs` ago, and resends settlements not taken. */
  async function sweep(): Promise<void> {
    for (const round of [...rounds.values()]) {
      if (round.over) {
        await settle(round).catch((err) => log('a solo round could not be settled yet', { roundId: round.roundId, err: String(err) }));
        continue;
      }
      if (now() - round.lastAt < idleMs || busy.has(round.username)) continue;
      busy.add(round.username);
      try {
        await finishRound(round);
      } catch (err) {
        log('a solo round could not be finished yet', { roundId: round.roundId, err: String(err) });
      } finally {
        busy.delete(round.username);
      }
    }
  }

  async function finishRound(round: Round): Promise<void> {
    if (round.state === undefined) rebuild(round);
    const choice = game.finish(round.state);
    if (choice === 'refund') return end(round, 'refunded');
    // Blackjack stands on each hand left; the others end in one action.
    for (let i = 0; i < 8 && !game.isOver(round.state); i++) await applyAction(round, choice, round.token);
  }

  /** Replays the journal: seeds, open rounds, settlements to resend; rolls back debits with no answer. */
  async function recover(): Promise<{ rounds: number }> {
    for (const e of journal.entries) {
      switch (e.t) {
        case 'seed':
          seeds.set(e.username, { serverSeed: e.serverSeed, commitment: e.commitment, clientSeed: e.clientSeed, nonce: e.nonce });
          break;
        case 'start': {
          const { t: _t, at, ...rest } = e;
          rounds.set(e.roundId, {
            ...rest,
            startedAt: at,
            lastAt: at,
            debits: [{ n: 1, amount: e.stake, state: 'pending' }],
            actions: [],
            settled: false,
          });
          openOf.set(e.username, e.roundId);
          break;
        }
        case 'debit-ok':
        case 'debit-refused': {
          const round = rounds.get(e.roundId);
          const debit = round?.debits.find((d) => d.n === e.n);
          if (!round || !debit) break;
          debit.state = e.t === 'debit-ok' ? 'accepted' : 'refused';
          if (e.n === 1 && e.t === 'debit-refused') {
            rounds.delete(e.roundId);
            if (openOf.get(round.username) === e.roundId) openOf.delete(round.username);
          }
          break;
        }
        case 'extra': {
          const round = rounds.get(e.roundId);
          const debit: Debit = { n: e.n, amount: e.amount, state: 'pending', action: e.action };
          round?.debits.push(debit);
          if (round) round.unapplied = debit;
          break;
        }
        case 'act': {
          const round = rounds.get(e.roundId);
          if (round) {
            round.unapplied = undefined;
            round.actions.push(e.action);
            round.lastAt = e.at;
          }
          break;
        }
        case 'over': {
          const round = rounds.get(e.roundId);
          if (round) {
            round.over = { payout: e.payout, how: e.how };
            if (openOf.get(round.username) === e.roundId) openOf.delete(round.username);
          }
          break;
        }
        case 'settled':
          rounds.delete(e.roundId);
          break;
      }
    }
    let count = 0;
    for (const round of [...rounds.values()]) {
      count++;
      // A debit sent without an answer: roll it back (the platform closes the id either way).
      for (const debit of round.debits) {
        if (debit.state !== 'pending') continue;
        try {
          await rollbackDebit(round, debit);
        } catch (err) {
          log('a solo debit could not be rolled back yet', { roundId: round.roundId, err: String(err) });
        }
      }
      if (round.debits[0]?.state === 'refused' && !round.over) {
        rounds.delete(round.roundId);
        if (openOf.get(round.username) === round.roundId) openOf.delete(round.username);
        continue;
      }
      if (round.over && round.state === undefined && round.over.how === 'paid') rebuild(round);
      // A double or split paid for but not yet played (killed in between): play it now, once.
      const unapplied = round.unapplied;
      round.unapplied = undefined;
      if (!round.over && unapplied?.state === 'accepted' && unapplied.action) {
        rebuild(round);
        try {
          await playAction(round, unapplied.action);
        } catch (err) {
          log('a paid solo action could not be replayed', { roundId: round.roundId, err: String(err) });
        }
      }
    }
    compact();
    await sweep();
    return { rounds: count };
  }

  /** Rewrites the journal with the seed pairs in use and the rounds not yet settled. */
  function compact(): void {
    const kept: SoloEntry[] = [];
    for (const [username, pair] of seeds) kept.push({ t: 'seed', username, ...pair });
    const keep = new Set(rounds.keys());
    for (const e of journal.entries) if (e.t !== 'seed' && 'roundId' in e && keep.has(e.roundId)) kept.push(e);
    journal.compact(kept);
  }

  return {
    gameCode,
    game,
    limits,
    snapshot,
    start,
    act,
    setClientSeed,
    recover,
    sweep,
    history: () => history,
    /** Starts the sweep that finishes idle rounds and resends settlements. */
    startSweeping(everyMs = 5_000) {
      if (sweepTimer) return;
      sweepTimer = setInterval(() => void sweep(), everyMs);
      sweepTimer.unref();
    },
    stop() {
      if (sweepTimer) clearInterval(sweepTimer);
      sweepTimer = undefined;
    },
    openRounds: () => rounds.size,
  };
}

export type SoloTable = ReturnType<typeof createSoloTable>;
