import type { ContractRecord, ContractRecordsQuery, ContractRecordsValue } from '@platform/contracts/agents/agent-contract-records';
import type { ContractKind } from '@platform/contracts/agents/contract-tiers';
import { amountMinor } from '@platform/contracts/money';
import { pageOffset, totalPagesOf } from '@platform/contracts/pagination';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { addDays, localDateOf } from '../../lib/time-zone.ts';
import { findUsernames } from '../accounts/member-directory.ts';
import type { AgentsService } from '../agents/agents.service.ts';
import type { Principal } from '../session/session.service.ts';
import { findRecordPage, type RecordRow, sumRecords, sumRecordsByDay } from './agent-contracts.records.repository.ts';

/** Days a records call covers when it names no range: the last 30, today included. */
const DEFAULT_RANGE_DAYS = 30;

/** The agent's own payout records (docs/agent-contracts.md): what each settled period paid it, and why. */
export function createContractRecordsReader(deps: {
  db: Kysely<DB>;
  agents: Pick<AgentsService, 'agentOf'>;
  timeZoneOf: (merchantId: number) => Promise<string>;
  now: () => Date;
}) {
  function present(r: RecordRow, usernames: Map<number, string>): ContractRecord {
    return {
      id: r.id,
      contractId: r.contractId,
      kind: r.kind,
      periodStart: r.periodStart,
      periodEnd: r.periodEnd,
      slotStart: r.slotStart === null ? null : r.slotStart.toISOString(),
      metrics: {
        bet: amountMinor(r.metrics.bet),
        validBet: amountMinor(r.metrics.validBet),
        activeMembers: r.metrics.activeMembers,
        netLoss: amountMinor(r.metrics.netLoss),
      },
      tier: r.tier,
      rateBasisPoints: r.rateBasisPoints,
      ownAmount: amountMinor(r.ownAmount),
      downlines: r.downlineAmounts.map((d) => ({ username: usernames.get(d.holderId) ?? '', amount: amountMinor(d.amount) })),
      payout: amountMinor(r.payout),
      clampAmount: amountMinor(r.clampAmount),
      deductedAmount: amountMinor(r.deductedAmount),
      paidBy: r.paidBy,
      payerUsername: r.payerMemberId === null ? null : (usernames.get(r.payerMemberId) ?? null),
      settledAt: r.createdAt.toISOString(),
    };
  }

  /** A page of the agent's payouts of a kind whose period starts in the range, newest first, with the range's totals. */
  async function records(principal: Principal, kind: ContractKind, query: ContractRecordsQuery): Promise<ContractRecordsValue> {
    const agent = await deps.agents.agentOf(principal);
    const today = localDateOf(deps.now(), await deps.timeZoneOf(agent.merchantId));
    const to = query.to ?? (query.from === undefined ? today : addDays(query.from, DEFAULT_RANGE_DAYS - 1));
    const from = query.from ?? addDays(to, -(DEFAULT_RANGE_DAYS - 1));
    const filter = { holderId: agent.memberId, kind, from, to };
    const [rows, sums, byDay] = await Promise.all([
      findRecordPage(deps.db, filter, { limit: query.pageSize, offset: pageOffset(query) }),
      sumRecords(deps.db, filter),
      sumRecordsByDay(deps.db, filter),
    ]);
    const memberIds = new Set<number>();
    for (const r of rows) {
      for (const d of r.downlineAmounts) memberIds.add(d.holderId);
      if (r.payerMemberId !== null) memberIds.add(r.payerMemberId);
    }
    const usernames = await findUsernames(deps.db, [...memberIds]);
    return {
      list: rows.map((r) => present(r, usernames)),
      pageNo: query.pageNo,
      pageSize: query.pageSize,
      totalCount: sums.count,
      totalPages: totalPagesOf(sums.count, query.pageSize),
      from,
      to,
      currency: principal.currency,
      totals: {
        count: sums.count,
        ownAmount: amountMinor(sums.ownAmount),
        downlineAmount: amountMinor(sums.ownAmount + sums.clampAmount - sums.payout),
        payout: amountMinor(sums.payout),
        clampAmount: amountMinor(sums.clampAmount),
      },
      byDay: byDay.map((d) => ({ day: d.day, ownAmount: amountMinor(d.ownAmount), payout: amountMinor(d.payout) })),
    };
  }

  return { records };
}

export type ContractRecordsReader = ReturnType<typeof createContractRecordsReader>;
