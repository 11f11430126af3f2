import { randomBytes } from 'node:crypto';
import type { RoundOutcome } from '@platform/contracts/round-outcome';
import { type PlatformClient, PlatformUnreachable } from './platform-client.ts';

/**
 * What every shared table of the house game server does with money, whatever the game: a bet is
 * one seamless `debit` (written to the table's journal before it is sent), and it ends exactly once
 * as `paid` (a credit of the payout), `lost` (a credit of 0, which closes the platform's round) or
 * `refunded` (a rollback of the debit: a void round, or a debit whose answer never came).
 * Transaction ids derive from the bet id (`<betId>-bet`, `-win`, `-rb`), so a retry or a recovery
 * after a restart sends the same call and the platform's idempotency makes it harmless.
 */
export type BetState = 'pending' | 'accepted' | 'refused';
export type Settlement = 'paid' | 'lost' | 'refunded';

/** The journal entries the wallet writes itself; a table's entry type includes them. */
export type WalletEntry =
  | { t: 'bet-ok'; betId: string }
  | { t: 'bet-refused'; betId: string; status: string }
  | { t: 'settled'; betId: string; how: Settlement };

export type WalletBet = {
  betId: string;
  username: string;
  token: string;
  stake: number;
  state: BetState;
  refusal?: string;
  settled?: Settlement;
};

export type SettleDecision = { how: 'paid' | 'lost'; amount: number; outcome: RoundOutcome } | { how: 'refunded' };

/** Refusals a player can meet at any table (a table adds its own, like `BETTING_CLOSED`). */
export const WALLET_REFUSALS = ['INSUFFICIENT_FUNDS', 'PLAYER_BLOCKED', 'SESSION_EXPIRED', 'BET_REFUSED', 'PLATFORM_UNREACHABLE'] as const;
export type WalletRefusal = (typeof WALLET_REFUSALS)[number];

export class TableRefused<C extends string = string> extends Error {
  constructor(readonly code: C | WalletRefusal) {
    super(code);
  }
}

/** A player's name as other players at the table see it: the platform's one masking rule. */
export { maskName } from '@platform/contracts/name-mask';

/** A bet id: `<prefix>-<random>`, new for every attempt (the platform keeps a refused debit's id refused). */
export function newBetId(prefix: string): string {
  return `${prefix}-${randomBytes(9).toString('base64url').replace(/[-_]/g, 'x')}`;
}

/** Keeps the newest `max` items first. */
export function pushNewest<T>(list: T[], item: T, max: number): void {
  list.unshift(item);
  if (list.length > max) list.length = max;
}

export function createTableWallet(deps: { platform: PlatformClient; append: (entry: WalletEntry) => void; gameCode: string }) {
  const { platform, append, gameCode } = deps;
  const inFlight = new Set<Promise<unknown>>();

  function track<T>(promise: Promise<T>): Promise<T> {
    inFlight.add(promise);
    promise.then(
      () => inFlight.delete(promise),
      () => inFlight.delete(promise),
    );
    return promise;
  }

  /** Resolves once every money call in flight has an answer (bets closed, before settling). */
  async function drain(): Promise<void> {
    while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
  }

  /** Sends one bet, once: pays, closes as lost or refunds it with the platform, then journals it. */
  async function settle(bet: WalletBet, roundId: string, decision: SettleDecision): Promise<void> {
    if (bet.settled || bet.state === 'refused') return;
    const common = { token: bet.token, roundId, gameCode };
    const answer =
      decision.how === 'refunded'
        ? await platform.call('rollback', { ...common, transactionId: `${bet.betId}-rb`, referenceTransactionId: `${bet.betId}-bet` })
        : await platform.call('credit', {
            ...common,
            transactionId: `${bet.betId}-win`,
            amount: decision.amount,
            outcome: decision.outcome,
          });
    if (answer.status !== 'OK') throw new Error(`the platform refused to settle ${bet.betId}: ${answer.status}`);
    if (bet.settled) return;
    append({ t: 'settled', betId: bet.betId, how: decision.how });
    bet.settled = decision.how;
  }

  /**
   * Sends a bet's debit (the bet is already journaled as pending). Accepted: journals it and gives
   * the balance. Refused by the platform: journals it and throws its refusal. No answer: refunds it
   * at once (the platform closes the id either way) and throws `PLATFORM_UNREACHABLE`.
   */
  async function debit(bet: WalletBet, roundId: string): Promise<{ balance?: number }> {
    const call = track(
      platform.call('debit', { token: bet.token, roundId, gameCode, transactionId: `${bet.betId}-bet`, amount: bet.stake }),
    );
    let answer: Awaited<typeof call>;
    try {
      answer = await call;
    } catch (err) {
      if (!(err instanceof PlatformUnreachable)) throw err;
      await settle(bet, roundId, { how: 'refunded' }).catch(() => undefined);
      throw new TableRefused('PLATFORM_UNREACHABLE');
    }
    if (answer.status !== 'OK') {
      append({ t: 'bet-refused', betId: bet.betId, status: answer.status });
      bet.state = 'refused';
      bet.refusal = answer.status;
      const known: readonly string[] = ['INSUFFICIENT_FUNDS', 'PLAYER_BLOCKED', 'SESSION_EXPIRED'];
      throw new TableRefused(known.includes(answer.status) ? (answer.status as WalletRefusal) : 'BET_REFUSED');
    }
    append({ t: 'bet-ok', betId: bet.betId });
    bet.state = 'accepted';
    return answer.balance === undefined ? {} : { balance: answer.balance };
  }

  /** Replays one of the wallet's own journal entries onto its bet. */
  function replay(entry: WalletEntry, bet: WalletBet | undefined): void {
    if (!bet) return;
    if (entry.t === 'settled') bet.settled = entry.how;
    else if (entry.t === 'bet-ok') bet.state = 'accepted';
    else {
      bet.state = 'refused';
      bet.refusal = entry.status;
    }
  }

  /**
   * Settles every bet of a round; true when all are done (a round not done stays open for a retry).
   * `roundId` is the platform's round of the bets, or of each bet (a game whose bets are rounds of their own).
   */
  async function settleAll(
    bets: Iterable<WalletBet>,
    roundId: string | ((bet: WalletBet) => string),
    decide: (bet: WalletBet) => SettleDecision | undefined,
    log: (m: string, d?: Record<string, unknown>) => void,
  ): Promise<boolean> {
    const results = await Promise.allSettled(
      [...bets].map((bet) => {
        if (bet.settled || bet.state === 'refused') return Promise.resolve();
        const decision = bet.state === 'pending' ? ({ how: 'refunded' } as const) : decide(bet);
        return decision ? settle(bet, typeof roundId === 'string' ? roundId : roundId(bet), decision) : Promise.resolve();
      }),
    );
    const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    for (const f of failed) log('a bet could not be settled yet', { err: String(f.reason) });
    return failed.length === 0;
  }

  return { track, drain, debit, settle, settleAll, replay };
}

export type TableWallet = ReturnType<typeof createTableWallet>;
