import { pageOffset } from '@platform/contracts/pagination';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { DomainError } from '../../lib/domain-error.ts';
import type { MemberAccountKind, TransferCode } from './ledger.codes.ts';
import * as reads from './ledger.reads.repository.ts';
import * as repo from './ledger.repository.ts';
import {
  type DailyTotal,
  type DailyTotalsQuery,
  type Db,
  type HistoryPage,
  type HistoryQuery,
  type MemberBalances,
  toReservation,
} from './ledger.types.ts';
import { HISTORY_PAGE_SIZE_MAX } from './ledger.validation.ts';

export type TeamHistoryQuery = Omit<reads.TeamHistoryFilter, 'limit' | 'offset'> & { pageNo: number; pageSize: number };
export type TeamHistoryItem = reads.TeamHistoryRow;
export type TeamHistoryPage = { list: TeamHistoryItem[]; pageNo: number; pageSize: number; totalCount: number };

/** A history's page: the page asked for and its size, capped; a page that cannot exist is bad input. */
function pageOf(pageNo: number, pageSize: number) {
  const size = Math.min(pageSize, HISTORY_PAGE_SIZE_MAX);
  if (!Number.isSafeInteger(pageNo) || pageNo < 1) throw new DomainError('bad_request', 'pageNo');
  if (!Number.isSafeInteger(size) || size < 1) throw new DomainError('bad_request', 'pageSize');
  return { pageNo, pageSize: size, limit: size, offset: pageOffset({ pageNo, pageSize: size }) };
}

/** The ledger's reads: balances, turnover, history and daily totals. None of them writes. */
export function createLedgerReads(deps: { db: Db }) {
  const { db } = deps;

  /** The stored balance: exact for member accounts; for system accounts, as of the last roll-up. */
  async function balanceOf(accountId: number, trx?: Transaction<DB>): Promise<number> {
    const [row] = await repo.findAccountsByIds(trx ?? db, [accountId]);
    if (!row) throw new DomainError('not_found', 'accountId');
    return row.balance;
  }

  async function memberBalances(member: { memberId: number; currency: string }, trx?: Transaction<DB>): Promise<MemberBalances> {
    const executor = trx ?? db;
    const accounts = await repo.findMemberAccounts(executor, member.memberId, member.currency);
    const balanceOfKind = (kind: MemberAccountKind) => accounts.find((a) => a.kind === kind)?.balance ?? 0;
    const locked = await reads.sumHeldReservations(
      executor,
      accounts.map((a) => a.id),
    );
    const main = balanceOfKind('player_main');
    const bonus = balanceOfKind('player_bonus');
    return { currency: member.currency, main, bonus, agent: balanceOfKind('agent_main'), locked, sum: main + bonus };
  }

  /** The balance of one of a member's accounts (loyalty points, say); 0 when the account was never opened. */
  async function memberAccountBalance(
    member: { memberId: number; currency: string; kind: MemberAccountKind },
    trx?: Transaction<DB>,
  ): Promise<number> {
    const accounts = await repo.findMemberAccounts(trx ?? db, member.memberId, member.currency);
    return accounts.find((a) => a.kind === member.kind)?.balance ?? 0;
  }

  /**
   * The stakes a member placed in [from, to) that the house took (wagering turnover): direct `bet`
   * debits and posted `bet` reservations of the member's accounts in the currency.
   */
  async function stakeTurnover(query: { memberId: number; currency: string; from: Date; to?: Date | null }, trx?: Transaction<DB>) {
    const executor = trx ?? db;
    const accounts = await repo.findMemberAccounts(executor, query.memberId, query.currency);
    return reads.sumStakes(
      executor,
      accounts.map((a) => a.id),
      query.from,
      query.to ?? null,
    );
  }

  /** A member's (or the given accounts') entries, newest first, filtered by codes and a time range. */
  async function history(query: HistoryQuery, trx?: Transaction<DB>): Promise<HistoryPage> {
    const executor = trx ?? db;
    const page = pageOf(query.pageNo ?? 1, query.pageSize ?? 20);
    let accountIds = [...(query.accountIds ?? [])];
    if (query.memberId !== undefined) {
      const owned = await repo.findMemberAccounts(executor, query.memberId, query.currency);
      accountIds = query.accountIds ? accountIds.filter((id) => owned.some((a) => a.id === id)) : owned.map((a) => a.id);
    }
    const { rows, totalCount } = await reads.findEntries(executor, {
      accountIds,
      codes: query.codes,
      direction: query.direction,
      from: query.from,
      to: query.to,
      limit: page.limit,
      offset: page.offset,
    });
    return {
      list: rows.map((r) => ({
        entryId: r.id,
        transferId: r.transferId,
        accountId: r.accountId,
        accountKind: r.accountKind,
        currency: r.currency,
        amount: r.amount,
        balanceBefore: r.balanceBefore,
        balanceAfter: r.balanceAfter,
        code: r.code,
        referenceType: r.referenceType,
        referenceId: r.referenceId,
        note: r.note,
        createdAt: r.createdAt,
      })),
      pageNo: page.pageNo,
      pageSize: page.pageSize,
      totalCount,
    };
  }

  /**
   * A member's entries summed per local day, reference type and code (reversals under the code they
   * reverse), from `from` (inclusive) to `to` (exclusive, or now). Records and limits read this.
   */
  async function dailyTotals(query: DailyTotalsQuery, trx?: Transaction<DB>): Promise<DailyTotal[]> {
    const executor = trx ?? db;
    const accounts = await repo.findMemberAccounts(executor, query.memberId, query.currency);
    return reads.findDailyTotals(executor, {
      accountIds: accounts.map((a) => a.id),
      codes: query.codes,
      direction: query.direction,
      from: query.from,
      to: query.to,
      timeZone: query.timeZone,
    });
  }

  /**
   * Entries of a team's member accounts (an agent's whole downline, or one member of it), newest
   * first, each with the member it belongs to: the agent centre's team transactions.
   */
  async function teamHistory(query: TeamHistoryQuery): Promise<TeamHistoryPage> {
    const page = pageOf(query.pageNo, query.pageSize);
    const { rows, totalCount } = await reads.findTeamEntries(db, {
      team: query.team,
      currency: query.currency,
      memberId: query.memberId,
      kinds: query.kinds,
      from: query.from,
      to: query.to,
      limit: page.limit,
      offset: page.offset,
    });
    return { list: rows, pageNo: page.pageNo, pageSize: page.pageSize, totalCount };
  }

  return {
    /** Merchant-wide reads for the back-office reports (modules/reports); none of them writes. */
    merchant: {
      memberCreditsByDay: (filter: { merchantId: number; codes: readonly TransferCode[]; from: Date; to: Date; timeZone: string }) =>
        reads.sumMemberCreditsByDay(db, filter),
      memberBalances: (merchantId: number) => reads.sumMemberBalances(db, merchantId),
      memberReservations: (merchantId: number) => reads.sumMemberReservations(db, merchantId),
      entryIdRange: (range: { from: Date; to: Date }) => reads.findEntryIdRange(db, range),
      memberEntriesAfter: (filter: { merchantId: number; from: Date; to: Date; afterId: number; lastId: number; limit: number }) =>
        reads.findMemberEntriesAfter(db, filter),
    },
    balanceOf,
    memberBalances,
    memberAccountBalance,
    stakeTurnover,
    history,
    dailyTotals,
    teamHistory,
    /** See reads.findBalanceFingerprints: compare two readings to learn whose balances moved. */
    balanceFingerprints: (memberIds: readonly number[]) => reads.findBalanceFingerprints(db, memberIds),
    /** Members ranked by money credited to them with one code (deposits, say) in [from, to), reversals excluded. */
    rankMembersByCredits: (filter: { merchantId: number; currency: string; code: TransferCode; from: Date; to: Date; limit: number }) =>
      reads.sumCreditsByMember(db, filter),
    findReservation: async (reservationId: number, trx?: Transaction<DB>) => {
      const row = await repo.findReservationById(trx ?? db, reservationId);
      return row && toReservation(row);
    },
  };
}
