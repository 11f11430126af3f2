import type {
  AgentIncomeValue,
  ReportPeriodValue,
  SubordinateProfitValue,
  TeamBetsValue,
  TeamFigures,
  TeamOverviewValue,
  TeamTransactionsValue,
} from '@platform/contracts/agents/agent-reports';
import type { AmountMinor } from '@platform/contracts/money';
import { totalPagesOf } from '@platform/contracts/pagination';
import type { AgentReportsService } from './agent-reports.service.ts';

type Result<K extends keyof AgentReportsService> = Awaited<ReturnType<AgentReportsService[K]>>;

const amount = (value: number) => value as AmountMinor;

function presentPeriod(period: ReportPeriodValue): ReportPeriodValue {
  return { period: period.period, from: period.from, to: period.to, timeZone: period.timeZone };
}

function paging(page: { pageNo: number; pageSize: number; totalCount: number }) {
  return {
    pageNo: page.pageNo,
    pageSize: page.pageSize,
    totalCount: page.totalCount,
    totalPages: totalPagesOf(page.totalCount, page.pageSize),
  };
}

function presentFigures(f: TeamFigures): TeamFigures {
  return {
    betCount: f.betCount,
    stake: amount(f.stake),
    validBet: amount(f.validBet),
    payout: amount(f.payout),
    winLoss: amount(f.winLoss),
    depositAmount: amount(f.depositAmount),
    withdrawalAmount: amount(f.withdrawalAmount),
  };
}

export function presentOverview(value: Result<'overview'>): TeamOverviewValue {
  return {
    period: presentPeriod(value.period),
    currency: value.currency,
    teamSize: { total: value.teamSize.total, byLevel: value.teamSize.byLevel.map((l) => ({ level: l.level, count: l.count })) },
    newMembers: value.newMembers,
    activeMembers: value.activeMembers,
    deposits: { amount: amount(value.deposits.amount), count: value.deposits.count },
    withdrawals: { amount: amount(value.withdrawals.amount), count: value.withdrawals.count },
    betCount: value.betCount,
    stake: amount(value.stake),
    validBet: amount(value.validBet),
    payout: amount(value.payout),
    winLoss: amount(value.winLoss),
    days: value.days.map((d) => ({
      day: d.day,
      newMembers: d.newMembers,
      activeMembers: d.activeMembers,
      depositAmount: amount(d.depositAmount),
      withdrawalAmount: amount(d.withdrawalAmount),
      validBet: amount(d.validBet),
      winLoss: amount(d.winLoss),
    })),
  };
}

export function presentTeamBets(value: Result<'teamBets'>): TeamBetsValue {
  return {
    period: presentPeriod(value.period),
    currency: value.currency,
    ...paging(value),
    totals: {
      count: value.totals.count,
      stake: amount(value.totals.stake),
      validBet: amount(value.totals.validBet),
      payout: amount(value.totals.payout),
      winLoss: amount(value.totals.winLoss),
    },
    list: value.list.map((r) => ({
      id: r.id,
      member: { memberId: r.member.memberId, username: r.member.username, level: r.member.level },
      vendorCode: r.vendorCode,
      vendorName: r.vendorName,
      gameName: r.gameName,
      gameCode: r.gameCode,
      gameCategory: r.gameCategory,
      roundId: r.roundId,
      status: r.status,
      betCount: r.betCount,
      stake: amount(r.stake),
      validBet: amount(r.validBet),
      payout: amount(r.payout),
      winLoss: amount(r.winLoss),
      openedAt: r.openedAt.toISOString(),
      settledAt: r.settledAt ? r.settledAt.toISOString() : null,
    })),
  };
}

export function presentSubordinateProfit(value: Result<'subordinateProfit'>): SubordinateProfitValue {
  return {
    period: presentPeriod(value.period),
    currency: value.currency,
    breadcrumb: value.breadcrumb.map((b) => ({ memberId: b.memberId, username: b.username })),
    self: presentFigures(value.self),
    totals: presentFigures(value.totals),
    ...paging(value),
    list: value.list.map((r) => ({
      memberId: r.memberId,
      username: r.username,
      accountType: r.accountType,
      teamSize: r.teamSize,
      ...presentFigures(r),
    })),
  };
}

export function presentIncome(value: Result<'income'>): AgentIncomeValue {
  return {
    period: presentPeriod(value.period),
    currency: value.currency,
    byKind: value.byKind.map((k) => ({ kind: k.kind, amount: amount(k.amount), count: k.count })),
    total: amount(value.total),
    days: value.days.map((d) => ({
      day: d.day,
      amounts: Object.fromEntries(Object.entries(d.amounts).map(([k, a]) => [k, amount(a)])),
      total: amount(d.total),
    })),
    ...paging(value),
    list: value.list.map((l) => ({
      id: l.id,
      kind: l.kind,
      amount: amount(l.amount),
      wallet: l.wallet,
      fromUsername: l.fromUsername,
      note: l.note,
      createdAt: l.createdAt.toISOString(),
    })),
  };
}

/** Notes are shown only where a member wrote them: transfers along the downline. */
const KINDS_WITH_MEMBER_NOTES = new Set(['transfer_in', 'transfer_out']);

export function presentTeamTransactions(value: Result<'teamTransactions'>): TeamTransactionsValue {
  const t = value.totals;
  return {
    period: presentPeriod(value.period),
    currency: value.currency,
    totals: {
      depositAmount: amount(t.depositAmount),
      depositCount: t.depositCount,
      withdrawalAmount: amount(t.withdrawalAmount),
      withdrawalCount: t.withdrawalCount,
      transferInAmount: amount(t.transferInAmount),
      transferOutAmount: amount(t.transferOutAmount),
      bonusAmount: amount(t.bonusAmount),
    },
    ...paging(value),
    list: value.list.map((l) => ({
      id: l.id,
      member: { memberId: l.member.memberId, username: l.member.username, level: l.member.level },
      kind: l.kind,
      amount: amount(l.amount),
      balanceAfter: l.balanceAfter === null ? null : amount(l.balanceAfter),
      note: KINDS_WITH_MEMBER_NOTES.has(l.kind) ? l.note : null,
      createdAt: l.createdAt.toISOString(),
    })),
  };
}
