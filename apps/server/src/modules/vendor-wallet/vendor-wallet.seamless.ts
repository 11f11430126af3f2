import { ACCOUNT_TYPE, isTrialAccountType } from '@platform/contracts/account-types';
import { GAME_ROUND_REFERENCE_PREFIX } from '@platform/contracts/records';
import type { RoundOutcome } from '@platform/contracts/round-outcome';
import type {
  VendorAnswer,
  VendorBetWinRequest,
  VendorCreditRequest,
  VendorDebitRequest,
  VendorRollbackRequest,
  VendorStatus,
} from '@platform/contracts/vendor-protocol';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { createBoundedCache } from '../../lib/bounded-cache.ts';
import {
  isAbortedTransaction,
  isDeadlock,
  isForeignKeyViolation,
  isSerializationFailure,
  isServicePathRequested,
  isUniqueViolation,
  withTransactionRetry,
} from '../../lib/db-errors.ts';
import { DomainError } from '../../lib/domain-error.ts';
import { hashRequest } from '../../lib/request-hash.ts';
import { findMember } from '../accounts/member-directory.ts';
import { type AuditEntry, auditRowInsert } from '../audit/audit.service.ts';
import type { BetRecord, BetRecordService } from '../bet-records/bet-records.service.ts';
import type { GameSession, GameSessionService } from '../game-session/game-session.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { type BonusWallet, bonusPartOfStake, bonusShareOfWin } from '../promotions/bonus-wallet.ts';
import * as repo from './vendor-wallet.repository.ts';
import type { VendorTransactionKind } from './vendor-wallet.tables.ts';

/** The ledger reference of a round's money: its category (for profit and loss per category) and its id. */
function roundReference(round: { id: number; gameCategory: string }) {
  return { type: `${GAME_ROUND_REFERENCE_PREFIX}${round.gameCategory.toUpperCase()}`, id: String(round.id) };
}

/**
 * The responsible-gaming check before a stake is taken: throws (any error) to refuse the bet. It runs
 * in the bet's transaction, so it may read the member's limits and the stakes already taken in it.
 */
export type StakeGuard = (memberId: number, amountMinor: number, trx: Transaction<DB>) => Promise<void>;

/** Attempts of one callback whose transaction PostgreSQL aborted as a deadlock or serialisation victim. */
export const CALLBACK_RETRY_COUNT_MAX = 3;

type Trx = Transaction<DB>;

/** An answer other than OK, raised inside a callback's transaction so that everything it wrote rolls back. */
class Refusal extends Error {
  constructor(
    readonly status: VendorStatus,
    /** A refused bet keeps its answer for good: a retry of the same transaction id gets it again. */
    readonly isFinal: boolean,
    readonly session: GameSession | undefined,
    detail?: string,
  ) {
    super(detail ?? status);
  }
}

function ledgerKey(vendorCode: string, transactionId: string, suffix?: string): string {
  return `vendor:${vendorCode}:${transactionId}${suffix ? `#${suffix}` : ''}`;
}

export type SeamlessWallet = ReturnType<typeof createSeamlessWallet>;

/**
 * The seamless wallet behind `/vendor-api/<vendor>/...`. Each money call is one transaction that
 * claims the vendor's transaction id first (a unique row, so duplicates wait and then replay the
 * first answer), moves the money through the ledger (reserve a bet, settle a round, void a rollback)
 * and keeps the round's bet record in step.
 */
export function createSeamlessWallet(deps: {
  db: Kysely<DB>;
  ledger: LedgerService;
  gameSessions: GameSessionService;
  betRecords: BetRecordService;
  stakeGuard: StakeGuard;
  /** Bonus money to stake once the cash is spent (promotions); without it stakes are cash only. */
  bonusWallet?: BonusWallet | undefined;
  /**
   * The common debit and credit in one statement each (ADR 0041). Only when `stakeGuard` is exactly
   * the responsible-gaming and bonus maximum-stake checks, which the SQL functions make too
   * (`rg_stake_needs_check`, `promotions_stake_terms`); any other guard needs the service's path.
   */
  isStakeGuardInSql?: boolean | undefined;
  now: () => Date;
}) {
  const { db, ledger, gameSessions, betRecords, stakeGuard, now } = deps;
  // Account ids and account types never change once created, so they are read once, outside any
  // transaction (a row read inside one might still roll back), and kept: a callback then spends its
  // transaction's round trips on the writes.
  const ID_CACHE_SIZE_MAX = 100_000;
  const mainAccountIds = createBoundedCache<string, number>({ max: ID_CACHE_SIZE_MAX });
  const systemAccountIds = createBoundedCache<string, number>({ max: ID_CACHE_SIZE_MAX });
  const trialAccounts = createBoundedCache<number, boolean>({ max: ID_CACHE_SIZE_MAX });

  /** Reads (and creates if missing) the ids a callback needs, before its transaction. */
  async function prepare(session: GameSession): Promise<void> {
    const mainKey = `${session.memberId}:${session.currency}`;
    if (!mainAccountIds.has(mainKey)) {
      const accounts = await ledger.ensureMemberAccounts({
        merchantId: session.merchantId,
        memberId: session.memberId,
        currency: session.currency,
        kinds: ['player_main'],
      });
      if (accounts.player_main) mainAccountIds.set(mainKey, accounts.player_main.id);
    }
    if (!trialAccounts.has(session.memberId)) {
      const accountType = (await findMember(db, session.memberId))?.accountType;
      if (accountType !== undefined) trialAccounts.set(session.memberId, isTrialAccountType(accountType));
    }
    // The escrow is cached by the ledger itself once read outside a transaction.
    for (const kind of ['house_revenue', 'play_money', 'stake_escrow'] as const) {
      const key = `${session.merchantId}:${kind}:${session.currency}`;
      if (!systemAccountIds.has(key)) {
        const account = await ledger.ensureSystemAccount({ merchantId: session.merchantId, kind, currency: session.currency });
        systemAccountIds.set(key, account.id);
      }
    }
  }

  function inTransaction<T>(work: (trx: Trx) => Promise<T>): Promise<T> {
    return withTransactionRetry(db, work, { attempts: CALLBACK_RETRY_COUNT_MAX });
  }

  /**
   * A money call's transaction. Every ledger key it uses is derived from the vendor's transaction id
   * it claims first, so the ledger's one-statement writes run without their savepoints (two round
   * trips each). Should one fail anyway, the transaction fails whole and the work runs once more with
   * the savepoints, where the ledger's locking path gives the precise answer.
   */
  async function inMoneyTransaction<T>(work: (trx: Trx) => Promise<T>): Promise<T> {
    try {
      return await inTransaction((trx) => {
        ledger.withoutSavepoints(trx);
        return work(trx);
      });
    } catch (err) {
      if (!(isUniqueViolation(err) || isDeadlock(err) || isAbortedTransaction(err) || isForeignKeyViolation(err))) throw err;
      return inTransaction(work);
    }
  }

  async function sessionOf(vendorCode: string, token: string, executor: Kysely<DB>): Promise<GameSession> {
    const session = await gameSessions.findByToken(token, executor);
    if (!session || session.vendorCode !== vendorCode) throw new Refusal('INVALID_TOKEN', false, undefined);
    return session;
  }

  async function mainAccountId(session: GameSession, trx: Trx): Promise<number> {
    const cached = mainAccountIds.get(`${session.memberId}:${session.currency}`);
    if (cached !== undefined) return cached;
    const accounts = await ledger.ensureMemberAccounts(
      { merchantId: session.merchantId, memberId: session.memberId, currency: session.currency, kinds: ['player_main'] },
      trx,
    );
    const main = accounts.player_main;
    if (!main) throw new Error('main wallet missing after creation');
    return main.id;
  }

  /** What the member can stake: cash and bonus money (bonus is zero for trial play and without grants). */
  async function balanceIn(session: GameSession, executor?: Trx): Promise<number> {
    const balances = await ledger.memberBalances({ memberId: session.memberId, currency: session.currency }, executor);
    return balances.main + (session.isTrial ? 0 : balances.bonus);
  }

  /** Play money is won from and lost to the play_money account, real money the house's. */
  async function houseAccountId(round: { merchantId: number; currency: string; isTrial: boolean }, trx: Trx): Promise<number> {
    const kind = round.isTrial ? 'play_money' : 'house_revenue';
    const cached = systemAccountIds.get(`${round.merchantId}:${kind}:${round.currency}`);
    if (cached !== undefined) return cached;
    return (await ledger.ensureSystemAccount({ merchantId: round.merchantId, kind, currency: round.currency }, trx)).id;
  }

  /** New bets need a live session of a member who may play, and trial money stays with trial accounts. */
  async function assertMayBet(session: GameSession, trx: Trx): Promise<boolean> {
    if (session.memberStatus !== 'active') throw new Refusal('PLAYER_BLOCKED', true, session, 'account not active');
    if (!session.isActive) throw new Refusal('SESSION_EXPIRED', true, session);
    let isTrialAccount = trialAccounts.get(session.memberId);
    if (isTrialAccount === undefined) {
      const accountType = (await findMember(trx, session.memberId))?.accountType;
      isTrialAccount = accountType !== undefined && isTrialAccountType(accountType);
    }
    if (isTrialAccount !== session.isTrial) {
      throw new Refusal(
        'PLAYER_BLOCKED',
        true,
        session,
        isTrialAccount ? 'a trial account plays only trial games' : 'a trial launch cannot stake real money',
      );
    }
    return isTrialAccount;
  }

  async function guardStake(session: GameSession, amount: number, isTrial: boolean, trx: Trx): Promise<void> {
    // Play money carries no risk to guard; responsible-gaming limits are about real money.
    if (isTrial) return;
    try {
      await stakeGuard(session.memberId, amount, trx);
    } catch (err) {
      const detail = err instanceof DomainError ? err.code : 'stake refused';
      throw new Refusal('PLAYER_BLOCKED', true, session, detail);
    }
  }

  /**
   * Claims the transaction id. Undefined means the id was free and is now ours; otherwise the
   * answer to give: the first answer on a true repeat, a conflict when the content differs.
   */
  async function claim(
    trx: Trx,
    claimInput: {
      vendorCode: string;
      transactionId: string;
      kind: VendorTransactionKind;
      hash: string;
      session: GameSession;
      roundId: string;
      amount: number;
    },
  ): Promise<{ id: number } | { answer: VendorAnswer }> {
    const id = await repo.claimTransaction(trx, {
      vendorCode: claimInput.vendorCode,
      transactionId: claimInput.transactionId,
      kind: claimInput.kind,
      state: 'pending',
      requestHash: claimInput.hash,
      memberId: claimInput.session.memberId,
      roundId: claimInput.roundId,
      amount: claimInput.amount,
      at: now(),
    });
    if (id !== undefined) return { id };
    return { answer: await answerForTaken(trx, claimInput) };
  }

  async function answerForTaken(
    executor: Trx,
    taken: { vendorCode: string; transactionId: string; kind: VendorTransactionKind; hash: string; session: GameSession },
  ): Promise<VendorAnswer> {
    const existing = await repo.findTransaction(
      executor,
      { vendorCode: taken.vendorCode, transactionId: taken.transactionId },
      { isForUpdate: false },
    );
    if (!existing) throw new Error('a taken transaction id has no row');
    const balance = await balanceIn(taken.session, executor);
    if (existing.kind === 'cancelled_debit' && taken.kind === 'debit') {
      return { status: 'BET_CANCELLED', balance, currency: taken.session.currency, message: 'rolled back before it arrived' };
    }
    if (existing.kind !== taken.kind || existing.requestHash !== taken.hash || !existing.answer) {
      return { status: 'DUPLICATE_CONFLICT', balance, currency: taken.session.currency };
    }
    return existing.answer as VendorAnswer;
  }

  function roundInfo(vendorCode: string, session: GameSession, body: { roundId: string; gameCode: string }, isTrial: boolean) {
    return {
      merchantId: session.merchantId,
      memberId: session.memberId,
      username: session.username,
      vendorCode,
      gameCode: body.gameCode,
      gameCategory: session.gameCategory,
      roundId: body.roundId,
      currency: session.currency,
      isTrial,
    };
  }

  /**
   * Reserves a stake into the round: cash first, then bonus money for what the cash cannot cover
   * (ADR 0032; real money only). The bonus part is taken before the cash part, so the grants are
   * locked before the member's cash account, in the order the grants' own closing takes them.
   */
  async function takeStake(
    trx: Trx,
    input: { vendorCode: string; transactionId: string; session: GameSession; round: BetRecord; amount: number },
  ) {
    const reserved = await reserveStake(trx, input);
    const round = await betRecords.addStake(trx, input.round, input.amount);
    return { ...reserved, round };
  }

  /** The ledger's part of `takeStake`, for a round whose record already holds the stake. */
  async function reserveStake(
    trx: Trx,
    input: { vendorCode: string; transactionId: string; session: GameSession; round: BetRecord; amount: number },
  ) {
    const accountId = await mainAccountId(input.session, trx);
    const key = ledgerKey(input.vendorCode, input.transactionId);
    const bonus = await bonusPartOf(trx, input.session, accountId, input.amount, input.round.isTrial);
    let bonusReservationId: number | null = null;
    if (bonus.amount > 0 && deps.bonusWallet) {
      const taken = await deps.bonusWallet.take(trx, {
        memberId: input.session.memberId,
        merchantId: input.session.merchantId,
        currency: input.session.currency,
        amount: bonus.amount,
        idempotencyKey: `${key}#bonus`,
        reference: roundReference(input.round),
      });
      bonusReservationId = taken.reservationId;
    }
    const cash = input.amount - bonus.amount;
    const reserved =
      cash > 0
        ? await ledger.reserve({ accountId, amount: cash, code: 'bet', idempotencyKey: key, reference: roundReference(input.round) }, trx)
        : undefined;
    // The cash after the stake comes back from the ledger's write (read when it was a replay).
    const cashAfter =
      reserved && !reserved.isReplay && reserved.balanceAfter !== null ? reserved.balanceAfter : await ledger.balanceOf(accountId, trx);
    return {
      held: { reservationId: reserved?.reservationId ?? null, bonusReservationId, bonusAmount: bonus.amount },
      balanceAfter: cashAfter + bonus.available - bonus.amount,
      accountId,
    };
  }

  /**
   * How much of a stake the bonus pays: what the cash cannot cover, when the member has bonus money
   * (one read of the grants; the cash is read only then). `available` is the bonus before the stake.
   */
  async function bonusPartOf(
    trx: Trx,
    session: GameSession,
    accountId: number,
    amount: number,
    isTrial: boolean,
  ): Promise<{ amount: number; available: number }> {
    if (isTrial || !deps.bonusWallet) return { amount: 0, available: 0 };
    const available = await deps.bonusWallet.available(session.memberId, trx);
    if (available === 0) return { amount: 0, available };
    return { amount: bonusPartOfStake({ amount, cash: await ledger.balanceOf(accountId, trx), bonus: available }), available };
  }

  /** Settles every held stake of the round and pays `amount` once, with the last settle. */
  async function settleRound(
    trx: Trx,
    input: { vendorCode: string; transactionId: string; round: BetRecord; amount: number; outcome?: RoundOutcome | undefined },
  ): Promise<{ round: BetRecord; balanceAfter: number | null; settledDebitIds: number[] }> {
    let balanceAfter: number | null = null;
    // The settled debits' rows are marked by the caller's `finish`, in its statement.
    const settledDebitIds: number[] = [];
    const held = await repo.findHeldDebitsOfRound(trx, input.round.id);
    const houseId = await houseAccountId(input.round, trx);
    if (held.length === 0) {
      if (input.round.status !== 'settled') throw new Refusal('BET_NOT_FOUND', false, undefined);
      // A further win of a settled round (a bonus feature, say) is a plain payout, split like the
      // round's own win when bonus money paid part of its stakes (ADR 0032).
      let cashWin = input.amount;
      if (input.amount > 0 && deps.bonusWallet) {
        const stakes = await repo.findSettledStakesOfRound(trx, input.round.id);
        const bonusWin = bonusShareOfWin(
          input.amount,
          stakes.reduce((sum, d) => sum + d.bonusAmount, 0),
          stakes.reduce((sum, d) => sum + d.amount, 0),
        );
        const lastBonus = stakes.filter((d) => d.bonusReservationId !== null).at(-1)?.bonusReservationId;
        if (bonusWin > 0 && lastBonus !== undefined && lastBonus !== null) {
          await deps.bonusWallet.payLateWin(trx, {
            reservationId: lastBonus,
            fromAccountId: houseId,
            amount: bonusWin,
            idempotencyKey: ledgerKey(input.vendorCode, input.transactionId, 'bonus'),
            reference: roundReference(input.round),
          });
          cashWin -= bonusWin;
        }
      }
      if (cashWin > 0) {
        const accounts = await ledger.ensureMemberAccounts(
          { merchantId: input.round.merchantId, memberId: input.round.memberId, currency: input.round.currency, kinds: ['player_main'] },
          trx,
        );
        const mainId = accounts.player_main?.id;
        if (mainId === undefined) throw new Error('main wallet missing after creation');
        const paid = await ledger.transfer(
          {
            fromAccountId: houseId,
            toAccountId: mainId,
            amount: cashWin,
            code: 'payout',
            idempotencyKey: ledgerKey(input.vendorCode, input.transactionId),
            reference: roundReference(input.round),
          },
          trx,
        );
        if (!paid.isReplay) balanceAfter = paid.toBalanceAfter;
      }
    } else {
      // The win is split in proportion to what cash and bonus staked (ADR 0032): the bonus share goes
      // back to bonus money with the last bonus stake, the rest to cash with the last cash stake.
      const total = held.reduce((sum, d) => sum + d.amount, 0);
      const bonusWin = bonusShareOfWin(
        input.amount,
        held.reduce((sum, d) => sum + d.bonusAmount, 0),
        total,
      );
      const bonusHeld = held.filter((d) => d.bonusReservationId !== null);
      const cashHeld = held.filter((d) => d.reservationId !== null);
      if (bonusHeld.length > 0 && !deps.bonusWallet) throw new Error('a bonus stake is held but no bonus wallet is wired');
      for (const [index, debit] of bonusHeld.entries()) {
        if (debit.bonusReservationId === null || !deps.bonusWallet) continue;
        await deps.bonusWallet.settle(trx, {
          reservationId: debit.bonusReservationId,
          toAccountId: houseId,
          payout: index === bonusHeld.length - 1 ? bonusWin : 0,
          idempotencyKey: ledgerKey(input.vendorCode, input.transactionId, `b${debit.bonusReservationId}`),
        });
      }
      for (const [index, debit] of cashHeld.entries()) {
        if (debit.reservationId === null) continue;
        const isLast = index === cashHeld.length - 1;
        const settled = await ledger.settle(
          {
            reservationId: debit.reservationId,
            toAccountId: houseId,
            payout: index === cashHeld.length - 1 ? input.amount - bonusWin : 0,
            idempotencyKey: ledgerKey(input.vendorCode, input.transactionId, `r${debit.reservationId}`),
          },
          trx,
        );
        if (isLast && settled.payout && !settled.payout.isReplay) balanceAfter = settled.payout.toBalanceAfter;
      }
      for (const debit of held) {
        if (debit.reservationId === null && debit.bonusReservationId === null) throw new Error(`held debit ${debit.id} has no reservation`);
        settledDebitIds.push(debit.id);
      }
    }
    // The member's balance after a paid win comes back from the ledger's write; otherwise it is read.
    return { round: await betRecords.addPayout(trx, input.round, input.amount, input.outcome), balanceAfter, settledDebitIds };
  }

  /** Stores the answer (and the transaction's final state) with the call's audit row, and returns it. */
  async function finish(
    trx: Trx,
    claimedId: number,
    session: GameSession,
    outcome: {
      round: BetRecord | undefined;
      balance: number;
      state: 'held' | 'done';
      held?: { reservationId: number | null; bonusReservationId: number | null; bonusAmount: number } | undefined;
      reservationId?: number | undefined;
      /** Held debits this call settled, marked settled by the same statement. */
      settledDebitIds?: readonly number[] | undefined;
    },
    audit: AuditEntry,
  ): Promise<VendorAnswer> {
    const answer: VendorAnswer = {
      status: 'OK',
      balance: outcome.balance,
      currency: session.currency,
      walletTransactionId: String(claimedId),
    };
    // The audit row rides in the same statement as the stored answer.
    await repo.updateTransaction(
      trx,
      claimedId,
      {
        state: outcome.state,
        ...(outcome.round ? { betRecordId: outcome.round.id } : {}),
        ...(outcome.held ?? {}),
        ...(outcome.reservationId !== undefined ? { reservationId: outcome.reservationId } : {}),
        answer: answer as Record<string, unknown>,
      },
      { audit: auditRowInsert(trx, audit), settledIds: outcome.settledDebitIds ?? [] },
    );
    return answer;
  }

  /** The balance an answer reports: cash, and the bonus money a stake could still draw on. */
  async function mainBalance(session: GameSession, trx: Trx): Promise<number> {
    return reportedBalance(session, trx, null);
  }

  /** The same, from the cash a ledger write answered (read when there is none). */
  async function reportedBalance(session: GameSession, trx: Trx, cashAfter: number | null): Promise<number> {
    const cash = cashAfter ?? (await ledger.balanceOf(await mainAccountId(session, trx), trx));
    if (session.isTrial || !deps.bonusWallet) return cash;
    return cash + (await deps.bonusWallet.available(session.memberId, trx));
  }

  /**
   * Runs a money call. A refusal rolls its transaction back; a final one (a refused bet) is then
   * stored under the transaction id in a transaction of its own, so the vendor's retry gets it again.
   */
  async function moneyCall(
    vendorCode: string,
    token: string,
    record: { transactionId: string; kind: VendorTransactionKind; hashParts: readonly unknown[]; roundId: string; amount: number },
    work: (trx: Trx, session: GameSession, hash: string) => Promise<VendorAnswer>,
  ): Promise<VendorAnswer> {
    let session: GameSession | undefined;
    try {
      const found = await sessionOf(vendorCode, token, db);
      session = found;
      await prepare(found);
      return await inMoneyTransaction((trx) => work(trx, found, hashRequest([record.kind, found.memberId, ...record.hashParts])));
    } catch (err) {
      let refusal: Refusal;
      if (err instanceof Refusal) refusal = err;
      else if (err instanceof DomainError && err.code === 'insufficient_funds') refusal = new Refusal('INSUFFICIENT_FUNDS', true, session);
      else if (err instanceof DomainError && err.code === 'idempotency_conflict')
        refusal = new Refusal('DUPLICATE_CONFLICT', false, session);
      else throw err;
      const refusedSession = refusal.session ?? session;
      if (!refusedSession) return { status: refusal.status };
      const answer: VendorAnswer = {
        status: refusal.status,
        balance: await balanceIn(refusedSession),
        currency: refusedSession.currency,
        ...(refusal.message !== refusal.status ? { message: refusal.message } : {}),
      };
      if (!refusal.isFinal) return answer;
      const hash = hashRequest([record.kind, refusedSession.memberId, ...record.hashParts]);
      return inTransaction(async (trx) => {
        const id = await repo.claimTransaction(trx, {
          vendorCode,
          transactionId: record.transactionId,
          kind: record.kind,
          state: 'refused',
          requestHash: hash,
          memberId: refusedSession.memberId,
          roundId: record.roundId,
          amount: record.amount,
          answer: answer as Record<string, unknown>,
          at: now(),
        });
        if (id !== undefined) return answer;
        return answerForTaken(trx, { vendorCode, transactionId: record.transactionId, kind: record.kind, hash, session: refusedSession });
      });
    }
  }

  async function authenticate(vendorCode: string, body: { token: string }): Promise<VendorAnswer> {
    try {
      const session = await sessionOf(vendorCode, body.token, db);
      if (session.memberStatus !== 'active') return { status: 'PLAYER_BLOCKED' };
      if (!session.isActive) return { status: 'SESSION_EXPIRED' };
      return {
        status: 'OK',
        playerId: String(session.memberId),
        username: session.username,
        currency: session.currency,
        isTrial: session.isTrial,
        balance: await balanceIn(session),
      };
    } catch (err) {
      if (err instanceof Refusal) return { status: err.status };
      throw err;
    }
  }

  async function balance(vendorCode: string, body: { token: string }): Promise<VendorAnswer> {
    try {
      const session = await sessionOf(vendorCode, body.token, db);
      return { status: 'OK', balance: await balanceIn(session), currency: session.currency };
    } catch (err) {
      if (err instanceof Refusal) return { status: err.status };
      throw err;
    }
  }

  /**
   * Runs a call's SQL function (ADR 0041): its answer, or undefined when the call is the service's
   * (the function wrote nothing, or undid what it wrote). A failed statement wrote nothing either: a
   * key taken, a deadlock or a serialisation failure goes to the service's path, which has the
   * precise answer (a foreign key too: a row the call names went away); anything else is thrown.
   */
  async function inOneStatement(call: () => Promise<Record<string, unknown> | null>): Promise<VendorAnswer | undefined> {
    if (!deps.isStakeGuardInSql) return undefined;
    try {
      return ((await call()) as VendorAnswer | null) ?? undefined;
    } catch (err) {
      const isForTheServicePath =
        isServicePathRequested(err) ||
        isUniqueViolation(err) ||
        isDeadlock(err) ||
        isSerializationFailure(err) ||
        isForeignKeyViolation(err);
      if (isForTheServicePath) return undefined;
      throw err;
    }
  }

  function oneStatementCall(vendorCode: string, body: VendorDebitRequest | VendorCreditRequest): repo.OneStatementCall {
    return {
      tokenHash: gameSessions.tokenHashOf(body.token),
      vendorCode,
      transactionId: body.transactionId,
      roundId: body.roundId,
      gameCode: body.gameCode,
      amount: body.amount,
      outcome: body.outcome,
      withBonus: deps.bonusWallet !== undefined,
      at: now(),
    };
  }

  /** A bet: in one statement in the common case (ADR 0041), else in the service's transaction. */
  async function debit(vendorCode: string, body: VendorDebitRequest): Promise<VendorAnswer> {
    const answer = await inOneStatement(() =>
      repo.debitInOneStatement(db, {
        ...oneStatementCall(vendorCode, body),
        referencePrefix: GAME_ROUND_REFERENCE_PREFIX,
        trialAccountType: ACCOUNT_TYPE.trial,
      }),
    );
    return answer ?? debitInTransaction(vendorCode, body);
  }

  /** A win closing a round: in one statement in the common case (ADR 0041), else in the service's transaction. */
  async function credit(vendorCode: string, body: VendorCreditRequest): Promise<VendorAnswer> {
    const answer = await inOneStatement(() => repo.creditInOneStatement(db, oneStatementCall(vendorCode, body)));
    return answer ?? creditInTransaction(vendorCode, body);
  }

  function debitInTransaction(vendorCode: string, body: VendorDebitRequest): Promise<VendorAnswer> {
    const record = {
      transactionId: body.transactionId,
      kind: 'debit' as const,
      hashParts: [body.roundId, body.gameCode, body.amount],
      roundId: body.roundId,
      amount: body.amount,
    };
    return moneyCall(vendorCode, body.token, record, async (trx, session, hash) => {
      const claimed = await claim(trx, {
        vendorCode,
        transactionId: body.transactionId,
        kind: 'debit',
        hash,
        session,
        roundId: body.roundId,
        amount: body.amount,
      });
      if ('answer' in claimed) return claimed.answer;
      const isTrial = await assertMayBet(session, trx);
      // The record takes the stake first (any refusal below rolls it back with the rest).
      const round = await betRecords.openRoundWithStake(trx, roundInfo(vendorCode, session, body, isTrial), body.amount, body.outcome);
      if (round.status === 'settled') throw new Refusal('ROUND_CLOSED', true, session);
      await guardStake(session, body.amount, isTrial, trx);
      const staked = await reserveStake(trx, { vendorCode, transactionId: body.transactionId, session, round, amount: body.amount });
      const audit: AuditEntry = {
        actorType: 'vendor',
        actorId: vendorCode,
        action: 'game.bet',
        subjectType: 'bet_record',
        subjectId: round.id,
        data: { memberId: session.memberId, transactionId: body.transactionId, amount: body.amount },
      };
      return finish(trx, claimed.id, session, { round, balance: staked.balanceAfter, state: 'held', held: staked.held }, audit);
    });
  }

  function creditInTransaction(vendorCode: string, body: VendorCreditRequest): Promise<VendorAnswer> {
    const record = {
      transactionId: body.transactionId,
      kind: 'credit' as const,
      hashParts: [body.roundId, body.gameCode, body.amount],
      roundId: body.roundId,
      amount: body.amount,
    };
    return moneyCall(vendorCode, body.token, record, async (trx, session, hash) => {
      const claimed = await claim(trx, {
        vendorCode,
        transactionId: body.transactionId,
        kind: 'credit',
        hash,
        session,
        roundId: body.roundId,
        amount: body.amount,
      });
      if ('answer' in claimed) return claimed.answer;
      const found = await betRecords.findRound(
        trx,
        { vendorCode, roundId: body.roundId, memberId: session.memberId },
        { isForUpdate: true },
      );
      if (!found || found.status === 'cancelled') throw new Refusal('BET_NOT_FOUND', false, session);
      const { round, balanceAfter, settledDebitIds } = await settleRound(trx, {
        vendorCode,
        transactionId: body.transactionId,
        round: found,
        amount: body.amount,
        outcome: body.outcome,
      });
      const audit: AuditEntry = {
        actorType: 'vendor',
        actorId: vendorCode,
        action: 'game.win',
        subjectType: 'bet_record',
        subjectId: round.id,
        data: { memberId: session.memberId, transactionId: body.transactionId, amount: body.amount },
      };
      return finish(
        trx,
        claimed.id,
        session,
        { round, balance: await reportedBalance(session, trx, balanceAfter), state: 'done', settledDebitIds },
        audit,
      );
    });
  }

  function rollback(vendorCode: string, body: VendorRollbackRequest): Promise<VendorAnswer> {
    const record = {
      transactionId: body.transactionId,
      kind: 'rollback' as const,
      hashParts: [body.referenceTransactionId, body.roundId, body.gameCode],
      roundId: body.roundId,
      amount: 0,
    };
    return moneyCall(vendorCode, body.token, record, async (trx, session, hash) => {
      const claimed = await claim(trx, {
        vendorCode,
        transactionId: body.transactionId,
        kind: 'rollback',
        hash,
        session,
        roundId: body.roundId,
        amount: 0,
      });
      if ('answer' in claimed) return claimed.answer;
      const key = { vendorCode, transactionId: body.referenceTransactionId };
      let target = await repo.findTransaction(trx, key, { isForUpdate: true });
      if (!target) {
        // The bet has not arrived (or never will): its id is taken now, so a late bet is refused.
        const tombstone = await repo.claimTransaction(trx, {
          vendorCode,
          transactionId: body.referenceTransactionId,
          kind: 'cancelled_debit',
          state: 'cancelled',
          requestHash: hash,
          memberId: session.memberId,
          roundId: body.roundId,
          amount: 0,
          at: now(),
        });
        if (tombstone !== undefined) {
          const audit: AuditEntry = {
            actorType: 'vendor',
            actorId: vendorCode,
            action: 'game.rollback_before_bet',
            subjectType: 'vendor_transaction',
            subjectId: body.referenceTransactionId,
            data: { memberId: session.memberId, transactionId: body.transactionId, roundId: body.roundId },
          };
          return finish(trx, claimed.id, session, { round: undefined, balance: await mainBalance(session, trx), state: 'done' }, audit);
        }
        // The bet committed while we waited for its id.
        target = await repo.findTransaction(trx, key, { isForUpdate: true });
      }
      if (!target || target.memberId !== session.memberId || (target.kind !== 'debit' && target.kind !== 'cancelled_debit')) {
        throw new Refusal('BET_NOT_FOUND', false, session);
      }
      let round: BetRecord | undefined;
      if (target.kind === 'debit' && target.state === 'held') {
        if ((target.reservationId === null && target.bonusReservationId === null) || target.betRecordId === null)
          throw new Error(`held debit ${target.id} is incomplete`);
        const found = await betRecords.findById(trx, target.betRecordId, { isForUpdate: true });
        if (!found) throw new Error(`debit ${target.id} names a missing round`);
        // Each part goes back where it came from: the bonus part to its grants (first: grants before cash), the rest to cash.
        if (target.bonusReservationId !== null) {
          if (!deps.bonusWallet) throw new Error('a bonus stake is held but no bonus wallet is wired');
          await deps.bonusWallet.void(trx, {
            reservationId: target.bonusReservationId,
            idempotencyKey: ledgerKey(vendorCode, body.transactionId, 'bonus'),
          });
        }
        if (target.reservationId !== null) {
          await ledger.voidReservation(
            { reservationId: target.reservationId, idempotencyKey: ledgerKey(vendorCode, body.transactionId) },
            trx,
          );
        }
        round = await betRecords.removeStake(trx, found, target.amount);
        await repo.updateTransaction(trx, target.id, { state: 'rolled_back' });
      } else if (target.kind === 'debit' && target.state === 'settled') {
        throw new Refusal('ROUND_CLOSED', false, session);
      }
      // A refused bet, or one already rolled back, has nothing left to undo.
      const audit: AuditEntry = {
        actorType: 'vendor',
        actorId: vendorCode,
        action: 'game.rollback',
        subjectType: 'vendor_transaction',
        subjectId: body.referenceTransactionId,
        data: { memberId: session.memberId, transactionId: body.transactionId, amount: round ? target.amount : 0 },
      };
      return finish(trx, claimed.id, session, { round, balance: await mainBalance(session, trx), state: 'done' }, audit);
    });
  }

  function betWin(vendorCode: string, body: VendorBetWinRequest): Promise<VendorAnswer> {
    const record = {
      transactionId: body.transactionId,
      kind: 'bet_win' as const,
      hashParts: [body.roundId, body.gameCode, body.betAmount, body.winAmount],
      roundId: body.roundId,
      amount: body.betAmount,
    };
    return moneyCall(vendorCode, body.token, record, async (trx, session, hash) => {
      const claimed = await claim(trx, {
        vendorCode,
        transactionId: body.transactionId,
        kind: 'bet_win',
        hash,
        session,
        roundId: body.roundId,
        amount: body.betAmount,
      });
      if ('answer' in claimed) return claimed.answer;
      const isTrial = await assertMayBet(session, trx);
      const opened = await betRecords.openRound(trx, roundInfo(vendorCode, session, body, isTrial));
      if (opened.status === 'settled') throw new Refusal('ROUND_CLOSED', true, session);
      await guardStake(session, body.betAmount, isTrial, trx);
      let round: BetRecord;
      const accountId = await mainAccountId(session, trx);
      let reservationId: number | undefined;
      let cashAfter: number | null = null;
      let settledDebitIds: number[] = [];
      const isAlone = (await repo.findHeldDebitsOfRound(trx, opened.id)).length === 0;
      if (isAlone && (await bonusPartOf(trx, session, accountId, body.betAmount, isTrial)).amount === 0) {
        // The usual case, a round of its own paid in cash: the stake and the win are one ledger call.
        const moved = await ledger.reserveAndSettle(
          {
            accountId,
            amount: body.betAmount,
            code: 'bet',
            idempotencyKey: ledgerKey(vendorCode, body.transactionId),
            reference: roundReference(opened),
            toAccountId: await houseAccountId(opened, trx),
            payout: body.winAmount,
            settleIdempotencyKey: ledgerKey(vendorCode, body.transactionId, 'settle'),
          },
          trx,
        );
        round = await betRecords.addStakeAndPayout(trx, opened, body.betAmount, body.winAmount, body.outcome);
        reservationId = moved.reserved.reservationId;
        // The member's cash after the round comes back from the ledger's write (the win's, or the stake's when there is none).
        if (!moved.reserved.isReplay) cashAfter = moved.settled.payout ? moved.settled.payout.toBalanceAfter : moved.reserved.balanceAfter;
      } else {
        // The round has earlier debits still held (they settle with this one), or bonus money pays part.
        const staked = await takeStake(trx, {
          vendorCode,
          transactionId: body.transactionId,
          session,
          round: opened,
          amount: body.betAmount,
        });
        // The bet is held like a debit's until the round settles a few lines down.
        await repo.updateTransaction(trx, claimed.id, { state: 'held', betRecordId: staked.round.id, ...staked.held });
        const settled = await settleRound(trx, {
          vendorCode,
          transactionId: body.transactionId,
          round: staked.round,
          amount: body.winAmount,
          outcome: body.outcome,
        });
        round = settled.round;
        cashAfter = settled.balanceAfter;
        // This call's own row was held for the settlement; its answer (below) closes it.
        settledDebitIds = settled.settledDebitIds.filter((id) => id !== claimed.id);
      }
      const audit: AuditEntry = {
        actorType: 'vendor',
        actorId: vendorCode,
        action: 'game.bet_win',
        subjectType: 'bet_record',
        subjectId: round.id,
        data: { memberId: session.memberId, transactionId: body.transactionId, betAmount: body.betAmount, winAmount: body.winAmount },
      };
      return finish(
        trx,
        claimed.id,
        session,
        { round, balance: await reportedBalance(session, trx, cashAfter), state: 'done', reservationId, settledDebitIds },
        audit,
      );
    });
  }

  return { authenticate, balance, debit, credit, rollback, betWin };
}
