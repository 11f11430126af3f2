import {
  JACKPOT_CONTRIBUTION_BPS,
  JACKPOT_SEED,
  JACKPOT_TRIGGER_BOUND,
  jackpotContribution,
  spinJackpotWheel,
  WHEEL_MAX_STAKE,
  WHEEL_MIN_STAKE,
  WHEEL_PAYTABLE,
  wheelPayout,
} from '@platform/games/house/jackpot-wheel';
import { roundRandom } from '@platform/games/random-source';
import { commitmentOf, newServerSeed } from '@platform/games/rng';
import type { Journal } from '../journal.ts';
import type { PlatformClient } from '../platform-client.ts';
import { createTableWallet, maskName, newBetId, pushNewest, TableRefused, type WalletBet, type WalletEntry } from '../table-wallet.ts';

/**
 * The jackpot wheel (ADR 0036): a single-player spin with a progressive jackpot pool per currency.
 * The pool is the game server's own liability, kept in its journal like every bet: the house funds
 * the seed, each accepted stake adds its contribution (1%), and a win pays the whole pool as part
 * of the spin's credit, after which the pool restarts at the seed. The platform sees only the
 * spin's debit and credit (the seamless protocol) and shows the pool the game server publishes.
 *
 * Books of a pool, always: amount = seeded + contributed − paid. The step that adds a contribution
 * and, on a jackpot, takes the pool and reseeds it is one synchronous journal line (`result`), so
 * two spins can never both take the same pool, and a restart replays it exactly.
 *
 * Provably fair: each player has a committed next server seed (its SHA-256 is shown before the
 * spin); a spin plays `roundRandom(seed, clientSeed, nonce)` (the player's own client seed, the
 * spin's number), reveals the seed and commits the next one.
 */
export const JACKPOT_GAME_CODES = ['jackpot-wheel'] as const;
export type JackpotGameCode = (typeof JACKPOT_GAME_CODES)[number];
export const isJackpotGame = (code: string): code is JackpotGameCode => (JACKPOT_GAME_CODES as readonly string[]).includes(code);

const CLIENT_SEED_MAX = 64;
const HISTORY_MAX = 300;
const WINS_MAX = 20;

export type JackpotEntry =
  | WalletEntry
  | { t: 'commit'; username: string; seed: string }
  | { t: 'pool-seed'; currency: string; amount: number; at: number }
  | {
      t: 'spin';
      betId: string;
      nonce: number;
      username: string;
      token: string;
      currency: string;
      stake: number;
      seed: string;
      clientSeed: string;
      at: number;
    }
  | { t: 'result'; betId: string; contribution: number; jackpot: number; reseed: number; at: number };

export type SpinRecord = {
  betId: string;
  roundId: string;
  nonce: number;
  player: string;
  currency: string;
  stake: number;
  segment: number;
  multiplier: number;
  wheelWin: number;
  jackpot: number;
  contribution: number;
  serverSeed: string;
  commitment: string;
  clientSeed: string;
  at: number;
};

export type PoolBooks = {
  currency: string;
  amount: number;
  seeded: number;
  contributed: number;
  paid: number;
  wins: { player: string; amount: number; at: number; roundId: string }[];
};

type Spin = WalletBet & {
  nonce: number;
  currency: string;
  seed: string;
  clientSeed: string;
  at: number;
  result?: { contribution: number; jackpot: number };
};

export type JackpotRefusal = 'STAKE_INVALID' | 'CLIENT_SEED_INVALID' | 'SPIN_IN_PROGRESS';
type Player = { username: string; token: string; currency: string };

export function createJackpotWheel(deps: {
  gameCode: JackpotGameCode;
  journal: Journal<JackpotEntry>;
  platform: PlatformClient;
  now: () => number;
  log: (message: string, data?: Record<string, unknown>) => void;
  /** Tests shrink the jackpot's draw bound so a jackpot can be forced; live play uses the stated bound. */
  triggerBound?: number;
}) {
  const { gameCode, journal, platform, now, log } = deps;
  const triggerBound = deps.triggerBound ?? JACKPOT_TRIGGER_BOUND;
  const wallet = createTableWallet({ platform, append: (e) => journal.append(e), gameCode });
  const nextSeeds = new Map<string, string>();
  const pools = new Map<string, PoolBooks>();
  const spins = new Map<string, Spin>();
  const history: SpinRecord[] = [];
  const spinning = new Set<string>();
  let lastNonce = 0;

  const roundIdOf = (spin: { nonce: number }) => `${gameCode}-${spin.nonce}`;
  const draw = (spin: Spin) => spinJackpotWheel(roundRandom(spin.seed, spin.clientSeed, spin.nonce), spin.stake, triggerBound);

  function poolOf(currency: string, write: boolean): PoolBooks {
    let pool = pools.get(currency);
    if (!pool) {
      pool = { currency, amount: JACKPOT_SEED, seeded: JACKPOT_SEED, contributed: 0, paid: 0, wins: [] };
      pools.set(currency, pool);
      if (write) journal.append({ t: 'pool-seed', currency, amount: JACKPOT_SEED, at: now() });
    }
    return pool;
  }

  /** Adds the spin's contribution and, on a jackpot, takes the pool and reseeds it. Synchronous. */
  function applyResult(spin: Spin, result: { contribution: number; jackpot: number; reseed: number; at: number }): void {
    const pool = poolOf(spin.currency, false);
    pool.contributed += result.contribution;
    pool.amount += result.contribution;
    if (result.jackpot > 0) {
      pool.paid += result.jackpot;
      pool.seeded += result.reseed;
      pool.amount = pool.amount - result.jackpot + result.reseed;
      pushNewest(pool.wins, { player: maskName(spin.username), amount: result.jackpot, at: result.at, roundId: roundIdOf(spin) }, WINS_MAX);
    }
    spin.result = { contribution: result.contribution, jackpot: result.jackpot };
  }

  function decide(spin: Spin): { contribution: number; jackpot: number; reseed: number; at: number } {
    const pool = poolOf(spin.currency, true);
    const contribution = jackpotContribution(spin.stake);
    const isJackpot = draw(spin).isJackpot;
    // The winner takes the pool as it stands with this spin's own contribution in it.
    return { contribution, jackpot: isJackpot ? pool.amount + contribution : 0, reseed: isJackpot ? JACKPOT_SEED : 0, at: now() };
  }

  function recordOf(spin: Spin): SpinRecord {
    const d = draw(spin);
    return {
      betId: spin.betId,
      roundId: roundIdOf(spin),
      nonce: spin.nonce,
      player: maskName(spin.username),
      currency: spin.currency,
      stake: spin.stake,
      segment: d.segment,
      multiplier: d.multiplier / 100,
      wheelWin: wheelPayout(spin.stake, d.multiplier),
      jackpot: spin.result?.jackpot ?? 0,
      contribution: spin.result?.contribution ?? 0,
      serverSeed: spin.seed,
      commitment: commitmentOf(spin.seed),
      clientSeed: spin.clientSeed,
      at: spin.at,
    };
  }

  async function settle(spin: Spin): Promise<void> {
    if (!spin.result) return;
    const d = draw(spin);
    const wheelWin = wheelPayout(spin.stake, d.multiplier);
    const amount = wheelWin + spin.result.jackpot;
    const jackpotText = spin.result.jackpot > 0 ? ` + JACKPOT ${spin.result.jackpot}` : '';
    await wallet.settle(spin, roundIdOf(spin), {
      how: amount > 0 ? 'paid' : 'lost',
      amount,
      outcome: {
        kind: 'wheel',
        segment: d.segment,
        multiplier: d.multiplier / 100,
        summary: `${gameCode} #${spin.nonce}: ×${(d.multiplier / 100).toFixed(2)}${jackpotText}`.slice(0, 120),
      },
    });
  }

  function nextSeedOf(username: string): string {
    let seed = nextSeeds.get(username);
    if (!seed) {
      seed = newServerSeed();
      journal.append({ t: 'commit', username, seed });
      nextSeeds.set(username, seed);
    }
    return seed;
  }

  async function spin(
    player: Player,
    input: { stake: unknown; clientSeed: unknown },
  ): Promise<{ spin: SpinRecord; nextCommitment: string; balance?: number }> {
    const stake = input.stake;
    if (typeof stake !== 'number' || !Number.isSafeInteger(stake) || stake < WHEEL_MIN_STAKE || stake > WHEEL_MAX_STAKE)
      throw new TableRefused<JackpotRefusal>('STAKE_INVALID');
    const clientSeed = input.clientSeed;
    if (
      typeof clientSeed !== 'string' ||
      clientSeed.length < 1 ||
      clientSeed.length > CLIENT_SEED_MAX ||
      !/^[\x20-\x7e]+$/.test(clientSeed)
    )
      throw new TableRefused<JackpotRefusal>('CLIENT_SEED_INVALID');
    if (spinning.has(player.username)) throw new TableRefused<JackpotRefusal>('SPIN_IN_PROGRESS');
    spinning.add(player.username);
    try {
      const seed = nextSeedOf(player.username);
      const s: Spin = {
        betId: newBetId('jw'),
        username: player.username,
        token: player.token,
        stake,
        state: 'pending',
        nonce: ++lastNonce,
        currency: player.currency,
        seed,
        clientSeed,
        at: now(),
      };
      journal.append({
        t: 'spin',
        betId: s.betId,
        nonce: s.nonce,
        username: s.username,
        token: s.token,
        currency: s.currency,
        stake,
        seed,
        clientSeed,
        at: s.at,
      });
      spins.set(s.betId, s);
      // The seed is spent whatever happens to the debit: the next spin has a new commitment.
      nextSeeds.delete(player.username);
      nextSeedOf(player.username);
      const { balance } = await wallet.debit(s, roundIdOf(s));
      const result = decide(s);
      journal.append({ t: 'result', betId: s.betId, ...result });
      applyResult(s, result);
      await settle(s).catch((err: unknown) => log('a jackpot spin could not be settled yet', { betId: s.betId, err: String(err) }));
      const record = recordOf(s);
      pushNewest(history, record, HISTORY_MAX);
      const paid = record.wheelWin + record.jackpot;
      return {
        spin: record,
        nextCommitment: commitmentOf(nextSeedOf(player.username)),
        ...(balance === undefined ? {} : { balance: balance + (s.settled === 'paid' ? paid : 0) }),
      };
    } finally {
      spinning.delete(player.username);
    }
  }

  /** Replays the journal; settles spins an earlier run left open (credit, or refund a debit with no answer). */
  async function recover(): Promise<{ spins: number }> {
    for (const entry of journal.entries) {
      if (entry.t === 'commit') nextSeeds.set(entry.username, entry.seed);
      else if (entry.t === 'pool-seed') poolOf(entry.currency, false);
      else if (entry.t === 'spin') {
        const { t: _t, ...rest } = entry;
        spins.set(entry.betId, { ...rest, state: 'pending' });
        lastNonce = Math.max(lastNonce, entry.nonce);
        if (nextSeeds.get(entry.username) === entry.seed) nextSeeds.delete(entry.username);
      } else if (entry.t === 'result') {
        const s = spins.get(entry.betId);
        if (s) applyResult(s, entry);
      } else wallet.replay(entry, spins.get(entry.betId));
    }
    let open = 0;
    for (const s of spins.values()) {
      if (s.settled || s.state === 'refused') continue;
      open++;
      if (s.state === 'accepted' && !s.result) {
        const result = decide(s);
        journal.append({ t: 'result', betId: s.betId, ...result });
        applyResult(s, result);
      }
      if (s.state === 'pending') await wallet.settle(s, roundIdOf(s), { how: 'refunded' }).catch(() => undefined);
      else await settle(s).catch((err: unknown) => log('a jackpot spin could not be settled yet', { betId: s.betId, err: String(err) }));
    }
    for (const s of [...spins.values()].sort((a, b) => a.nonce - b.nonce)) if (s.result) pushNewest(history, recordOf(s), HISTORY_MAX);
    return { spins: open };
  }

  /** Retries credits that could not be sent (the platform was down). */
  async function retryPending(): Promise<void> {
    for (const s of spins.values()) if (s.result && !s.settled) await settle(s).catch(() => undefined);
  }

  function publicPools() {
    return [...pools.values()].map((p) => ({
      gameCode,
      currency: p.currency,
      amount: p.amount,
      seed: JACKPOT_SEED,
      contributionBps: JACKPOT_CONTRIBUTION_BPS,
      triggerBound: triggerBound,
      wins: p.wins.slice(0, 5),
    }));
  }

  function snapshot(player: Player) {
    return {
      gameCode,
      currency: player.currency,
      pool: poolOf(player.currency, true).amount,
      seed: JACKPOT_SEED,
      contributionBps: JACKPOT_CONTRIBUTION_BPS,
      triggerBound,
      minStake: WHEEL_MIN_STAKE,
      maxStake: WHEEL_MAX_STAKE,
      paytable: WHEEL_PAYTABLE.map((m) => m / 100),
      nextCommitment: commitmentOf(nextSeedOf(player.username)),
      recentWins: pools.get(player.currency)?.wins.slice(0, 5) ?? [],
      mine: history.filter((h) => h.player === maskName(player.username)).slice(0, 10),
    };
  }

  let retryTimer: ReturnType<typeof setInterval> | undefined;
  return {
    gameCode,
    /** The jackpot draw's bound (the stated 1,000,000,000 unless a test set another). */
    triggerBound,
    spin,
    recover,
    retryPending,
    /** Sends again, every 5 s, the credits the platform could not take. */
    start() {
      retryTimer ??= setInterval(() => void retryPending(), 5_000);
      retryTimer.unref();
    },
    stop() {
      if (retryTimer) clearInterval(retryTimer);
      retryTimer = undefined;
    },
    snapshot,
    publicPools,
    /** The pools' books (tests reconcile them with the spins). */
    books: () => [...pools.values()].map((p) => ({ ...p, wins: [...p.wins] })),
    history: () => history.slice(),
    spinRecord: (roundId: string) => history.find((h) => h.roundId === roundId),
  };
}

export type JackpotWheel = ReturnType<typeof createJackpotWheel>;
