import { type ContractLevel, differentialOf, type PeriodMetrics } from '@platform/contracts/agents/contract-tiers';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { addDays, startOfLocalDate } from '../../lib/time-zone.ts';
import { findMember } from '../accounts/member-directory.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { TeamStatsService } from '../daily-stats/team-stats.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import * as payouts from './agent-contracts.payouts.repository.ts';
import { dividendPeriodOf, isDividendPeriod } from './agent-contracts.periods.ts';
import type { ContractRow } from './agent-contracts.repository.ts';
import { type ContractPolicy, contractPolicySetting } from './agent-contracts.settings.ts';

export type ContractSettlement = ReturnType<typeof createContractSettlement>;

export type SettledPayout = { payout: payouts.PayoutRow; isReplay: boolean };

/** The kinds settled today (the hourly and real-time salaries need the bet records' team reads by time). */
type SettledKind = 'dailyWage' | 'dividend';

/** Days of the merchant's calendar, both ends included. */
type Period = { start: string; end: string };

/** Ledger keys: one own amount and one clamp top-up per (contract, period), so a second run moves nothing. */
const ownKeyOf = (contractId: number, periodStart: string) => `agent-contract:${contractId}:${periodStart}:own`;
const clampKeyOf = (contractId: number, periodStart: string) => `agent-contract:${contractId}:${periodStart}:clamp`;

/**
 * Settlement of agent contracts (docs/agent-contracts.md, "Who pays whom"): the daily wage and the
 * dividend, one (contract, period) at a time, from the daily team rollups.
 */
export function createContractSettlement(deps: {
  db: Kysely<DB>;
  ledger: LedgerService;
  teamStats: Pick<TeamStatsService, 'gameByDay' | 'qualifiedMembers'>;
  settings: SettingsService;
  timeZoneOf: (merchantId: number) => Promise<string>;
  now: () => Date;
}) {
  const { db, ledger, teamStats, settings, now } = deps;

  /** What the holder's team (every member below it) did over the days, from the rollups. */
  async function teamMetricsOf(
    contract: ContractRow,
    days: { from: string; to: string },
    rule: { minValidBet: number | null; minDeposit: number | null },
  ): Promise<PeriodMetrics & { validBet: number }> {
    const root = { merchantId: contract.merchantId, memberId: contract.holderId, uplinePath: contract.holderUplinePath };
    const [games, activeMembers] = await Promise.all([teamStats.gameByDay(root, days), teamStats.qualifiedMembers(root, days, rule)]);
    const sum = (pick: (g: (typeof games)[number]) => number) => games.reduce((s, g) => s + pick(g), 0);
    // The members' win/loss is their side (payout − stake); the team's net loss is the house's side.
    return { bet: sum((g) => g.stake), validBet: sum((g) => g.validBet), activeMembers, netLoss: -sum((g) => g.winLoss) };
  }

  async function memberWallet(trx: Parameters<LedgerService['transfer']>[1], member: { id: number; merchantId: number; currency: string }) {
    const account = (
      await ledger.ensureMemberAccounts(
        { merchantId: member.merchantId, memberId: member.id, currency: member.currency, kinds: ['agent_main'] },
        trx,
      )
    ).agent_main;
    if (!account) throw new Error('agent wallet missing after ensureMemberAccounts');
    return account.id;
  }

  /**
   * Settles one contract of a settled kind for one period of the merchant's calendar, once the
   * period is over: its own amount on its team's metrics, less its direct downlines' own amounts
   * over the same period (never below zero), credited to its agent wallet by the house (a
   * top-level contract) or by its upline's agent wallet (the platform pays when that wallet cannot,
   * and records the upline's debt), with the house's top-up when the downlines' amounts exceed its
   * own. Answers null when nothing is due (the period is not over, the contract was not in force at
   * its end, or the kind is paused); a second run answers the first payout and moves nothing.
   */
  async function settlePeriod(
    contractId: number,
    kind: SettledKind,
    periodOf: (contract: { period: string }) => Period | null,
  ): Promise<SettledPayout | null> {
    const found = await payouts.findSettlementKeyOf(db, contractId);
    if (found === undefined || found.kind !== kind) return null;
    const { merchantId } = found;
    const period = periodOf(found);
    if (period === null) return null;
    const timeZone = await deps.timeZoneOf(merchantId);
    const periodEnd = startOfLocalDate(addDays(period.end, 1), timeZone);
    if (now().getTime() < periodEnd.getTime()) return null;
    const [contract] = await payouts.findInForceAt(db, { kind, at: periodEnd, contractId });
    if (!contract) return null;
    const existing = await payouts.findPayout(db, contract.id, period.start);
    if (existing) return { payout: existing, isReplay: true };
    const policy = await settings.get(merchantId, contractPolicySetting);
    if (policy.pausedKinds.includes(kind)) return null;

    const days = { from: period.start, to: period.end };
    const metrics = await teamMetricsOf(contract, days, policy.activeMember);
    const downlineContracts = await payouts.findInForceAt(db, {
      kind,
      at: periodEnd,
      merchantId,
      holderParentId: contract.holderId,
    });
    const downlines: (ContractLevel & { contract: ContractRow })[] = [];
    for (const d of downlineContracts) {
      downlines.push({ contract: d, terms: { kind: d.kind, tiers: d.tiers }, metrics: await teamMetricsOf(d, days, policy.activeMember) });
    }
    const diff = differentialOf({ terms: { kind: contract.kind, tiers: contract.tiers }, metrics }, downlines);
    const deducted = diff.downlineAmounts.reduce((s, a) => s + a, 0);
    const clampAmount = diff.isClamped ? deducted - diff.ownAmount : 0;

    const settled = await db.transaction().execute(async (trx) => {
      await payouts.lockPeriod(trx, contract.id, period.start);
      // Another run recorded it while this one read the metrics: its payout stands, nothing moves.
      if (await payouts.findPayout(trx, contract.id, period.start)) return undefined;
      const holder = await findMember(trx, contract.holderId);
      if (!holder) throw new Error('contract holder missing');
      const holderWallet = await memberWallet(trx, holder);
      const house = (await ledger.ensureSystemAccount({ merchantId, kind: 'house_revenue', currency: holder.currency }, trx)).id;
      const reference = { type: 'agent_contract', id: String(contract.id) };
      let paidBy: payouts.PayoutRow['paidBy'] = 'house';
      let from = house;
      const payerMemberId = contract.offeredByMemberId;
      if (payerMemberId !== null && diff.ownAmount > 0) {
        const upline = await findMember(trx, payerMemberId);
        if (!upline) throw new Error('contract offerer missing');
        const uplineWallet = await memberWallet(trx, upline);
        if ((await ledger.balanceOf(uplineWallet, trx)) >= diff.ownAmount) {
          paidBy = 'upline';
          from = uplineWallet;
        } else {
          paidBy = 'platform';
        }
      } else if (payerMemberId !== null) {
        paidBy = 'upline';
      }
      const own =
        diff.ownAmount > 0
          ? await ledger.transfer(
              {
                fromAccountId: from,
                toAccountId: holderWallet,
                amount: diff.ownAmount,
                code: 'agent_commission',
                idempotencyKey: ownKeyOf(contract.id, period.start),
                reference,
              },
              trx,
            )
          : undefined;
      const clamp =
        clampAmount > 0
          ? await ledger.transfer(
              {
                fromAccountId: house,
                toAccountId: holderWallet,
                amount: clampAmount,
                code: 'agent_commission',
                idempotencyKey: clampKeyOf(contract.id, period.start),
                reference,
              },
              trx,
            )
          : undefined;
      const row: Omit<payouts.PayoutRow, 'id'> = {
        contractId: contract.id,
        holderId: contract.holderId,
        periodStart: period.start,
        periodEnd: period.end,
        currency: holder.currency,
        metrics,
        tier: diff.tier,
        rateBasisPoints: diff.rateBasisPoints,
        ownAmount: diff.ownAmount,
        downlineAmounts: downlines.map((d, i) => ({
          contractId: d.contract.id,
          holderId: d.contract.holderId,
          amount: diff.downlineAmounts[i] ?? 0,
        })),
        payout: diff.payout,
        clampAmount,
        paidBy,
        payerMemberId,
        ownTransferId: own?.transferId ?? null,
        clampTransferId: clamp?.transferId ?? null,
      };
      const at = now();
      const id = await payouts.insertPayoutOnce(trx, { ...row, merchantId, kind: contract.kind, createdAt: at });
      // Another run recorded it first; its transfers carried the same keys, so nothing moved twice.
      if (id === undefined) return undefined;
      if (paidBy === 'platform' && payerMemberId !== null) {
        await payouts.insertDebt(trx, { merchantId, payoutId: id, debtorId: payerMemberId, amount: diff.ownAmount, createdAt: at });
      }
      await recordAudit(trx, {
        actorType: 'system',
        actorId: null,
        action: 'agent_contract.payout',
        subjectType: 'agent_contract',
        subjectId: contract.id,
        data: {
          payoutId: id,
          period: period.start,
          periodEnd: period.end,
          ownAmount: diff.ownAmount,
          payout: diff.payout,
          clampAmount,
          paidBy,
        },
      });
      return { id, ...row };
    });
    if (settled) return { payout: settled, isReplay: false };
    const winner = await payouts.findPayout(db, contract.id, period.start);
    if (!winner) throw new Error('payout vanished');
    return { payout: winner, isReplay: true };
  }

  /** Settles one daily-wage contract for one day of the merchant's calendar (see `settlePeriod`). */
  const settleDailyWage = (contractId: number, day: string) => settlePeriod(contractId, 'dailyWage', () => ({ start: day, end: day }));

  /**
   * Settles one dividend contract for the period (its own, stored when it was offered: a week from
   * Monday, a half-month or a month) that holds the day (see `settlePeriod`).
   */
  const settleDividend = (contractId: number, day: string) =>
    settlePeriod(contractId, 'dividend', (c) => (isDividendPeriod(c.period) ? dividendPeriodOf(c.period, day) : null));

  /**
   * Settles the merchant's contracts in force at a period's end, uplines before their downlines (so
   * an upline's own amount is in its agent wallet when it pays them), each in a transaction of its
   * own: a run stopped half-way is finished by the next one.
   */
  async function settleAll(
    merchantId: number,
    kind: SettledKind,
    period: Period,
    settleOne: (contractId: number) => Promise<SettledPayout | null>,
    include: (c: ContractRow) => boolean,
  ): Promise<SettledPayout[]> {
    const timeZone = await deps.timeZoneOf(merchantId);
    const periodEnd = startOfLocalDate(addDays(period.end, 1), timeZone);
    const inForce = (await payouts.findInForceAt(db, { kind, at: periodEnd, merchantId })).filter(include);
    const depth = (c: ContractRow) => c.holderUplinePath.split('/').length;
    const results: SettledPayout[] = [];
    for (const c of [...inForce].sort((a, b) => depth(a) - depth(b) || a.id - b.id)) {
      const settled = await settleOne(c.id);
      if (settled) results.push(settled);
    }
    return results;
  }

  /** Every daily-wage contract of the merchant for one day. */
  const settleDailyWages = (merchantId: number, day: string) =>
    settleAll(
      merchantId,
      'dailyWage',
      { start: day, end: day },
      (id) => settleDailyWage(id, day),
      () => true,
    );

  /** Every dividend contract of the merchant whose period is of this length, for the period holding the day. */
  function settleDividends(merchantId: number, length: ContractPolicy['dividendPeriod'], day: string): Promise<SettledPayout[]> {
    const period = dividendPeriodOf(length, day);
    return settleAll(
      merchantId,
      'dividend',
      period,
      (id) => settleDividend(id, period.start),
      (c) => c.period === length,
    );
  }

  /** The open debts of a member (downline payouts the platform made for it). */
  const openDebtsOf = (memberId: number) => payouts.findOpenDebts(db, memberId);

  return { settleDailyWage, settleDailyWages, settleDividend, settleDividends, openDebtsOf };
}
