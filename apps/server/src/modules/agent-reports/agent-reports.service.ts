import {
  AGENT_INCOME_KINDS,
  type AgentIncomeKind,
  type AgentIncomeQuery,
  type ReportPeriod,
  type ReportPeriodValue,
  type SubordinateProfitQuery,
  TEAM_TRANSACTION_KINDS,
  type TeamBetsQuery,
  type TeamFigures,
  type TeamOverviewDay,
  type TeamOverviewQuery,
  type TeamTransactionKind,
  type TeamTransactionsQuery,
} from '@platform/contracts/agents/agent-reports';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { addDays, localDateOf, startOfLocalDate } from '../../lib/time-zone.ts';
import { findUsernames } from '../accounts/member-directory.ts';
import type { AgentContext, AgentsService } from '../agents/agents.service.ts';
import type { BetRecordService, RoundNamesLookup } from '../bet-records/bet-records.service.ts';

import type { DayRange, GameFigures, MoneyFigures, TeamRoot, TeamStatsService } from '../daily-stats/team-stats.service.ts';
import type { TransferCode } from '../ledger/ledger.codes.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { Principal } from '../session/session.service.ts';
import { INCOME_CODES, incomeKindOf, TEAM_TRANSACTION_SOURCES, teamTransactionKindOf } from './agent-reports.codes.ts';

export type ResolvedPeriod = ReportPeriodValue & { fromInstant: Date; toInstant: Date };

export type AgentReportsService = ReturnType<typeof createAgentReportsService>;

/** Slashes in an upline path: one more than the member's depth. */
function depthOf(path: string): number {
  return path.split('/').length - 1;
}

/** Level below the agent: 1 for its direct downline. */
export function levelBelow(agent: { uplinePath: string }, memberPath: string): number {
  return depthOf(memberPath) - depthOf(agent.uplinePath);
}

/** Every day from `from` to `to`, both included, oldest first. */
function daysOf(range: DayRange): string[] {
  const out: string[] = [];
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) out.push(day);
  return out;
}

function emptyFigures(): TeamFigures {
  return { betCount: 0, stake: 0, validBet: 0, payout: 0, winLoss: 0, depositAmount: 0, withdrawalAmount: 0 } as TeamFigures;
}

function figuresOf(f: GameFigures & MoneyFigures): TeamFigures {
  return {
    betCount: f.betCount,
    stake: f.stake,
    validBet: f.validBet,
    payout: f.payout,
    winLoss: f.winLoss,
    depositAmount: f.depositAmount,
    withdrawalAmount: f.withdrawalAmount,
  } as TeamFigures;
}

function addFigures(into: TeamFigures, f: TeamFigures): TeamFigures {
  const t = into as Record<keyof TeamFigures, number>;
  for (const key of Object.keys(t) as (keyof TeamFigures)[]) t[key] += f[key] as number;
  return into;
}

/**
 * The agent centre's reports. Every call starts from the caller's agent context (a non-agent or a
 * trial account is refused there) and reads only the caller's subtree: a member named in a filter is
 * checked to be in the team first, and every query is bounded by the agent's upline path.
 */
export function createAgentReportsService(deps: {
  db: Kysely<DB>;
  agents: Pick<AgentsService, 'agentOf' | 'teamMember' | 'teamSize' | 'teamRoot'>;
  teamStats: TeamStatsService;
  /** The bet records' team reads, and their rounds' names in a language. */
  betRecords: BetRecordService & { roundNames: RoundNamesLookup };
  ledger: LedgerService;
  /** Who sent each member transfer (the transfers module). */
  transferSenders: (transferIds: readonly number[]) => Promise<Map<number, number>>;
  /** Brings the daily rollups up to every finished transaction, so a round settled a moment ago shows. */
  refreshRollups: () => Promise<unknown>;
  /** The merchant's time zone, in which report days are counted. */
  timeZoneOf: (merchantId: number) => Promise<string>;
  now: () => Date;
}) {
  const { db, agents, teamStats, betRecords, ledger, now } = deps;

  async function periodOf(merchantId: number, query: { period: ReportPeriod; from?: string | undefined; to?: string | undefined }) {
    const timeZone = await deps.timeZoneOf(merchantId);
    const today = localDateOf(now(), timeZone);
    let from = today;
    let to = today;
    if (query.period === 'yesterday') from = to = addDays(today, -1);
    else if (query.period === 'thisWeek') {
      const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
      from = addDays(today, -((weekday + 6) % 7));
    } else if (query.period === 'thisMonth') from = `${today.slice(0, 8)}01`;
    else if (query.period === 'range' && query.from && query.to) {
      from = query.from;
      to = query.to;
    }
    const resolved: ResolvedPeriod = {
      period: query.period,
      from,
      to,
      timeZone,
      fromInstant: startOfLocalDate(from, timeZone),
      toInstant: startOfLocalDate(addDays(to, 1), timeZone),
    };
    return resolved;
  }

  function rootOf(agent: AgentContext): TeamRoot {
    return { merchantId: agent.merchantId, memberId: agent.memberId, uplinePath: agent.uplinePath };
  }

  /** agentTeamOverview: team size by level, new and active members, money and play, per day. */
  async function overview(principal: Principal, query: TeamOverviewQuery) {
    const agent = await agents.agentOf(principal);
    const period = await periodOf(agent.merchantId, query);
    const root = rootOf(agent);
    const days = { from: period.from, to: period.to };
    await deps.refreshRollups();
    const [teamSize, joined, game, active, money] = await Promise.all([
      agents.teamSize(agent),
      teamStats.joinedByDay(root, { from: period.fromInstant, to: period.toInstant, timeZone: period.timeZone }),
      teamStats.gameByDay(root, days),
      teamStats.activeMembers(root, days),
      teamStats.moneyByDay(root, days),
    ]);
    const joinedOf = new Map(joined.map((r) => [r.day, r.count]));
    const gameOf = new Map(game.map((r) => [r.day, r]));
    const moneyOf = new Map(money.map((r) => [r.day, r]));
    const series: TeamOverviewDay[] = daysOf(days).map(
      (day) =>
        ({
          day,
          newMembers: joinedOf.get(day) ?? 0,
          activeMembers: gameOf.get(day)?.activeMembers ?? 0,
          depositAmount: moneyOf.get(day)?.depositAmount ?? 0,
          withdrawalAmount: moneyOf.get(day)?.withdrawalAmount ?? 0,
          validBet: gameOf.get(day)?.validBet ?? 0,
          winLoss: gameOf.get(day)?.winLoss ?? 0,
        }) as TeamOverviewDay,
    );
    const sum = <T>(rows: readonly T[], pick: (r: T) => number) => rows.reduce((total, r) => total + pick(r), 0);
    return {
      period,
      currency: principal.currency,
      teamSize,
      newMembers: sum(joined, (r) => r.count),
      activeMembers: active,
      deposits: { amount: sum(money, (r) => r.depositAmount), count: sum(money, (r) => r.depositCount) },
      withdrawals: { amount: sum(money, (r) => r.withdrawalAmount), count: sum(money, (r) => r.withdrawalCount) },
      betCount: sum(game, (r) => r.betCount),
      stake: sum(game, (r) => r.stake),
      validBet: sum(game, (r) => r.validBet),
      payout: sum(game, (r) => r.payout),
      winLoss: sum(game, (r) => r.winLoss),
      days: series,
    };
  }

  /** personalHistoryCopy (team betting): the team's rounds, filtered and paged, with totals, games and vendors named in the language. */
  async function teamBets(principal: Principal, query: TeamBetsQuery, language: string) {
    const agent = await agents.agentOf(principal);
    const period = await periodOf(agent.merchantId, query);
    const member = query.username ? await agents.teamMember(agent, { username: query.username }) : undefined;
    const page = await betRecords.teamHistory(
      {
        team: agents.teamRoot(agent),
        currency: principal.currency,
        memberId: member?.id,
        level: query.level,
        gameCategory: query.gameCategory,
        vendorCode: query.vendorCode,
        status: query.status,
        from: period.fromInstant,
        to: period.toInstant,
      },
      { pageNo: query.pageNo, pageSize: query.pageSize },
    );
    const namesOf = await betRecords.roundNames(agent.merchantId, language, page.rows);
    return {
      period,
      currency: principal.currency,
      pageNo: page.pageNo,
      pageSize: page.pageSize,
      totalCount: page.totals.count,
      totals: page.totals,
      list: page.rows.map((row) => ({
        ...row,
        ...namesOf(row),
        member: { memberId: row.memberId, username: row.username, level: levelBelow(agent, row.uplinePath) },
      })),
    };
  }

  /** palStatementsAgentCopy: each direct downline of the agent (or of a team member) with its team rolled up. */
  async function subordinateProfit(principal: Principal, query: SubordinateProfitQuery) {
    const agent = await agents.agentOf(principal);
    const period = await periodOf(agent.merchantId, query);
    const parent = query.parent ? await agents.teamMember(agent, { username: query.parent }) : undefined;
    const root: TeamRoot = parent ? { merchantId: agent.merchantId, memberId: parent.id, uplinePath: parent.uplinePath } : rootOf(agent);
    const days = { from: period.from, to: period.to };
    await deps.refreshRollups();
    const [children, byChild, own] = await Promise.all([
      teamStats.children(root, { pageNo: query.pageNo, pageSize: query.pageSize }),
      teamStats.byChild(root, days),
      teamStats.ofMember({ merchantId: agent.merchantId, memberId: root.memberId }, days),
    ]);
    const figuresOfChild = new Map(byChild.map((c) => [c.childId, c]));
    const self = figuresOf(own);
    const totals = addFigures(emptyFigures(), self);
    for (const child of byChild) addFigures(totals, figuresOf(child));
    // The breadcrumb runs from the agent down the root's path: the ids after the agent's own.
    const pathIds = root.uplinePath.split('/').filter(Boolean).map(Number);
    const below = pathIds.slice(pathIds.indexOf(agent.memberId) + 1);
    const names = await findUsernames(db, below);
    return {
      period,
      currency: principal.currency,
      breadcrumb: [
        { memberId: agent.memberId, username: agent.username },
        ...below.map((id) => ({ memberId: id, username: names.get(id) ?? '' })),
      ],
      self,
      totals,
      pageNo: query.pageNo,
      pageSize: query.pageSize,
      totalCount: children.totalCount,
      list: children.rows.map((child) => {
        const f = figuresOfChild.get(child.id);
        return {
          memberId: child.id,
          username: child.username,
          accountType: child.accountType,
          teamSize: f?.teamSize ?? 1,
          ...(f ? figuresOf(f) : emptyFigures()),
        };
      }),
    };
  }

  /** agentRevenueReport: the money the agent received, by kind and day, and its lines. */
  async function income(principal: Principal, query: AgentIncomeQuery) {
    const agent = await agents.agentOf(principal);
    const period = await periodOf(agent.merchantId, query);
    const kinds: readonly AgentIncomeKind[] = query.kind ? [query.kind] : AGENT_INCOME_KINDS;
    // Read-only filters: a code the ledger has not written yet simply matches nothing.
    const codes = kinds.flatMap((k) => INCOME_CODES[k]) as TransferCode[];
    const base = {
      memberId: agent.memberId,
      currency: principal.currency,
      codes,
      direction: 'in' as const,
      from: period.fromInstant,
      to: period.toInstant,
    };
    const [totals, history] =
      codes.length === 0
        ? [[], { list: [], pageNo: query.pageNo, pageSize: query.pageSize, totalCount: 0 }]
        : await Promise.all([
            ledger.dailyTotals({ ...base, timeZone: period.timeZone }),
            ledger.history({ ...base, pageNo: query.pageNo, pageSize: query.pageSize }),
          ]);
    const byKind = new Map(AGENT_INCOME_KINDS.map((k) => [k, { kind: k, amount: 0, count: 0 }]));
    const byDay = new Map<string, Record<string, number>>();
    for (const row of totals) {
      const kind = incomeKindOf(row.code);
      if (!kind) continue;
      const k = byKind.get(kind);
      if (k) {
        k.amount += row.total;
        k.count += row.count;
      }
      const day = byDay.get(row.day) ?? {};
      day[kind] = (day[kind] ?? 0) + row.total;
      byDay.set(row.day, day);
    }
    const transferIds = history.list.filter((e) => e.referenceType === 'member_transfer').map((e) => Number(e.referenceId));
    const senders = await deps.transferSenders(transferIds.filter(Number.isSafeInteger));
    const names = await findUsernames(db, [...new Set(senders.values())]);
    return {
      period,
      currency: principal.currency,
      byKind: [...byKind.values()],
      total: [...byKind.values()].reduce((t, k) => t + k.amount, 0),
      days: daysOf(period).map((day) => {
        const amounts = byDay.get(day) ?? {};
        return { day, amounts, total: Object.values(amounts).reduce((t, a) => t + a, 0) };
      }),
      pageNo: history.pageNo,
      pageSize: history.pageSize,
      totalCount: history.totalCount,
      list: history.list.flatMap((e) => {
        const kind = incomeKindOf(e.code);
        if (!kind) return [];
        const sender = e.referenceType === 'member_transfer' ? senders.get(Number(e.referenceId)) : undefined;
        return [
          {
            id: e.entryId,
            kind,
            amount: e.amount,
            wallet: e.accountKind === 'agent_main' ? ('agent' as const) : ('main' as const),
            fromUsername: sender === undefined ? null : (names.get(sender) ?? null),
            note: e.note,
            createdAt: e.createdAt,
          },
        ];
      }),
    };
  }

  /** agentDownlineTransactionDetailsCopy: the team members' money lines, filtered and paged, with totals. */
  async function teamTransactions(principal: Principal, query: TeamTransactionsQuery) {
    const agent = await agents.agentOf(principal);
    const period = await periodOf(agent.merchantId, query);
    const member = query.username ? await agents.teamMember(agent, { username: query.username }) : undefined;
    const kinds: readonly TeamTransactionKind[] = query.kind ? [query.kind] : TEAM_TRANSACTION_KINDS;
    await deps.refreshRollups();
    const [page, money] = await Promise.all([
      ledger.teamHistory({
        team: agents.teamRoot(agent),
        currency: principal.currency,
        memberId: member?.id,
        kinds: kinds.map((k) => TEAM_TRANSACTION_SOURCES[k]),
        from: period.fromInstant,
        to: period.toInstant,
        pageNo: query.pageNo,
        pageSize: query.pageSize,
      }),
      teamStats.moneyByDay(rootOf(agent), { from: period.from, to: period.to }, member?.id),
    ]);
    const sum = (pick: (r: MoneyFigures) => number) => money.reduce((t, r) => t + pick(r), 0);
    return {
      period,
      currency: principal.currency,
      totals: {
        depositAmount: sum((r) => r.depositAmount),
        depositCount: sum((r) => r.depositCount),
        withdrawalAmount: sum((r) => r.withdrawalAmount),
        withdrawalCount: sum((r) => r.withdrawalCount),
        transferInAmount: sum((r) => r.transferInAmount),
        transferOutAmount: sum((r) => r.transferOutAmount),
        bonusAmount: sum((r) => r.bonusAmount),
      },
      pageNo: page.pageNo,
      pageSize: page.pageSize,
      totalCount: page.totalCount,
      list: page.list.flatMap((e) => {
        const kind = teamTransactionKindOf(e.code, e.amount);
        if (!kind) return [];
        return [
          {
            id: e.id,
            member: { memberId: e.memberId, username: e.username, level: levelBelow(agent, e.uplinePath) },
            kind,
            amount: e.amount,
            balanceAfter: e.balanceAfter,
            note: e.note,
            createdAt: e.createdAt,
          },
        ];
      }),
    };
  }

  return { overview, teamBets, subordinateProfit, income, teamTransactions, periodOf };
}
