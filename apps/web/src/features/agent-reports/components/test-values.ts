import type {
  AgentIncomeValue,
  SubordinateProfitValue,
  TeamBetsValue,
  TeamFigures,
  TeamOverviewValue,
  TeamTransactionsValue,
} from '@platform/contracts/agents/agent-reports';
import type { AmountMinor } from '@platform/contracts/money';

/** Answers of the report calls as the server sends them, for the pages' component tests. */

const m = (n: number) => n as AmountMinor;
const PERIOD = { period: 'today' as const, from: '2026-11-26', to: '2026-11-26', timeZone: 'Asia/Ho_Chi_Minh' };
const WEEK = { period: 'thisWeek' as const, from: '2026-11-23', to: '2026-11-26', timeZone: 'Asia/Ho_Chi_Minh' };

export const OVERVIEW: TeamOverviewValue = {
  period: PERIOD,
  currency: 'VND',
  teamSize: {
    total: 12,
    byLevel: [
      { level: 1, count: 3 },
      { level: 2, count: 9 },
    ],
  },
  newMembers: 2,
  activeMembers: 5,
  deposits: { amount: m(1_500_000), count: 3 },
  withdrawals: { amount: m(400_000), count: 1 },
  betCount: 40,
  stake: m(900_000),
  validBet: m(850_000),
  payout: m(700_000),
  winLoss: m(-200_000),
  days: [
    {
      day: '2026-11-26',
      newMembers: 2,
      activeMembers: 5,
      depositAmount: m(1_500_000),
      withdrawalAmount: m(400_000),
      validBet: m(850_000),
      winLoss: m(-200_000),
    },
  ],
};

export const TEAM_BETS: TeamBetsValue = {
  period: WEEK,
  currency: 'VND',
  pageNo: 1,
  pageSize: 20,
  totalCount: 2,
  totalPages: 1,
  totals: { count: 2, stake: m(30_000), validBet: m(30_000), payout: m(50_000), winLoss: m(20_000) },
  list: [
    {
      id: 11,
      member: { memberId: 21, username: 'member21', level: 1 },
      vendorCode: 'DEMO',
      vendorName: 'Lotus Studio',
      gameCode: 'slots-1',
      gameName: 'Bảy May Mắn',
      gameCategory: 'RNG',
      roundId: 'r-11',
      status: 'settled',
      betCount: 1,
      stake: m(10_000),
      validBet: m(10_000),
      payout: m(50_000),
      winLoss: m(40_000),
      openedAt: '2026-11-26T03:00:00.000Z',
      settledAt: '2026-11-26T03:00:05.000Z',
    },
    {
      id: 12,
      member: { memberId: 22, username: 'member22', level: 2 },
      vendorCode: 'DEMO',
      vendorName: null,
      gameCode: 'dice',
      gameName: null,
      gameCategory: 'RNG',
      roundId: 'r-12',
      status: 'settled',
      betCount: 1,
      stake: m(20_000),
      validBet: m(20_000),
      payout: m(0),
      winLoss: m(-20_000),
      openedAt: '2026-11-25T03:00:00.000Z',
      settledAt: '2026-11-25T03:00:05.000Z',
    },
  ],
};

function figures(validBet: number, winLoss: number): TeamFigures {
  return {
    betCount: 3,
    stake: m(validBet),
    validBet: m(validBet),
    payout: m(validBet + winLoss),
    winLoss: m(winLoss),
    depositAmount: m(100_000),
    withdrawalAmount: m(0),
  };
}

export function subordinate(breadcrumb: { memberId: number; username: string }[]): SubordinateProfitValue {
  const drilled = breadcrumb.length > 1;
  return {
    period: { ...PERIOD, period: 'thisMonth', from: '2026-11-01' },
    currency: 'VND',
    breadcrumb,
    self: drilled ? figures(5_000, -5_000) : figures(0, 0),
    totals: figures(65_000, 15_000),
    pageNo: 1,
    pageSize: 20,
    totalCount: 2,
    totalPages: 1,
    list: drilled
      ? [{ memberId: 31, username: 'member31', accountType: 0, teamSize: 1, ...figures(10_000, 0) }]
      : [
          { memberId: 21, username: 'member21', accountType: 2, teamSize: 4, ...figures(40_000, 25_000) },
          { memberId: 23, username: 'member23', accountType: 0, teamSize: 1, ...figures(20_000, -10_000) },
        ],
  };
}

export const INCOME: AgentIncomeValue = {
  period: { ...PERIOD, period: 'thisMonth', from: '2026-11-01' },
  currency: 'VND',
  byKind: [
    { kind: 'downline_transfer', amount: m(300_000), count: 2 },
    { kind: 'red_envelope_return', amount: m(0), count: 0 },
  ],
  total: m(300_000),
  days: [
    { day: '2026-11-25', amounts: { downline_transfer: m(100_000) }, total: m(100_000) },
    { day: '2026-11-26', amounts: { downline_transfer: m(200_000) }, total: m(200_000) },
  ],
  pageNo: 1,
  pageSize: 20,
  totalCount: 2,
  totalPages: 1,
  list: [
    {
      id: 91,
      kind: 'downline_transfer',
      amount: m(200_000),
      wallet: 'agent',
      fromUsername: 'member21',
      note: 'tiền tuần',
      createdAt: '2026-11-26T02:00:00.000Z',
    },
    {
      id: 90,
      kind: 'downline_transfer',
      amount: m(100_000),
      wallet: 'agent',
      fromUsername: 'member23',
      note: null,
      createdAt: '2026-11-25T02:00:00.000Z',
    },
  ],
};

export const TEAM_TRANSACTIONS: TeamTransactionsValue = {
  period: WEEK,
  currency: 'VND',
  totals: {
    depositAmount: m(500_000),
    depositCount: 1,
    withdrawalAmount: m(100_000),
    withdrawalCount: 1,
    transferInAmount: m(50_000),
    transferOutAmount: m(0),
    bonusAmount: m(0),
  },
  pageNo: 1,
  pageSize: 20,
  totalCount: 3,
  totalPages: 1,
  list: [
    {
      id: 3,
      member: { memberId: 21, username: 'member21', level: 1 },
      kind: 'deposit',
      amount: m(500_000),
      balanceAfter: m(500_000),
      note: null,
      createdAt: '2026-11-26T01:00:00.000Z',
    },
    {
      id: 2,
      member: { memberId: 22, username: 'member22', level: 2 },
      kind: 'withdrawal',
      amount: m(-100_000),
      balanceAfter: m(0),
      note: null,
      createdAt: '2026-11-25T01:00:00.000Z',
    },
    {
      id: 1,
      member: { memberId: 22, username: 'member22', level: 2 },
      kind: 'transfer_in',
      amount: m(50_000),
      balanceAfter: m(100_000),
      note: 'từ đại lý',
      createdAt: '2026-11-24T01:00:00.000Z',
    },
  ],
};
