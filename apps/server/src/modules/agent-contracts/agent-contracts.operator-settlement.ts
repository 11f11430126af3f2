import type {
  AdminDebtListQuery,
  AdminPayoutListQuery,
  ContractDebt,
  ContractPayout,
  RerunPeriod,
} from '@platform/contracts/agents/agent-contract-settlement';
import { DIVIDEND_PERIODS } from '@platform/contracts/agents/agent-contracts';
import type { ContractKind } from '@platform/contracts/agents/contract-tiers';
import { type Page, pageOffset, totalPagesOf } from '@platform/contracts/pagination';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { DomainError } from '../../lib/domain-error.ts';
import { findMember, findMemberByUsername } from '../accounts/member-directory.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import * as payouts from './agent-contracts.payouts.repository.ts';
import { isSlotKind } from './agent-contracts.periods.ts';
import type { ContractSettlement, SettledPayout } from './agent-contracts.settlement.ts';

type Operator = { adminId: number; merchantId: number; ip: string | null };

/** The ledger key of paying a debt back: once per debt. */
const debtKeyOf = (debtId: number) => `agent-contract-debt:${debtId}:settle`;

const presentPayout = (p: payouts.ListedPayoutRow): ContractPayout => ({
  id: p.id,
  contractId: p.contractId,
  kind: p.kind,
  holderId: p.holderId,
  holderUsername: p.holderUsername,
  periodStart: p.periodStart,
  periodEnd: p.periodEnd,
  slotStart: p.slotStart === null ? null : p.slotStart.toISOString(),
  slotEnd: p.slotEnd === null ? null : p.slotEnd.toISOString(),
  currency: p.currency,
  metrics: p.metrics,
  tier: p.tier,
  rateBasisPoints: p.rateBasisPoints,
  ownAmount: p.ownAmount,
  downlineAmounts: p.downlineAmounts,
  payout: p.payout,
  clampAmount: p.clampAmount,
  paidBy: p.paidBy,
  payerMemberId: p.payerMemberId,
  deductedAmount: p.deductedAmount,
  createdAt: p.createdAt.toISOString(),
});

const presentDebt = (d: payouts.DebtRow): ContractDebt => ({
  id: d.id,
  payoutId: d.payoutId,
  contractId: d.contractId,
  debtorId: d.debtorId,
  debtorUsername: d.debtorUsername,
  amount: d.amount,
  currency: d.currency,
  status: d.status,
  createdAt: d.createdAt.toISOString(),
  settledAt: d.settledAt === null ? null : d.settledAt.toISOString(),
});

/**
 * The operator's settlement calls (docs/agent-contracts.md, "Operator calls"): re-running a
 * (contract, period) or a (kind, period), which pays what is due and answers what was paid before;
 * the payout records and the upline debts; and settling a debt from the debtor's agent wallet.
 */
export function createOperatorSettlement(deps: { db: Kysely<DB>; ledger: LedgerService; settlement: ContractSettlement; now: () => Date }) {
  const { db, ledger, settlement, now } = deps;

  async function auditRerun(operator: Operator, subject: { type: string; id: string | number }, data: Record<string, unknown>) {
    await recordAudit(db, {
      actorType: 'admin',
      actorId: operator.adminId,
      action: 'agent_contract.settlement_rerun',
      subjectType: subject.type,
      subjectId: subject.id,
      data,
      ip: operator.ip,
    });
  }

  /** The payouts as the operator sees them, in the order settled. */
  async function presented(merchantId: number, settled: SettledPayout[]) {
    const ids = settled.map((s) => s.payout.id);
    const { rows } = await payouts.listPayouts(db, { merchantId, ids }, { offset: 0, limit: Math.max(1, ids.length) });
    const byId = new Map(rows.map((r) => [r.id, presentPayout(r)]));
    return settled.map((s) => {
      const payout = byId.get(s.payout.id);
      if (!payout) throw new Error('payout vanished');
      return { payout, isReplay: s.isReplay };
    });
  }

  async function page<T, R>(
    pageQuery: { pageNo: number; pageSize: number },
    read: (p: { offset: number; limit: number }) => Promise<{ rows: T[]; totalCount: number }>,
    present: (row: T) => R,
  ): Promise<Page<R>> {
    const { pageNo, pageSize } = pageQuery;
    const { rows, totalCount } = await read({ offset: pageOffset({ pageNo, pageSize }), limit: pageSize });
    return { list: rows.map(present), pageNo, pageSize, totalCount, totalPages: totalPagesOf(totalCount, pageSize) };
  }

  /** The id of the member named, or null when there is none (an empty page, not an error). */
  async function memberIdOf(merchantId: number, username: string | undefined): Promise<number | null | undefined> {
    if (username === undefined) return undefined;
    return (await findMemberByUsername(db, merchantId, username))?.id ?? null;
  }

  const emptyPage = <R>(q: { pageNo: number; pageSize: number }): Page<R> => ({
    list: [],
    pageNo: q.pageNo,
    pageSize: q.pageSize,
    totalCount: 0,
    totalPages: 1,
  });

  /**
   * The period a re-run names, as the kind takes it: a day for a dividend or a daily wage, the start
   * instant of an hour or a 5-minute slot for the others (checked against the merchant's clock by the
   * settlement); the other shape is refused.
   */
  function periodFor(kind: ContractKind, period: RerunPeriod): { day: string } | { slotStart: Date } {
    if (isSlotKind(kind)) {
      if (!('periodStart' in period)) throw new DomainError('agent_contract_period_invalid');
      return { slotStart: new Date(period.periodStart) };
    }
    if (!('day' in period)) throw new DomainError('agent_contract_period_invalid');
    return { day: period.day };
  }

  /** What the audit row says of the period. */
  const auditedPeriod = (p: { day: string } | { slotStart: Date }) =>
    'day' in p ? { day: p.day } : { periodStart: p.slotStart.toISOString() };

  return {
    /**
     * Settles one contract for the period holding the day (a dividend or a daily wage) or starting at
     * `periodStart` (an hourly wage or a real-time salary); a period already paid is answered as it
     * was, nothing moves.
     */
    async rerunContract(operator: Operator, contractId: number, period: RerunPeriod) {
      const found = await payouts.findSettlementKeyOf(db, contractId);
      if (!found || found.merchantId !== operator.merchantId) throw new DomainError('agent_contract_not_found');
      const p = periodFor(found.kind, period);
      let settled: SettledPayout | null;
      if ('slotStart' in p) {
        settled =
          found.kind === 'hourlyWage'
            ? await settlement.settleHourlyWage(contractId, p.slotStart)
            : await settlement.settleRealtimeSalary(contractId, p.slotStart);
      } else if (found.kind === 'dailyWage') settled = await settlement.settleDailyWage(contractId, p.day);
      else settled = await settlement.settleDividend(contractId, p.day);
      await auditRerun(
        operator,
        { type: 'agent_contract', id: contractId },
        { ...auditedPeriod(p), paid: settled !== null && !settled.isReplay },
      );
      const [answer] = settled === null ? [] : await presented(operator.merchantId, [settled]);
      return { settled: answer ?? null };
    },

    /**
     * Settles every contract of the kind for the period: holding the day (a dividend: each period
     * length in use; a daily wage) or starting at `periodStart` (an hourly wage, a real-time salary).
     */
    async rerunKind(operator: Operator, kind: ContractKind, period: RerunPeriod) {
      const p = periodFor(kind, period);
      const settled: SettledPayout[] = [];
      if ('slotStart' in p) {
        settled.push(
          ...(kind === 'hourlyWage'
            ? await settlement.settleHourlyWages(operator.merchantId, p.slotStart)
            : await settlement.settleRealtimeSalaries(operator.merchantId, p.slotStart)),
        );
      } else if (kind === 'dailyWage') settled.push(...(await settlement.settleDailyWages(operator.merchantId, p.day)));
      else for (const length of DIVIDEND_PERIODS) settled.push(...(await settlement.settleDividends(operator.merchantId, length, p.day)));
      await auditRerun(
        operator,
        { type: 'agent_contract_kind', id: kind },
        { ...auditedPeriod(p), paid: settled.filter((s) => !s.isReplay).length, answered: settled.length },
      );
      return { settled: await presented(operator.merchantId, settled) };
    },

    async listPayouts(merchantId: number, q: AdminPayoutListQuery): Promise<Page<ContractPayout>> {
      const holderId = await memberIdOf(merchantId, q.holderUsername);
      if (holderId === null) return emptyPage(q);
      return page(q, (p) => payouts.listPayouts(db, { merchantId, kind: q.kind, holderId, from: q.from, to: q.to }, p), presentPayout);
    },

    async listDebts(merchantId: number, q: AdminDebtListQuery): Promise<Page<ContractDebt>> {
      const debtorId = await memberIdOf(merchantId, q.debtorUsername);
      if (debtorId === null) return emptyPage(q);
      return page(q, (p) => payouts.listDebts(db, { merchantId, status: q.status, debtorId }, p), presentDebt);
    },

    /**
     * Settles an open debt: the debtor's agent wallet pays the platform (the house) back through the
     * ledger, the debt is marked settled and the operator's act audited, in one transaction. A debt
     * already settled is answered as it is; a wallet short of the amount is refused and nothing moves.
     */
    async settleDebt(operator: Operator, debtId: number): Promise<{ debt: ContractDebt; isReplay: boolean }> {
      return db.transaction().execute(async (trx) => {
        const debt = await payouts.findDebtForUpdate(trx, operator.merchantId, debtId);
        if (!debt) throw new DomainError('agent_contract_not_found');
        if (debt.status === 'settled') return { debt: presentDebt(debt), isReplay: true };
        const debtor = await findMember(trx, debt.debtorId);
        if (!debtor) throw new Error('debtor missing');
        const wallet = (
          await ledger.ensureMemberAccounts(
            { merchantId: debtor.merchantId, memberId: debtor.id, currency: debt.currency, kinds: ['agent_main'] },
            trx,
          )
        ).agent_main;
        if (!wallet) throw new Error('agent wallet missing after ensureMemberAccounts');
        if ((await ledger.balanceOf(wallet.id, trx)) < debt.amount) throw new DomainError('agent_contract_debt_unpaid_balance');
        const house = await ledger.ensureSystemAccount(
          { merchantId: operator.merchantId, kind: 'house_revenue', currency: debt.currency },
          trx,
        );
        const moved = await ledger.transfer(
          {
            fromAccountId: wallet.id,
            toAccountId: house.id,
            amount: debt.amount,
            code: 'agent_commission',
            idempotencyKey: debtKeyOf(debt.id),
            reference: { type: 'agent_contract_debt', id: String(debt.id) },
          },
          trx,
        );
        const at = now();
        await payouts.markDebtSettled(trx, debt.id, at);
        await recordAudit(trx, {
          actorType: 'admin',
          actorId: operator.adminId,
          action: 'agent_contract.debt_settled',
          subjectType: 'agent_contract_debt',
          subjectId: debt.id,
          data: { debtorId: debt.debtorId, amount: debt.amount, transferId: moved.transferId, payoutId: debt.payoutId },
          ip: operator.ip,
        });
        return { debt: presentDebt({ ...debt, status: 'settled', settledAt: at }), isReplay: false };
      });
    },
  };
}
